// What docs/PROTOCOL.md shows and states, checked against the code: every example datagram of its
// ```wire blocks decodes and is written back the same; each number field's range holds at both
// ends; an OK without its stamps is refused; which damaged datagrams get NG GARBLED; the DENY a
// HELLO of another version gets.
#include "ProtocolDoc.hpp"
#include "SessionPair.hpp"

#include "speed/protocol/Codec.hpp"

#include "speed/protocol/MeasureWire.hpp"

#include <catch2/catch.hpp>

#include <cstdio>
#include <regex>
#include <set>
#include <string>
#include <vector>

using namespace speed;
using namespace speed::protocol;
using namespace speed::protocol::test;

namespace {

DecodeError lineError(const std::string& line) { return parseLine(line).error; }

std::string withCrc(const std::string& line) {
    char crc[9];
    std::snprintf(crc, sizeof crc, "%08x", crc32(line));
    return line + " #" + crc;
}

std::vector<Message> decodedIn(const std::vector<std::string>& sent, std::size_t from) {
    std::vector<Message> messages;
    for (std::size_t i = from; i < sent.size(); ++i) {
        if (const auto message = SessionPair::sentMessage(sent[i])) messages.push_back(*message);
    }
    return messages;
}

long garbledAnswersIn(const std::vector<Message>& messages) {
    long count = 0;
    for (const Message& message : messages) {
        if (const auto* ng = std::get_if<Ng>(&message.body); ng && ng->garbled) ++count;
    }
    return count;
}

} // namespace

TEST_CASE("Every example datagram of PROTOCOL.md decodes, in the current version, and is written back the same",
          "[codec][examples]") {
    std::set<std::string> verbs;
    std::size_t lines = 0;
    for (const auto& block : protocolDocBlocks("wire")) {
        for (const std::string& line : block) {
            INFO(line);
            ++lines;
            const DecodeResult parsed = parseLine(line);
            INFO(parsed.detail);
            REQUIRE(parsed.ok());
            CHECK(encodeLine(*parsed.message) == line);
            CHECK(decodeDatagram(encodeDatagram(*parsed.message)).ok());
            const MessageBody& body = parsed.message->body;
            if (const auto* hello = std::get_if<Hello>(&body)) {
                CHECK(hello->version == kProtocolVersion);
                // Padded as a client pads it: 128 bytes were TIME and SEQ ten digits each, or one
                // filler character when its fields already pass that.
                const std::size_t widest = encodeDatagram(Message{4294967295U, 4294967295U, *hello}).size();
                CHECK((widest == kMinHelloBytes || (widest > kMinHelloBytes && hello->padChars == 1)));
            }
            // A finder pads its FIND as the text says, so that a host answers it (rule 17).
            if (std::holds_alternative<Find>(body)) CHECK(encodeDatagram(*parsed.message).size() == kMinFindBytes);
            if (const auto* welcome = std::get_if<Welcome>(&body)) CHECK(welcome->version == kProtocolVersion);
            if (const auto* deny = std::get_if<Deny>(&body)) CHECK(deny->version == kProtocolVersion);
            if (const auto* update = std::get_if<Update>(&body)) CHECK(update->header.has_value());
            if (const auto* ok = std::get_if<Ok>(&body); ok && ok->subject != Subject::Shutdown) CHECK(ok->stamps.has_value());
            // A measurement payload that is not plain filler reads as one of its forms.
            const auto measured = [](const std::string& payload) {
                return payload.find_first_not_of('x') == std::string::npos ||
                       !std::holds_alternative<std::monostate>(readMeasurePayload(payload));
            };
            if (const auto* probe = std::get_if<Probe>(&body)) CHECK(measured(probe->payload));
            if (const auto* echo = std::get_if<Echo>(&body)) CHECK(measured(echo->payload));
            verbs.insert(std::string(verbOf(*parsed.message)));
        }
    }
    CHECK(lines >= 30);
    CHECK(verbs == std::set<std::string>{"HELLO", "CHALLENGE", "WELCOME", "DENY", "UPDATE", "INVISIBLE", "MOVE", "OK", "NG",
                                         "PAUSE", "RESUME", "START", "ALIVE", "REKEY", "SHUTDOWN", "PROBE", "ECHO", "FIND", "HERE"});
}

TEST_CASE("The schematic exchanges of PROTOCOL.md name the current version", "[codec][examples]") {
    // Outside the ```wire blocks the exchanges are written with field names ("HELLO TIME SEQ 7
    // kenta ...", "DENY NONCE REASON 7"); their version number must be this one too.
    const std::string text = protocolDocText();
    const std::regex versioned(R"((HELLO|WELCOME) (TIME SEQ )?(\d+) [a-z]|DENY NONCE REASON (\d+))");
    int found = 0;
    for (auto match = std::sregex_iterator(text.begin(), text.end(), versioned); match != std::sregex_iterator(); ++match) {
        const std::string version = (*match)[3].matched ? (*match)[3].str() : (*match)[4].str();
        INFO(match->str());
        CHECK(version == std::to_string(kProtocolVersion));
        ++found;
    }
    CHECK(found >= 10);
}

TEST_CASE("Each number field takes exactly the range the grammar gives it", "[codec][bounds]") {
    struct Bound {
        const char* line; // "{}" is where the number goes
        const char* inside;
        const char* outside;
    };
    const std::vector<Bound> bounds{
        {"ALIVE {} 1", "4294967295", "4294967296"},                                 // TIME
        {"ALIVE 1 {}", "4294967295", "4294967296"},                                 // SEQ
        {"START 1 1 {}", "4294967295", "4294967296"},                               // GAME
        {"RESUME 1 1 {}", "4294967295", "4294967296"},                              // GAME
        {"OK 1 1 UPDATE 1 {} 1 2 3", "4294967295", "4294967296"},                   // REV
        {"OK 1 1 MOVE 1 {} 5 1 2 3", "4294967295", "4294967296"},                   // ID
        {"OK 1 1 MOVE 1 2 5 {} 2 3", "999999999999999", "1000000000000000"},       // RECV
        {"OK 1 1 MOVE 1 2 5 1 {} 3", "999999999999999", "1000000000000000"},       // SENT
        {"OK 1 1 MOVE 1 2 5 1 2 {}", "4294967295", "4294967296"},                   // RSEQ
        {"MOVE 1 1 1 7 PLAY {} H5 0", "99", "100"},                                 // SLOT
        {"MOVE 1 1 1 7 PLAY 2 H5 {}", "99", "100"},                                 // PILE
        {"MOVE 1 1 1 7 PLAY 2 H5 0 {}", "999999999999999", "1000000000000000"},    // INPUT
        {"MOVE 1 1 1 7 REFILL 3 {}", "999999999999999", "1000000000000000"},       // INPUT
        {"NG 1 1 MOVE 1 8 NOT_ADJACENT {}", "999999999999999", "1000000000000000"}, // LEAD
        {"NG 1 1 MOVE 1 8 NOT_ADJACENT {}", "-999999999999999", "-1000000000000000"},
        {"UPDATE 1 1 - -------- S1/S2 -------- - 1 {} 2S4MF PLAY 0 -", "4294967295", "4294967296"}, // REV
        {"UPDATE 1 1 - -------- S1/S2 -------- - 1 1 2S4MF PLAY {} -", "4294967295", "4294967296"}, // LAST
        {"WELCOME 1 1 {} hana fedcba9876543210 AAAAAAAAAAAAAAAA 0 0", "6", "10000"},              // VERSION
        {"WELCOME 1 1 6 hana fedcba9876543210 AAAAAAAAAAAAAAAA 0 {}", "4294967295", "4294967296"}, // CLOCK
        {"DENY 1 1 0123456789abcdef BUSY {}", "6", "10000"},                                      // VERSION
        {"PROBE 1 1 {} xx", "4294967295", "4294967296"},                                          // ID
        {"HELLO 1 1 7 kenta 0123456789abcdef - 00ff00ff00ff00ff 0123456789abcdeffedcba9876543210 {} 1 0011223344556677 x",
         "4294967295", "4294967296"}, // GAME
        {"HELLO 1 1 7 kenta 0123456789abcdef - 00ff00ff00ff00ff 0123456789abcdeffedcba9876543210 1 {} 0011223344556677 x",
         "4294967295", "4294967296"}, // REV
    };
    const auto with = [](std::string line, const std::string& number) { return line.replace(line.find("{}"), 2, number); };
    for (const Bound& bound : bounds) {
        INFO(bound.line);
        CHECK(parseLine(with(bound.line, bound.inside)).ok());
        CHECK(lineError(with(bound.line, bound.outside)) == DecodeError::BadNumber);
        CHECK(parseLine(with(bound.line, "0")).ok());
        CHECK(lineError(with(bound.line, "01")) == DecodeError::BadNumber); // canonical: no leading zero
        CHECK(lineError(with(bound.line, "+1")) == DecodeError::BadNumber);
    }
    // LEAD alone may be negative, never "-0"; VERSION goes to 9999.
    CHECK(parseLine("NG 1 1 MOVE 1 8 NOT_ADJACENT -1").ok());
    CHECK(lineError("NG 1 1 MOVE 1 8 NOT_ADJACENT -0") == DecodeError::BadNumber);
    CHECK(lineError("NG 1 1 MOVE 1 8 NOT_ADJACENT --1") == DecodeError::BadNumber);
    CHECK(lineError("MOVE 1 1 1 7 PLAY 2 H5 0 -1") == DecodeError::BadNumber);
    CHECK(lineError("OK 1 1 MOVE 1 2 5 -1 2 3") == DecodeError::BadNumber);
    CHECK(parseLine("DENY 1 1 0123456789abcdef VERSION 9999").ok());
}

TEST_CASE("An OK but OK SHUTDOWN without its three stamps does not decode: every sender writes them", "[codec][clock]") {
    CHECK(lineError("OK 1 1 MOVE 1 7 12") == DecodeError::MissingField);
    CHECK(lineError("OK 1 1 UPDATE 1 12") == DecodeError::MissingField);
    CHECK(lineError("OK 1 1 START 2") == DecodeError::MissingField);
    CHECK(lineError("OK 1 1 PAUSE 1") == DecodeError::MissingField);
    CHECK(lineError("OK 1 1 RESUME 1") == DecodeError::MissingField);
    CHECK(parseLine("OK 1 1 RESUME 1 0 0 0").ok());
    CHECK(parseLine("OK 1 1 SHUTDOWN").ok());
    // What the sessions send: a played game's every OK carries them.
    SessionPair pair;
    pair.connectAndDeal();
    pair.playOut();
    std::size_t oks = 0;
    for (const auto* sent : {&pair.sentToHost, &pair.sentToClient}) {
        for (const Message& message : decodedIn(*sent, 0)) {
            const auto* ok = std::get_if<Ok>(&message.body);
            if (ok == nullptr || ok->subject == Subject::Shutdown) continue;
            ++oks;
            CHECK(ok->stamps.has_value());
        }
    }
    CHECK(oks > 10);
}

TEST_CASE("NG GARBLED answers what fails to decode or to verify from the peer's address while connected; "
          "nothing else", "[session][garbled]") {
    SessionPair pair;
    pair.connectAndDeal();
    const std::string alive = pair.asClient({5, pair.nextSeq(pair.sentToHost), Alive{}});
    const auto hostAnswers = [&](const PeerAddress& from, const std::string& bytes) {
        pair.now += 1000; // past garbledReplyIntervalMs: each case may be answered
        const std::size_t before = pair.sentToClient.size();
        pair.host.receive(pair.now, from, bytes);
        pair.deliver(pair.host.takeOutgoing(), {});
        return garbledAnswersIn(decodedIn(pair.sentToClient, before));
    };
    std::string wrongTag = alive;
    wrongTag.back() = wrongTag.back() == 'A' ? 'B' : 'A';
    std::string badCrc = withCrc("ALIVE 5 99");
    badCrc.back() = badCrc.back() == '0' ? '1' : '0';
    // Answered: a tag that does not verify, a bad CRC, a line that does not parse, no tail at all.
    CHECK(hostAnswers(kClient, wrongTag) == 1);
    CHECK(hostAnswers(kClient, badCrc) == 1);
    CHECK(hostAnswers(kClient, withCrc("ALIVE 5 99 extra")) == 1);
    CHECK(hostAnswers(kClient, "ALIVE 5 99") == 1);
    // Dropped silently: a session verb with a good CRC (no tag), a handshake verb under a good
    // tag, and anything from another address.
    CHECK(hostAnswers(kClient, withCrc("ALIVE 5 99")) == 0);
    CHECK(hostAnswers(kClient, pair.asClient({5, pair.nextSeq(pair.sentToHost) + 1, Challenge{1, "00ff00ff00ff00ff"}})) == 0);
    CHECK(hostAnswers("stranger:4000", wrongTag) == 0);
    CHECK(hostAnswers("stranger:4000", badCrc) == 0);
    // At most one per interval.
    const std::size_t before = pair.sentToClient.size();
    pair.now += 1000;
    for (int i = 0; i < 5; ++i) pair.host.receive(pair.now, kClient, wrongTag);
    pair.deliver(pair.host.takeOutgoing(), {});
    CHECK(garbledAnswersIn(decodedIn(pair.sentToClient, before)) == 1);
}

TEST_CASE("NG GARBLED is never sent before the session is connected", "[session][garbled]") {
    HostSession host(configFor(SessionRole::Host));
    host.listen(0);
    host.receive(10, kClient, "HELLO garbage");
    host.receive(20, kClient, withCrc("ALIVE 5 99") + "0");
    CHECK(host.takeOutgoing().empty());
}

TEST_CASE("A HELLO of any version that reads as far as VERSION NAME NONCE gets DENY VERSION with its nonce and the "
          "host's version; one that does not gets nothing", "[refusals][version]") {
    const std::string pad(90, 'x');
    const std::vector<std::string> hellos{
        "HELLO 1 1 2 kenta 0123456789abcdef - - " + pad,                       // version 2's fields
        "HELLO 1 1 8 kenta 0123456789abcdef - - - 4 87 5 - NEW FIELDS " + pad, // a later version's
        "HELLO 1 1 8 kenta 0123456789abcdef",                                   // nothing after the three
    };
    for (const std::string& line : hellos) {
        INFO(line);
        HostSession host(configFor(SessionRole::Host));
        host.listen(0);
        host.receive(0, kClient, withCrc(line));
        const std::vector<OutgoingDatagram> sent = host.takeOutgoing();
        if (line.size() < 100) { // too short for its answer: 1x, nothing goes
            CHECK(sent.empty());
            continue;
        }
        REQUIRE(sent.size() == 1);
        const DecodeResult decoded = decodeDatagram(sent[0].bytes);
        REQUIRE(decoded.ok());
        const Deny& deny = std::get<Deny>(decoded.message->body);
        CHECK(deny.nonce == 0x0123456789abcdefULL);
        CHECK(deny.reason == DenyReason::Version);
        CHECK(deny.version == kProtocolVersion);
    }
    // The three fields do not read (the nonce is not 16 lowercase hex digits): not answered.
    HostSession host(configFor(SessionRole::Host));
    host.listen(0);
    host.receive(0, kClient, withCrc("HELLO 1 1 8 kenta 0123456789ABCDEF - - " + pad));
    CHECK(host.takeOutgoing().empty());
}

TEST_CASE("A host whose seat is taken still answers another version's HELLO with DENY VERSION", "[refusals][version]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.host.receive(pair.now, "stranger:4000", withCrc("HELLO 1 1 8 mallory 00000000000000aa - - " + std::string(90, 'x')));
    std::vector<Deny> denies;
    for (const OutgoingDatagram& datagram : pair.host.takeOutgoing()) {
        const DecodeResult decoded = decodeDatagram(datagram.bytes);
        if (decoded.ok() && std::holds_alternative<Deny>(decoded.message->body)) denies.push_back(std::get<Deny>(decoded.message->body));
    }
    REQUIRE(denies.size() == 1);
    CHECK(denies[0].nonce == 0xaa);
    CHECK(denies[0].reason == DenyReason::Version);
    CHECK(denies[0].version == kProtocolVersion);
}
