#include "speed/protocol/Codec.hpp"

#include "FieldReader.hpp"
#include "HandshakeFields.hpp"
#include "Hex.hpp"
#include "WireWords.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

namespace speed::protocol {
namespace {

using namespace wire;

DecodeResult failure(DecodeError error, std::string detail) { return {std::nullopt, error, std::move(detail)}; }

constexpr std::uint64_t kEachByte = 0x0101010101010101ULL;
constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;
constexpr std::uint64_t kLowBits = 0x7F7F7F7F7F7F7F7FULL;

// 0x80 in each byte of `word` that equals `byte`, 0 in every other: exact, as no byte's sum
// carries into the next.
std::uint64_t bytesEqual(std::uint64_t word, unsigned char byte) {
    const std::uint64_t x = word ^ (kEachByte * byte);
    return ~(((x & kLowBits) + kLowBits) | x | kLowBits);
}

// Whether `line` is printable ASCII in fields separated by single spaces (no space first, last
// or after another), eight bytes at a time with no branch per byte: the common case, checked
// before the byte loop that words a fault.
bool plainFields(std::string_view line) {
    if (line.empty() || line.front() == ' ' || line.back() == ' ') return false;
    std::uint64_t outside = 0;
    std::uint64_t doubled = 0;
    std::uint64_t spaceBefore = 0; // 0x80 when the byte before this word was a space
    std::size_t at = 0;
    if constexpr (std::endian::native == std::endian::little) { // byte i of the line is the word's byte i
        for (; at + 8 <= line.size(); at += 8) {
            std::uint64_t word = 0;
            std::memcpy(&word, line.data() + at, sizeof word);
            // Above 0x7e: the high bit, or 0x7f; below 0x20: no high bit once 0x60 is added.
            outside |= (word & kHighBits) | bytesEqual(word, 0x7f) | (~((word & kLowBits) + kEachByte * 0x60) & kHighBits);
            const std::uint64_t spaces = bytesEqual(word, ' ');
            doubled |= spaces & ((spaces << 8) | spaceBefore);
            spaceBefore = spaces >> 56;
        }
    }
    bool lastWasSpace = spaceBefore != 0;
    for (; at < line.size(); ++at) {
        const auto byte = static_cast<unsigned char>(line[at]);
        const bool space = byte == ' ';
        if (byte < 0x20 || byte > 0x7e || (space && lastWasSpace)) return false;
        lastWasSpace = space;
    }
    return (outside | doubled) == 0;
}

// Printable ASCII separated by single spaces; no leading, trailing or double space. Sets `verbEnd`
// to where the first field ends; the fields themselves are cut by the FieldReader.
bool checkFields(std::string_view line, std::size_t& verbEnd, std::string& detail) {
    if (plainFields(line)) {
        verbEnd = line.find(' ');
        return true;
    }
    verbEnd = std::string_view::npos;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= line.size(); ++i) {
        if (i < line.size() && line[i] != ' ') {
            const auto byte = static_cast<unsigned char>(line[i]);
            if (byte < 0x21 || byte > 0x7e) {
                detail = "byte " + std::to_string(byte) + " at offset " + std::to_string(i) + " is not printable ASCII";
                return false;
            }
            continue;
        }
        if (i == start) {
            detail = "empty field at offset " + std::to_string(i) + " (fields are separated by one space)";
            return false;
        }
        if (verbEnd == std::string_view::npos) verbEnd = i;
        start = i + 1;
    }
    return true;
}

MessageBody readUpdate(FieldReader& in, bool invisible) {
    Update update;
    update.invisible = invisible;
    update.table.myDeck = in.cardList("MYDECK");
    update.table.myHand = in.hand("MYHAND");
    update.table.field = in.field("FIELD");
    update.table.opponentHand = in.hand("OPPHAND");
    update.table.opponentDeck = in.cardList("OPPDECK");
    if (in.atEnd()) return update; // version 1's headerless form
    SnapshotHeader header;
    header.game = in.number("GAME");
    header.revision = in.number("REV");
    header.rules = in.rules("RULES");
    const auto phase = enumOf<Phase>(kPhaseWords, in.token("PHASE"));
    if (!in.failed() && !phase) in.fail(DecodeError::BadPhase, "PHASE must be PLAY, SPEED, PAUSE0, PAUSE1, WON, LOST or DRAW");
    header.phase = phase.value_or(Phase::Play);
    header.lastProposal = in.number("LAST");
    in.change("CHANGE", header);
    update.header = header;
    return update;
}

// A slot or pile out of range still decodes: the host refuses it with BAD_SLOT or BAD_PILE
// (and so decides it), rather than ignoring it as garbled while the proposer resends it forever.
constexpr int kMaxWireSlot = 99;
constexpr int kMaxWirePile = 99;

MessageBody readMove(FieldReader& in) {
    MoveRequest request;
    request.game = in.number("GAME");
    request.id = in.number("ID");
    const std::string_view kind = in.token("KIND");
    if (kind == kRefillWord) {
        request.kind = MoveKind::Refill;
        request.slot = in.smallNumber("SLOT", kMaxWireSlot);
        if (!in.failed() && !in.atEnd()) request.inputUs = in.wideNumber("INPUT");
        return request;
    }
    if (!in.failed() && kind != kPlayWord) in.fail(DecodeError::BadWord, "KIND must be PLAY or REFILL");
    request.kind = MoveKind::Play;
    request.slot = in.smallNumber("SLOT", kMaxWireSlot);
    request.card = in.card("CARD");
    request.pile = in.smallNumber("PILE", kMaxWirePile);
    if (!in.failed() && !in.atEnd()) request.inputUs = in.wideNumber("INPUT");
    return request;
}

MessageBody readOk(FieldReader& in) {
    Ok ok;
    const auto subject = enumOf<Subject>(kSubjectWords, in.token("SUBJECT"));
    if (!in.failed() && !subject) in.fail(DecodeError::BadSubject, "OK's SUBJECT must be MOVE, UPDATE, START, PAUSE, RESUME or SHUTDOWN");
    ok.subject = subject.value_or(Subject::Update);
    if (ok.subject == Subject::Shutdown) return ok;
    ok.game = in.number("GAME");
    if (ok.subject == Subject::Move) ok.id = in.number("ID");
    if (ok.subject == Subject::Move || ok.subject == Subject::Update) ok.revision = in.number("REV");
    // Required since version 4: every OK a session sends has them (Link::sendTo writes them in).
    AnswerStamps stamps;
    stamps.receivedUs = in.wideNumber("RECV");
    stamps.sentUs = in.wideNumber("SENT");
    stamps.receivedSeq = in.number("RSEQ");
    ok.stamps = stamps;
    return ok;
}

MessageBody readNg(FieldReader& in) {
    Ng ng;
    const std::string_view subject = in.token("SUBJECT");
    if (subject == kGarbledWord) {
        ng.garbled = true;
        return ng;
    }
    if (!in.failed() && subject != wordOf(kSubjectWords, Subject::Move)) {
        in.fail(DecodeError::BadSubject, "NG's SUBJECT must be MOVE or GARBLED");
    }
    ng.game = in.number("GAME");
    ng.id = in.number("ID");
    const auto reason = enumOf<Refusal>(kRefusalWords, in.token("REASON"));
    if (!in.failed() && !reason) in.fail(DecodeError::BadWord, "NG's REASON is not a known refusal");
    ng.reason = reason.value_or(Refusal::NotPlaying);
    if (!in.failed() && !in.atEnd()) {
        ng.leadUs = in.signedWideNumber("LEAD");
        if (!in.failed() && ng.reason != Refusal::NotAdjacent) in.fail(DecodeError::ExtraField, "LEAD goes with NOT_ADJACENT only");
    }
    return ng;
}

MessageBody readPause(FieldReader& in) {
    Pause pause;
    pause.game = in.number("GAME");
    const auto reason = enumOf<PauseReason>(kPauseReasonWords, in.token("REASON"));
    if (!in.failed() && !reason) in.fail(DecodeError::BadWord, "PAUSE's REASON must be USER or SILENT");
    pause.reason = reason.value_or(PauseReason::User);
    return pause;
}

std::optional<MessageBody> readBody(std::string_view verb, FieldReader& in) {
    if (verb == "UPDATE") return readUpdate(in, false);
    if (verb == "INVISIBLE") return readUpdate(in, true);
    if (verb == "MOVE") return readMove(in);
    if (verb == "OK") return readOk(in);
    if (verb == "NG") return readNg(in);
    if (verb == "HELLO") return readHello(in);
    if (verb == "CHALLENGE") return readChallenge(in);
    if (verb == "WELCOME") return readWelcome(in);
    if (verb == "DENY") return readDeny(in);
    if (verb == "FIND") return readFind(in);
    if (verb == "HERE") return readHere(in);
    if (verb == "PAUSE") return readPause(in);
    if (verb == "RESUME") return Resume{in.number("GAME")};
    if (verb == "START") return Start{in.number("GAME")};
    if (verb == "ALIVE") return Alive{};
    if (verb == "REKEY") return Rekey{};
    if (verb == "SHUTDOWN") return Shutdown{in.word("REASON")};
    if (verb == "PROBE") {
        const WireNumber id = in.number("ID");
        return Probe{id, in.payload("PAYLOAD")};
    }
    if (verb == "ECHO") {
        const WireNumber id = in.number("ID");
        return Echo{id, in.payload("PAYLOAD")};
    }
    return std::nullopt;
}

bool isProbeOrEcho(const Message& message) {
    return std::holds_alternative<Probe>(message.body) || std::holds_alternative<Echo>(message.body);
}

} // namespace

std::string_view describe(DecodeError error) {
    switch (error) {
    case DecodeError::None: return "decoded";
    case DecodeError::Empty: return "empty datagram";
    case DecodeError::TooLong: return "datagram too long";
    case DecodeError::NotPrintable: return "not printable ASCII with single spaces";
    case DecodeError::MissingChecksum: return "no checksum tail";
    case DecodeError::BadChecksum: return "checksum mismatch";
    case DecodeError::BadTag: return "no valid tag of this session";
    case DecodeError::UnknownVerb: return "unknown verb";
    case DecodeError::MissingField: return "missing field";
    case DecodeError::ExtraField: return "extra field";
    case DecodeError::BadNumber: return "bad number";
    case DecodeError::BadCard: return "bad card code";
    case DecodeError::BadCardList: return "bad card list";
    case DecodeError::BadHand: return "bad hand";
    case DecodeError::BadField: return "bad field piles";
    case DecodeError::BadWord: return "bad word";
    case DecodeError::BadRules: return "bad rules token";
    case DecodeError::BadPhase: return "bad phase";
    case DecodeError::BadSubject: return "bad subject";
    case DecodeError::BadPayload: return "bad payload";
    }
    return "unknown decode error";
}

DecodeResult parseLine(std::string_view line) {
    if (line.empty()) return failure(DecodeError::Empty, "empty line");
    if (line.size() > kMaxProbeDatagramBytes) return failure(DecodeError::TooLong, "longer than any datagram");
    std::size_t verbEnd = 0;
    std::string detail;
    if (!checkFields(line, verbEnd, detail)) return failure(DecodeError::NotPrintable, detail);
    const std::string_view verb = line.substr(0, verbEnd);
    FieldReader in(verbEnd < line.size() ? line.substr(verbEnd + 1) : std::string_view{});
    Message message;
    message.time = in.number("TIME");
    message.seq = in.number("SEQ");
    std::optional<MessageBody> body = readBody(verb, in);
    if (!body) return failure(DecodeError::UnknownVerb, "unknown verb " + shown(verb));
    in.finish();
    if (in.failed()) return failure(in.error(), std::string(verb) + ": " + in.detail());
    message.body = std::move(*body);
    if (!isProbeOrEcho(message) && line.size() + kTagTailBytes > kMaxGameDatagramBytes) {
        return failure(DecodeError::TooLong, "a game datagram is at most 256 bytes");
    }
    return {std::move(message), DecodeError::None, {}};
}

namespace {

bool isTagChar(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

DecodeResult checkedCrc(std::string_view bytes) {
    const std::size_t tail = bytes.size() - kChecksumTailBytes;
    const auto claimed = hex::read(bytes.substr(tail + kChecksumMark.size()));
    if (!claimed) return failure(DecodeError::MissingChecksum, "checksum is not 8 lowercase hex digits");
    const std::string_view line = bytes.substr(0, tail);
    if (crc32(line) != *claimed) return failure(DecodeError::BadChecksum, "CRC-32 does not match the line");
    return parseLine(line);
}

DecodeResult checkedTag(std::string_view bytes, const Key* tagKey) {
    const std::size_t tail = bytes.size() - kTagTailBytes;
    const std::string_view line = bytes.substr(0, tail);
    const std::string_view tag = bytes.substr(tail + kChecksumMark.size());
    if (tagKey == nullptr) return failure(DecodeError::BadTag, "a tag, and no session to check it with");
    if (!tagMatches(*tagKey, line, tag)) return failure(DecodeError::BadTag, "the tag does not match the line under this session's key");
    DecodeResult parsed = parseLine(line);
    parsed.tagged = true;
    return parsed;
}

} // namespace

DecodeResult decodeDatagram(std::string_view bytes, const Key* tagKey) {
    if (bytes.empty()) return failure(DecodeError::Empty, "empty datagram");
    if (bytes.size() > kMaxProbeDatagramBytes) return failure(DecodeError::TooLong, "longer than any datagram");
    const auto endsWith = [&](std::size_t tailBytes, auto&& valid) {
        if (bytes.size() <= tailBytes) return false;
        const std::size_t tail = bytes.size() - tailBytes;
        if (bytes.substr(tail, kChecksumMark.size()) != kChecksumMark) return false;
        const std::string_view value = bytes.substr(tail + kChecksumMark.size());
        return std::all_of(value.begin(), value.end(), valid);
    };
    if (endsWith(kTagTailBytes, isTagChar)) return checkedTag(bytes, tagKey);
    if (endsWith(kChecksumTailBytes, [](char) { return true; })) return checkedCrc(bytes);
    return failure(DecodeError::MissingChecksum, "no \" #\" and 8-digit CRC or 16-character tag at the end");
}

} // namespace speed::protocol
