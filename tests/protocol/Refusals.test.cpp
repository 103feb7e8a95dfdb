// What a refused HELLO may cost a host (docs/PROTOCOL.md, "Handshake and authentication"): one
// DENY per interval per address of every kind, a bounded total, one log line per window with
// the rest summed up, a growing delay after wrong passwords; and DENY VERSION answered with the
// HELLO's nonce and the host's version, so that a program of another version is told at once.
#include "SessionPair.hpp"

#include "speed/protocol/RefusalLimiter.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace speed;
using namespace speed::protocol;
using namespace speed::protocol::test;

namespace {

const PeerAddress kGuesser = "192.0.2.7:40000";
const std::string kSessionId = "0123456789abcdef0123456789abcdef";

std::string helloFrom(std::uint64_t nonce, int version = kProtocolVersion, const std::string& auth = "-",
                      const std::string& cookie = "-", const std::string& resume = "-") {
    Hello hello{version, "mallory", nonce, auth, cookie, resume};
    hello.padChars = 100;
    return encodeDatagram(Message{7, 1, hello});
}

Key keyOf(std::string_view password) {
    Key key{};
    for (std::size_t i = 0; i < password.size() && i < key.size(); ++i)
        key[i] = static_cast<std::uint8_t>(password[i]);
    return key;
}

SessionConfig hostConfig(std::string_view password = "") {
    SessionConfig config = configFor(SessionRole::Host);
    if (!password.empty()) config.passwordKey = keyOf(password);
    return config;
}

std::vector<Deny> deniesIn(const std::vector<OutgoingDatagram>& sent) {
    std::vector<Deny> denies;
    for (const OutgoingDatagram& datagram : sent) {
        const DecodeResult decoded = decodeDatagram(datagram.bytes);
        if (decoded.message) {
            if (const auto* deny = std::get_if<Deny>(&decoded.message->body)) denies.push_back(*deny);
        }
    }
    return denies;
}

long countOf(const std::vector<SessionEvent>& events, SessionEventKind kind) {
    long count = 0;
    for (const SessionEvent& event : events)
        count += event.kind == kind ? 1 : 0;
    return count;
}

std::string cookieIn(const std::vector<OutgoingDatagram>& sent) {
    for (const OutgoingDatagram& datagram : sent) {
        const DecodeResult decoded = decodeDatagram(datagram.bytes);
        if (decoded.message) {
            if (const auto* challenge = std::get_if<Challenge>(&decoded.message->body)) return challenge->cookie;
        }
    }
    return {};
}

struct FloodCase {
    const char* what;
    SessionConfig config;
    std::string hello;
    DenyReason reason;
};

} // namespace

TEST_CASE("refusals: every DENY kind goes out once per interval per address, with one log line and a summary",
          "[refusals]") {
    SessionConfig invitedOnly = hostConfig();
    invitedOnly.admits = [](const PeerAddress& from) { return from == kClient; };
    const std::vector<FloodCase> cases{
        {"another version", hostConfig(), helloFrom(1, 8), DenyReason::Version},
        {"no password", hostConfig("kiwi"), helloFrom(1), DenyReason::PasswordNeeded},
        {"a password too many", hostConfig(), helloFrom(1, kProtocolVersion, "P"), DenyReason::NoPassword},
        {"no match held", hostConfig(), helloFrom(1, kProtocolVersion, "-", "-", kSessionId), DenyReason::NoMatch},
        {"not invited", invitedOnly, helloFrom(1), DenyReason::NotInvited},
    };
    for (const FloodCase& flood : cases) {
        INFO(flood.what);
        HostSession host(flood.config);
        host.listen(0);
        for (int n = 0; n < 40; ++n)
            host.receive(n * 20, kGuesser, flood.hello); // 40 in 0.8 s
        const std::vector<Deny> denies = deniesIn(host.takeOutgoing());
        REQUIRE(denies.size() == 1);
        CHECK(denies[0].reason == flood.reason);
        std::vector<SessionEvent> events = host.takeEvents();
        CHECK(countOf(events, SessionEventKind::JoinRefused) == 1);
        host.receive(1000, kGuesser, flood.hello); // the interval is over: one more DENY
        CHECK(deniesIn(host.takeOutgoing()).size() == 1);
        host.tick(10'000);
        events = host.takeEvents();
        CHECK(countOf(events, SessionEventKind::JoinRefused) == 0);
        const SessionEvent* summed = SessionPair::last(events, SessionEventKind::RefusalsSummed);
        REQUIRE(summed);
        CHECK(summed->text.find("refused 40 more HELLOs from 192.0.2.7 in the last 10 s") != std::string::npos);
    }
}

TEST_CASE("refusals: a third party's HELLOs during a match and while the seat is held are limited alike",
          "[refusals]") {
    SessionPair pair;
    pair.connectAndDeal();
    for (int n = 0; n < 30; ++n)
        pair.host.receive(pair.now, kGuesser, helloFrom(static_cast<std::uint64_t>(n)));
    pair.pump();
    const std::vector<Deny> busy = deniesIn(pair.sentToOthers);
    REQUIRE(busy.size() == 1);
    CHECK(busy[0].reason == DenyReason::Busy);
    CHECK(countOf(pair.hostEvents, SessionEventKind::JoinRefused) == 1);
}

TEST_CASE("refusals: a flood from many addresses costs one DENY per HELLO at most, a bounded total and bounded lines",
          "[refusals]") {
    HostSession host(hostConfig("kiwi"));
    host.listen(0);
    const RefusalTiming& limits = host.config().timing.refusals;
    std::size_t in = 0;
    std::size_t out = 0;
    long denies = 0;
    for (int n = 0; n < 5000; ++n) { // 5000 forged addresses in 5 s
        const std::string hello = helloFrom(static_cast<std::uint64_t>(n));
        host.receive(n, "198.51." + std::to_string(n / 250) + "." + std::to_string(n % 250) + ":1", hello);
        in += hello.size();
        for (const OutgoingDatagram& datagram : host.takeOutgoing()) {
            out += datagram.bytes.size();
            denies += 1;
        }
    }
    CHECK(out <= in);
    CHECK(denies <= 5 * limits.maxDeniesPerInterval + limits.maxDeniesPerInterval);
    CHECK(denies >= limits.maxDeniesPerInterval); // each interval still answers some
    host.tick(20'000);
    const std::vector<SessionEvent> events = host.takeEvents();
    CHECK(countOf(events, SessionEventKind::JoinRefused) == limits.maxLinesPerWindow);
    CHECK(countOf(events, SessionEventKind::RefusalsSummed) <= limits.maxLinesPerWindow + 1);
    const SessionEvent* summed = SessionPair::last(events, SessionEventKind::RefusalsSummed);
    REQUIRE(summed);
    CHECK(summed->text.find("other addresses") != std::string::npos);
}

TEST_CASE("refusals: the limiter remembers a bounded number of addresses and keeps a guesser's delay", "[refusals]") {
    RefusalTiming timing;
    timing.addresses = 4;
    RefusalLimiter limiter(timing);
    limiter.wrongPassword(0, kGuesser);
    for (int n = 0; n < 100; ++n)
        limiter.refuse(1, "203.0.113." + std::to_string(n) + ":1", DenyReason::PasswordNeeded);
    CHECK(limiter.passwordDelayMs(1, kGuesser) == 499); // forged addresses did not wipe it
    CHECK(addressWithoutPort("192.0.2.7:40000") == "192.0.2.7");
    CHECK(addressWithoutPort("[::1]:50001") == "[::1]");
    CHECK(addressWithoutPort("::1") == "::1");
}

TEST_CASE("password: wrong guesses wait a delay that doubles from 0.5 s up to its cap", "[refusals][password]") {
    RefusalTiming timing;
    RefusalLimiter limiter(timing);
    std::vector<TimeMs> delays;
    TimeMs now = 0;
    for (int guess = 0; guess < 6; ++guess) {
        limiter.wrongPassword(now, kGuesser);
        delays.push_back(limiter.passwordDelayMs(now, kGuesser));
        CHECK(limiter.passwordThrottled(now + 1, kGuesser));
        now += delays.back();
        CHECK_FALSE(limiter.passwordThrottled(now, kGuesser));
    }
    CHECK(delays == std::vector<TimeMs>{500, 1000, 2000, 4000, 8000, 8000});
    limiter.rightPassword(kGuesser);
    CHECK(limiter.passwordDelayMs(now, kGuesser) == 0);
}

TEST_CASE("password: a guesser gets few answers; the right proof gets in once the delay is over",
          "[refusals][password]") {
    HostSession host(hostConfig("kiwi"));
    host.listen(0);
    const Key wrong = keyOf("mango");
    const std::uint64_t nonce = 77;
    host.receive(0, kGuesser, helloFrom(nonce, kProtocolVersion, "P"));
    const std::string cookie = cookieIn(host.takeOutgoing());
    REQUIRE_FALSE(cookie.empty());
    long answers = 0;
    for (TimeMs now = 0; now < 3000; now += 50) { // 60 wrong guesses in 3 s
        host.receive(now, kGuesser, helloFrom(nonce, kProtocolVersion, joinProof(wrong, nonce, cookie), cookie));
        for (const Deny& deny : deniesIn(host.takeOutgoing()))
            answers += deny.reason == DenyReason::WrongPassword ? 1 : 0;
    }
    CHECK(answers >= 1);
    CHECK(answers <= 3);
    // The right proof during the delay is not checked (no answer); after it, it takes the seat.
    const std::string right = helloFrom(nonce, kProtocolVersion, joinProof(keyOf("kiwi"), nonce, cookie), cookie);
    host.receive(3000, kGuesser, right);
    CHECK(host.takeOutgoing().empty());
    CHECK(host.gameInfo() == GameInfo::ConWait);
    host.receive(3000 + host.config().timing.refusals.maxPasswordDelayMs, kGuesser, right);
    CHECK(host.gameInfo() == GameInfo::Connect);
    host.tick(3000 + host.config().timing.refusals.maxPasswordDelayMs); // the log window is over
    bool summedUp = false;
    for (const SessionEvent& event : host.takeEvents()) {
        summedUp = summedUp || (event.kind == SessionEventKind::RefusalsSummed &&
                                event.text.find("not checked during the wrong-password delay") != std::string::npos);
    }
    CHECK(summedUp);
}

TEST_CASE("password: a player who mistyped once gets in with the right one within a second", "[refusals][password]") {
    HostSession host(hostConfig("kiwi"));
    host.listen(0);
    TimeMs now = 0;
    const auto join = [&](std::string_view password) {
        SessionConfig config = configFor(SessionRole::Client);
        config.passwordKey = keyOf(password);
        ClientSession client(config);
        client.connect(now, kHost);
        for (int step = 0; step < 100 && client.gameInfo() == GameInfo::ConWait; ++step, now += 10) {
            for (const OutgoingDatagram& datagram : client.takeOutgoing())
                host.receive(now, kClient, datagram.bytes);
            for (const OutgoingDatagram& datagram : host.takeOutgoing())
                client.receive(now, kHost, datagram.bytes);
            client.tick(now);
            host.tick(now);
        }
        return client.gameInfo();
    };
    CHECK(join("mango") == GameInfo::Nothing);
    const TimeMs retypedAt = now;
    CHECK(join("kiwi") == GameInfo::Connect);
    CHECK(now - retypedAt <= 1000);
}

TEST_CASE("version: DENY VERSION carries the HELLO's nonce and the host's version, whatever version asked",
          "[refusals][version]") {
    for (const int version : {6, 8, 9999}) {
        INFO("HELLO of version " << version);
        HostSession host(hostConfig());
        host.listen(0);
        const std::uint64_t nonce = 0x1234'5678'9abc'def0 + static_cast<std::uint64_t>(version);
        host.receive(0, kGuesser, helloFrom(nonce, version));
        const std::vector<Deny> denies = deniesIn(host.takeOutgoing());
        REQUIRE(denies.size() == 1);
        CHECK(denies[0].nonce == nonce);
        CHECK(denies[0].reason == DenyReason::Version);
        CHECK(denies[0].version == kProtocolVersion);
        const std::vector<SessionEvent> events = host.takeEvents(); // kept: `refused` points into it
        const SessionEvent* refused = SessionPair::last(events, SessionEventKind::JoinRefused);
        REQUIRE(refused);
        CHECK(refused->peerVersion == version);
        CHECK(refused->text.find("it speaks protocol version " + std::to_string(version) +
                                 "; this program speaks version " + std::to_string(kProtocolVersion) +
                                 ": update one side") != std::string::npos);
    }
}

TEST_CASE("version: a client told by a host of another version fails at once with both versions",
          "[refusals][version]") {
    ClientSession client(configFor(SessionRole::Client));
    client.connect(0, kHost);
    const std::vector<OutgoingDatagram> sent = client.takeOutgoing();
    REQUIRE(sent.size() == 1);
    const DecodeResult hello = decodeDatagram(sent[0].bytes);
    REQUIRE(hello.message);
    const std::uint64_t nonce = std::get<Hello>(hello.message->body).nonce;
    // A later version's DENY may carry more fields after the three every version keeps.
    const std::string line = "DENY 1 1 " + nonceText(nonce) + " VERSION 8 SOMETHING_NEW 42";
    client.receive(
        20, kHost, line + " #" + [&] {
            char crc[9];
            std::snprintf(crc, sizeof crc, "%08x", crc32(line));
            return std::string(crc);
        }());
    CHECK(client.gameInfo() == GameInfo::Nothing);
    const std::vector<SessionEvent> events = client.takeEvents(); // kept: `failed` points into it
    const SessionEvent* failed = SessionPair::last(events, SessionEventKind::ConnectFailed);
    REQUIRE(failed);
    CHECK(failed->failure == ConnectFailure::VersionMismatch);
    CHECK(failed->peerVersion == 8);
    CHECK(describe(stopOf(*failed)) == "the host speaks protocol version 8; this program speaks version " +
                                           std::to_string(kProtocolVersion) + ": update one side");
}
