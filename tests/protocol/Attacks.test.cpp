// One named test per attack on the link (docs/PROTOCOL.md, "Threat model"): each one is tried
// on a running match, and each checks the match goes on with nothing lost.
#include "SessionPair.hpp"

#include "speed/common/Invariant.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

#include <memory>

using namespace speed;
using namespace speed::protocol;
using namespace speed::protocol::test;

namespace {

const PeerAddress kIntruder = "intruder:6666";

// A HELLO as an attacker writes it: any name, nonce, cookie and padding.
std::string helloBytes(std::uint64_t nonce, const std::string& cookie = "-", std::size_t pad = 80,
                       const std::string& auth = "-") {
    Hello hello{kProtocolVersion, "mallory", nonce, auth, cookie};
    hello.padChars = pad;
    return encodeDatagram(Message{7, 1, hello});
}

std::size_t bytesOf(const std::vector<OutgoingDatagram>& datagrams) {
    std::size_t total = 0;
    for (const auto& datagram : datagrams) total += datagram.bytes.size();
    return total;
}

// The match is still whole: the same table on both sides, every card in its place, and the
// players can still play it to the end.
void requireMatchGoesOn(SessionPair& pair) {
    pair.advance(400);
    REQUIRE(pair.host.gameInfo() == GameInfo::Play);
    REQUIRE(pair.client.gameInfo() == GameInfo::Play);
    CHECK(conservationError(pair.host.confirmedState()).empty());
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    pair.playOut();
    CHECK(pair.host.confirmedState().result != GameResult::Playing);
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    CHECK(conservationError(pair.client.confirmedState()).empty());
}

SessionConfig withPassword(SessionRole role, std::string_view password) {
    SessionConfig config = configFor(role);
    if (!password.empty()) {
        // Any 32 bytes stand for a password here; derivePasswordKey's Argon2id is tested once, below.
        Key key{};
        for (std::size_t i = 0; i < password.size() && i < key.size(); ++i) key[i] = static_cast<std::uint8_t>(password[i]);
        config.passwordKey = key;
    }
    return config;
}

} // namespace

TEST_CASE("attack: one HELLO from an address that does not receive there takes no seat", "[attack]") {
    SessionPair pair;
    pair.host.listen(0);
    // A spoofer can send a HELLO in anyone's name but never sees the answer: at most a
    // CHALLENGE goes back, and the seat stays free.
    pair.host.receive(0, kIntruder, helloBytes(1));
    CHECK(pair.host.gameInfo() == GameInfo::ConWait);
    auto replies = pair.host.takeOutgoing();
    REQUIRE(replies.size() == 1);
    CHECK(replies[0].bytes.rfind("CHALLENGE ", 0) == 0);
    // A cookie made for another address, or a made-up one, is no good either.
    const auto challenge = decodeDatagram(replies[0].bytes);
    REQUIRE(challenge.ok());
    const std::string cookie = std::get<Challenge>(challenge.message->body).cookie;
    pair.host.receive(0, "elsewhere:1", helloBytes(1, cookie));
    pair.host.receive(0, kIntruder, helloBytes(1, "0123456789abcdef"));
    CHECK(pair.host.gameInfo() == GameInfo::ConWait);
    pair.host.takeOutgoing();
    // An old cookie is stale two buckets on.
    pair.host.receive(3 * pair.host.config().timing.cookieBucketMs, kIntruder, helloBytes(1, cookie));
    CHECK(pair.host.gameInfo() == GameInfo::ConWait);
    // The real player then joins as ever.
    pair.now = 3 * pair.host.config().timing.cookieBucketMs;
    pair.client.connect(pair.now, kHost);
    pair.pump();
    CHECK(pair.host.gameInfo() == GameInfo::Connect);
    CHECK(pair.host.peerAddress() == kClient);
}

TEST_CASE("attack: nothing sent to an unproven address outweighs what it sent", "[attack]") {
    SessionPair pair;
    pair.host.listen(0);
    std::size_t in = 0;
    std::size_t out = 0;
    for (std::size_t pad = 1; pad <= 120; pad += 7) {
        for (const std::string& bytes : {helloBytes(pad, "-", pad), helloBytes(pad, "0123456789abcdef", pad),
                                         helloBytes(pad, "-", pad, "P"), std::string("HELLO 1 2 1 x #00000000")}) {
            pair.host.receive(0, kIntruder, bytes);
            in += bytes.size();
            const auto replies = pair.host.takeOutgoing();
            CHECK(replies.size() <= 1);
            for (const auto& reply : replies) CHECK(reply.bytes.size() <= bytes.size());
            out += bytesOf(replies);
        }
    }
    INFO("bytes in " << in << ", out " << out);
    CHECK(out <= in);
    CHECK(out > 0); // the well-padded ones were answered
    CHECK(pair.host.gameInfo() == GameInfo::ConWait);
}

TEST_CASE("attack: forged SHUTDOWN, UPDATE and MOVE without the session's tag change nothing", "[attack]") {
    SessionPair pair;
    pair.connectAndDeal();
    const GameState hostTable = pair.host.confirmedState();
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    // From the peer's own address, with a correct CRC: what the link used to take.
    pair.host.receive(pair.now, kClient, encodeDatagram({1, 500, Shutdown{"forged"}}));
    pair.host.receive(pair.now, kClient, encodeDatagram({1, 501, MoveRequest{1, 1, move->kind, move->slot, move->card, move->pile ^ 1}}));
    GameState won = hostTable;
    won.player(1).deck.clear();
    for (auto& slot : won.player(1).hand) slot.reset();
    pair.client.receive(pair.now, kHost, encodeDatagram({1, 502, Update{false, viewFromSeat(won, 0), SnapshotHeader{1, 99, RuleOptions{}, Phase::Lost}}}));
    pair.client.receive(pair.now, kHost, encodeDatagram({1, 503, Shutdown{"forged"}}));
    CHECK(pair.host.stats().unauthenticated == 2);
    CHECK(pair.client.stats().unauthenticated == 2);
    CHECK(pair.host.gameInfo() == GameInfo::Play);
    CHECK(pair.client.gameInfo() == GameInfo::Play);
    CHECK(sameTable(pair.host.confirmedState(), hostTable));
    requireMatchGoesOn(pair);
}

TEST_CASE("attack: a datagram tagged with another password's key is ignored", "[attack]") {
    SessionPair pair(withPassword(SessionRole::Host, "kiwi"), withPassword(SessionRole::Client, "kiwi"));
    pair.connectAndDeal();
    REQUIRE(pair.host.gameInfo() == GameInfo::Play);
    // Someone who saw the handshake but does not know the password makes keys without it.
    const std::string id = pair.host.sessionId();
    const SessionKeys guessed = deriveSessionKeys(*nonceFromText(id.substr(0, 16)), *nonceFromText(id.substr(16)), std::nullopt);
    pair.host.receive(pair.now, kClient, encodeTagged({1, 900, Shutdown{"forged"}}, guessed.clientToHost));
    pair.client.receive(pair.now, kHost, encodeTagged({1, 900, Shutdown{"forged"}}, guessed.hostToClient));
    CHECK(pair.host.stats().unauthenticated == 1);
    CHECK(pair.client.stats().unauthenticated == 1);
    requireMatchGoesOn(pair);
}

TEST_CASE("attack: a captured datagram sent again is taken once", "[attack]") {
    SessionPair pair;
    pair.connectAndDeal();
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
    pair.pump();
    const std::string captured = pair.sentToHost.back(); // an OK UPDATE, or the MOVE itself
    const std::string capturedMove = [&] {
        for (const std::string& datagram : pair.sentToHost) {
            if (datagram.rfind("MOVE ", 0) == 0) return datagram;
        }
        return std::string{};
    }();
    REQUIRE_FALSE(capturedMove.empty());
    const int applied = pair.host.confirmedState().movesApplied;
    const long long duplicates = pair.host.stats().duplicates;
    for (int replay = 0; replay < 20; ++replay) {
        pair.host.receive(pair.now, kClient, capturedMove);
        pair.host.receive(pair.now, "replayer:1", captured); // from anywhere else, too
    }
    CHECK(pair.host.stats().duplicates == duplicates + 40);
    CHECK(pair.host.confirmedState().movesApplied == applied);
    CHECK(pair.host.peerAddress() == kClient); // a replay moves no one
    requireMatchGoesOn(pair);
}

TEST_CASE("attack: a SEQ far ahead is counted and moves nothing; the window goes on across the wrap", "[attack]") {
    SessionPair pair;
    pair.connectAndDeal();
    const WireNumber next = pair.nextSeq(pair.sentToHost);
    pair.host.receive(pair.now, kClient, pair.asClient({1, next + 70'000, Alive{}})); // beyond the window ahead
    pair.host.receive(pair.now, kClient, pair.asClient({1, next + 2'147'483'000U, Alive{}}));
    CHECK(pair.host.stats().seqTooFarAhead == 2);
    const long long duplicates = pair.host.stats().duplicates;
    pair.advance(600); // the client's own datagrams are still taken
    CHECK(pair.host.stats().duplicates == duplicates);
    CHECK_FALSE(pair.host.peerSilent());
    requireMatchGoesOn(pair);

    // A peer that counts past 4294967295 and on from 0 is heard all the way.
    SessionPair wrapping;
    wrapping.connectAndDeal();
    WireNumber seq = wrapping.nextSeq(wrapping.sentToHost);
    while (4'294'967'295U - seq > 60'000) {
        seq += 60'000;
        wrapping.host.receive(wrapping.now, kClient, wrapping.asClient({1, seq, Alive{}}));
    }
    const long long taken = wrapping.host.stats().datagramsReceived - wrapping.host.stats().ignored;
    for (int step = 0; step < 100'000 && seq > 1000; ++step) wrapping.host.receive(wrapping.now, kClient, wrapping.asClient({1, ++seq, Alive{}}));
    const long long before = wrapping.host.stats().datagramsReceived - wrapping.host.stats().ignored;
    CHECK(before > taken);
    for (int step = 0; step < 100; ++step) wrapping.host.receive(wrapping.now, kClient, wrapping.asClient({1, ++seq, Alive{}}));
    CHECK(seq < 1000); // it wrapped
    CHECK(wrapping.host.stats().seqTooFarAhead == 0);
    CHECK(wrapping.host.stats().datagramsReceived - wrapping.host.stats().ignored == before + 100);
    wrapping.host.receive(wrapping.now, kClient, wrapping.asClient({1, seq - 5, Alive{}})); // a copy, across the wrap
    CHECK(wrapping.host.stats().duplicates == 1);
}

TEST_CASE("attack: an acknowledgement of what was never sent changes nothing", "[attack]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.toClientDown = true; // the host's next UPDATE is lost
    const auto move = anyLegalMove(pair.host.state(), 0);
    REQUIRE(move);
    REQUIRE(pair.host.proposeMove(pair.now, *move).sent);
    pair.pump();
    pair.host.receive(pair.now, kClient, pair.nextFromClient(Ok{Subject::Update, 1, 0, pair.host.revision() + 50, AnswerStamps{1, 2, 0}}));
    pair.client.receive(pair.now, kHost, pair.nextFromHost(Ok{Subject::Start, 9, 0, 0, AnswerStamps{1, 2, 0}}));
    pair.client.receive(pair.now, kHost, pair.nextFromHost(Ok{Subject::Shutdown, 0, 0, 0}));
    CHECK(pair.host.stats().neverSent == 1);
    CHECK(pair.client.stats().neverSent == 2);
    pair.toClientDown = false;
    pair.advance(3 * pair.host.config().timing.resendIntervalMs + 10); // the UPDATE is still resent
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    requireMatchGoesOn(pair);
}

TEST_CASE("attack: a flood of NG GARBLED makes one resend per interval at most", "[attack]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.toClientDown = true;
    const auto move = anyLegalMove(pair.host.state(), 0);
    REQUIRE(move);
    REQUIRE(pair.host.proposeMove(pair.now, *move).sent); // an UPDATE is now pending
    pair.pump();
    std::size_t in = 0;
    std::size_t out = 0;
    for (int flood = 0; flood < 50; ++flood) {
        const std::string ng = pair.nextFromClient(Ng{true, 0, 0, Refusal::NotPlaying});
        pair.host.receive(pair.now, kClient, ng);
        in += ng.size();
        out += bytesOf(pair.host.takeOutgoing());
    }
    INFO("bytes in " << in << ", out " << out);
    CHECK(out < 300); // one UPDATE resent, not fifty
    CHECK(out <= in);
    pair.toClientDown = false;
    requireMatchGoesOn(pair);
}

TEST_CASE("attack: a slot or pile out of range is refused with its reason and decided", "[attack]") {
    SessionPair pair;
    pair.connectAndDeal();
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    const Card card = *pair.client.state().player(1).hand[0];
    pair.host.receive(pair.now, kClient, pair.nextFromClient(MoveRequest{1, 1, MoveKind::Play, 0, card, 2}));
    pair.host.receive(pair.now, kClient, pair.nextFromClient(MoveRequest{1, 2, MoveKind::Play, 9, card, 0}));
    pair.host.receive(pair.now, kClient, pair.nextFromClient(MoveRequest{1, 3, MoveKind::Refill, 42, Card{}, 0}));
    std::vector<Refusal> reasons;
    for (const auto& datagram : pair.host.takeOutgoing()) {
        const SessionKeys keys = pair.keys();
        const auto decoded = decodeDatagram(datagram.bytes, &keys.hostToClient);
        if (decoded.ok() && std::holds_alternative<Ng>(decoded.message->body)) reasons.push_back(std::get<Ng>(decoded.message->body).reason);
    }
    CHECK(reasons == std::vector<Refusal>{Refusal::BadPile, Refusal::BadSlot, Refusal::BadSlot});
    // Decided: the client's own proposals go on with the next ID.
    CHECK(pair.host.stats().ignored == 0);
}

TEST_CASE("attack: a third party's HELLO during a match gets one short BUSY per interval", "[attack]") {
    SessionPair pair;
    pair.connectAndDeal();
    std::size_t in = 0;
    for (std::uint64_t attempt = 0; attempt < 30; ++attempt) {
        const std::string hello = helloBytes(attempt, "-", 100);
        pair.host.receive(pair.now, kIntruder, hello);
        in += hello.size();
    }
    pair.pump();
    std::size_t busy = 0;
    std::size_t out = 0;
    for (const auto& datagram : pair.sentToOthers) {
        CHECK(datagram.to == kIntruder);
        CHECK(datagram.bytes.rfind("DENY ", 0) == 0);
        CHECK(datagram.bytes.find(" BUSY ") != std::string::npos);
        busy += 1;
        out += datagram.bytes.size();
    }
    CHECK(busy == 1);
    CHECK(out < in); // the intruder gets back less than it sent
    CHECK(SessionPair::has(pair.hostEvents, SessionEventKind::JoinRefused));
    pair.advance(pair.host.config().timing.refusals.denyIntervalMs);
    pair.host.receive(pair.now, kIntruder, helloBytes(99, "-", 100));
    pair.pump();
    CHECK(pair.sentToOthers.size() == 2);
    CHECK(pair.host.peerAddress() == kClient);
    requireMatchGoesOn(pair);
}

TEST_CASE("attack: with a peer in setup.ini the host admits only its addresses", "[attack]") {
    SessionConfig hostConfig = configFor(SessionRole::Host);
    hostConfig.admits = [](const PeerAddress& from) { return from == kClient; };
    SessionPair pair(hostConfig, configFor(SessionRole::Client));
    pair.host.listen(0);
    pair.host.receive(0, kIntruder, helloBytes(5, "-", 100));
    const auto replies = pair.host.takeOutgoing();
    REQUIRE(replies.size() == 1);
    CHECK(replies[0].bytes.find(" NOT_INVITED ") != std::string::npos);
    pair.collectEvents();
    REQUIRE(SessionPair::has(pair.hostEvents, SessionEventKind::JoinRefused));
    pair.client.connect(0, kHost);
    pair.pump();
    CHECK(pair.host.gameInfo() == GameInfo::Connect);
}

TEST_CASE("password: the same one connects; another, none or one too many fail clearly on both sides", "[attack][password]") {
    const auto attempt = [](std::string_view hostPassword, std::string_view clientPassword) {
        auto pair = std::make_unique<SessionPair>(withPassword(SessionRole::Host, hostPassword),
                                                  withPassword(SessionRole::Client, clientPassword));
        pair->host.listen(0);
        pair->client.connect(0, kHost);
        pair->pump();
        return pair;
    };
    CHECK(attempt("kiwi", "kiwi")->client.gameInfo() == GameInfo::Connect);
    struct Case {
        std::string_view host;
        std::string_view client;
        DenyReason reason;
    };
    for (const Case& wrong : {Case{"kiwi", "mango", DenyReason::WrongPassword}, Case{"kiwi", "", DenyReason::PasswordNeeded},
                              Case{"", "kiwi", DenyReason::NoPassword}}) {
        const std::unique_ptr<SessionPair> attempted = attempt(wrong.host, wrong.client);
        SessionPair& pair = *attempted;
        INFO("host " << wrong.host << ", client " << wrong.client);
        CHECK(pair.client.gameInfo() == GameInfo::Nothing);
        const SessionEvent* failed = SessionPair::last(pair.clientEvents, SessionEventKind::ConnectFailed);
        REQUIRE(failed);
        CHECK(failed->failure == ConnectFailure::Denied);
        CHECK(failed->denial == wrong.reason);
        CHECK(pair.host.gameInfo() == GameInfo::ConWait); // the host goes on waiting for the right player
        const SessionEvent* refused = SessionPair::last(pair.hostEvents, SessionEventKind::JoinRefused);
        REQUIRE(refused);
        CHECK(refused->denial == wrong.reason);
        CHECK(refused->peerAddress == kClient); // where the refused HELLO came from
    }
}

TEST_CASE("password: Argon2id gives the same key for the same password, another for another", "[attack][password]") {
    const auto kiwi = derivePasswordKey("kiwi");
    REQUIRE(kiwi);
    CHECK(derivePasswordKey("kiwi") == kiwi);
    CHECK(derivePasswordKey("kiwi ") != kiwi);
}

TEST_CASE("attack: copies of any of the datagrams taken lately, newest or older, are each counted once as seen", "[attack]") {
    // The newest few are known by their bytes, the older ones by decoding: either way rule 4.
    SessionPair pair;
    pair.connectAndDeal();
    pair.advance(10'000); // keepalives and answers: more datagrams than the copies known by bytes
    const std::vector<std::string> sent(pair.sentToHost.begin(), pair.sentToHost.end());
    REQUIRE(sent.size() > 20);
    const int applied = pair.host.confirmedState().movesApplied;
    const long long duplicates = pair.host.stats().duplicates;
    const long long ignored = pair.host.stats().ignored;
    const std::size_t replayed = 20;
    for (std::size_t back = 1; back <= replayed; ++back) pair.host.receive(pair.now, kClient, sent[sent.size() - back]);
    CHECK(pair.host.stats().duplicates == duplicates + static_cast<long long>(replayed));
    CHECK(pair.host.stats().ignored == ignored + static_cast<long long>(replayed));
    CHECK(pair.host.confirmedState().movesApplied == applied);
    requireMatchGoesOn(pair);
}
