// A host's record behind its client's game (a journal that lost its tail, one that says it is
// damaged) is never taken back: the returning client is told DENY DAMAGED and both sides end
// the match. And a match in which both sides hear each other but no revision is taken ends
// with a reason instead of standing still (docs/PROTOCOL.md, sections 4, 5 and 10).
#include "ResumeRig.hpp"

#include <catch2/catch.hpp>

#include <functional>

namespace speed::protocol::test {
namespace {

const SessionEvent* endedOf(const std::vector<SessionEvent>& events) {
    return SessionPair::last(events, SessionEventKind::Ended);
}

void checkDamagedEnd(const Rig& rig) {
    const SessionEvent* hostEnd = endedOf(rig.hostEvents);
    const SessionEvent* clientEnd = endedOf(rig.clientEvents);
    REQUIRE(hostEnd != nullptr);
    REQUIRE(clientEnd != nullptr);
    CHECK(hostEnd->cause == EndCause::RecordDamaged);
    CHECK(clientEnd->cause == EndCause::RecordDamaged);
    CHECK(describe(stopOf(*clientEnd)) == "the host's record of this game was damaged; the game cannot continue");
    CHECK(rig.host->gameInfo() == GameInfo::Nothing);
    CHECK(rig.client->gameInfo() == GameInfo::Nothing);
    CHECK_FALSE(rig.journal.match.has_value()); // the journal is closed: the keeper deletes it
}

// A HELLO the client sent, as it left (its CRC unchecked).
std::optional<Hello> helloIn(const std::string& bytes) {
    const auto message = SessionPair::sentMessage(bytes);
    if (!message) return std::nullopt;
    if (const auto* hello = std::get_if<Hello>(&message->body)) return *hello;
    return std::nullopt;
}

} // namespace

TEST_CASE("a restarted host whose journal is older than its client's table is refused, and both sides end the match",
          "[session][resume][damaged]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(3);
    const MatchRecord older = *rig.journal.match; // a copy of the journal, before it lost its tail
    rig.playSome(6);
    REQUIRE(rig.client->revision() > older.entries.back().revision);

    rig.killHost();
    rig.journal.match = older;
    REQUIRE(rig.restartHost().empty());
    rig.advance(3000); // REKEY: the client asks for its seat back at once, saying what it holds
    checkDamagedEnd(rig);
    CHECK_FALSE(SessionPair::has(rig.clientEvents, SessionEventKind::Rejoined));
}

TEST_CASE("a host put back to a journal older than its last restart is refused, and both sides end the match",
          "[session][resume][damaged]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(3);
    rig.killHost();
    const MatchRecord older = *rig.journal.match; // copied while the host is down
    REQUIRE(rig.restartHost().empty());
    rig.advance(500); // the client comes back: a new session
    REQUIRE(rig.host->gameInfo() == GameInfo::Play);
    rig.playSome(6); // the game goes on past the copy
    rig.killHost();
    rig.journal.match = older; // the older copy put back: it holds the session before the return
    REQUIRE(rig.restartHost().empty());
    rig.advance(6000); // silence, the client asks for its session, then for the one it came from
    checkDamagedEnd(rig);
}

TEST_CASE("a restarted client whose ticket names a newer game than the host's record ends the match",
          "[session][resume][damaged]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(3);
    ResumeTicket ticket = rig.client->ticket();
    ticket.game += 1; // the host dealt a game its journal does not hold
    rig.killClient();
    rig.advance(4000);
    rig.restartClient(ticket, "client:40404");
    rig.advance(500);
    checkDamagedEnd(rig);
}

TEST_CASE("a host restored from a journal that cannot prove it is complete asks its client back and ends the match",
          "[session][resume][damaged]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(3);
    const JournalSession session = rig.journal.match->session;
    rig.killHost();
    rig.advance(500);
    rig.hostConfig.random = [mix = SplitMix64(0xD0D0)]() mutable { return mix.next(); };
    rig.host = std::make_unique<HostSession>(rig.hostConfig);
    rig.hostAlive = true;
    rig.host->restoreDamaged(rig.now, session, rig.now, "the write-ahead log lost its tail");
    CHECK(rig.host->gameInfo() == GameInfo::Connect);
    CHECK(rig.host->gameNumber() == 0); // the session only, not the game
    rig.advance(500);                   // REKEY at once, the client's RESUME, DENY DAMAGED
    checkDamagedEnd(rig);
    const SessionEvent* hostEnd = endedOf(rig.hostEvents);
    CHECK(hostEnd->text.find("the write-ahead log lost its tail") != std::string::npos);
}

TEST_CASE("the game and revision a returning client holds cannot be changed without the session's key",
          "[session][resume][damaged]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(3);
    const ResumeTicket ticket = rig.client->ticket();
    rig.killClient();
    rig.advance(4000);
    rig.clientAlive = true;
    rig.clientAddress = "client:40404";
    rig.client = std::make_unique<ClientSession>(rig.clientConfig);
    rig.client->rejoin(rig.now, ticket);
    // By hand: the HELLO, its CHALLENGE, and the proven HELLO changed on the way.
    rig.host->receive(rig.now, rig.clientAddress, rig.client->takeOutgoing().front().bytes);
    const auto challenge = rig.host->takeOutgoing();
    REQUIRE(challenge.size() == 1);
    rig.client->receive(rig.now, kHost, challenge.front().bytes);
    const auto proven = rig.client->takeOutgoing();
    REQUIRE(proven.size() == 1);
    auto hello = helloIn(proven.front().bytes);
    REQUIRE(hello);
    CHECK(hello->heldGame == ticket.game);
    CHECK(hello->heldRevision == 0); // a restarted program holds no revision
    hello->heldGame += 1;            // an on-path party would have the host refuse its client
    const long long ignoredBefore = rig.host->stats().ignored;
    rig.host->receive(rig.now, rig.clientAddress, encodeDatagram({2, 2, *hello}));
    CHECK(rig.host->stats().ignored == ignoredBefore + 1);
    CHECK(rig.host->gameInfo() == GameInfo::Pause0);                     // still held
    rig.host->receive(rig.now, rig.clientAddress, proven.front().bytes); // the real one takes the seat
    rig.pump();
    CHECK(SessionPair::has(rig.clientEvents, SessionEventKind::Rejoined));
}

TEST_CASE("a HELLO coming back with the longest fields still decodes and stays within a game datagram",
          "[codec][resume]") {
    Hello hello{kProtocolVersion, std::string(24, 'k'), 0xFFFFFFFFFFFFFFFFULL, std::string(16, 'a'),
                std::string(16, 'b')};
    hello.resume = std::string(32, 'c');
    hello.heldGame = 4294967295U;
    hello.heldRevision = 4294967295U;
    hello.resumeProof = std::string(16, 'd');
    const std::string bytes = encodeDatagram({4294967295U, 4294967295U, hello});
    CHECK(bytes.size() >= kMinHelloBytes);
    CHECK(bytes.size() <= 256);
    const auto decoded = decodeDatagram(bytes, nullptr);
    REQUIRE(decoded.ok());
    CHECK(std::get<Hello>(decoded.message->body) == hello);
}

// --- no silent stall --------------------------------------------------------------------------

namespace {

// Delivers what both sides send, but of the client's datagrams those `dropToHost` names go as an
// ALIVE instead (the client keeps talking), and ticks both sides for `durationMs`.
void runFiltered(SessionPair& pair, TimeMs durationMs, const std::function<bool(const Message&)>& dropToHost) {
    const TimeMs until = pair.now + durationMs;
    while (pair.now < until && !(pair.host.finished() && pair.client.finished())) {
        pair.now += 10;
        pair.host.tick(pair.now);
        pair.client.tick(pair.now);
        for (int round = 0; round < 100; ++round) {
            auto fromHost = pair.host.takeOutgoing();
            auto fromClient = pair.client.takeOutgoing();
            pair.collectEvents();
            if (fromHost.empty() && fromClient.empty()) break;
            for (OutgoingDatagram& datagram : fromClient) {
                const auto message = SessionPair::sentMessage(datagram.bytes);
                if (message && dropToHost(*message))
                    datagram.bytes = pair.asClient({message->time, message->seq, Alive{}});
            }
            pair.deliver(std::move(fromHost), std::move(fromClient));
        }
    }
}

bool isUpdateAck(const Message& message) {
    const auto* ok = std::get_if<Ok>(&message.body);
    return ok != nullptr && ok->subject == Subject::Update;
}

void checkStalledOnBothSides(const SessionPair& pair) {
    const SessionEvent* hostEnd = endedOf(pair.hostEvents);
    const SessionEvent* clientEnd = endedOf(pair.clientEvents);
    REQUIRE(hostEnd != nullptr);
    REQUIRE(clientEnd != nullptr);
    CHECK(hostEnd->cause == EndCause::Stalled);
    CHECK(clientEnd->cause == EndCause::Stalled);
    CHECK(describe(stopOf(*clientEnd)) == "the two sides no longer agree on the table: the match is given up");
    CHECK(pair.host.gameInfo() == GameInfo::Nothing);
    CHECK(pair.client.gameInfo() == GameInfo::Nothing);
}

} // namespace

TEST_CASE("a client that keeps talking but never acknowledges a table stalls the match, and both sides end it",
          "[session][stall]") {
    SessionPair pair;
    pair.connectAndDeal();
    const auto move = anyLegalMove(pair.host.state(), kHostSeat);
    REQUIRE(move);
    REQUIRE(pair.host.proposeMove(pair.now, *move).sent); // a new revision, for the client to take
    const TimeMs stallMs = pair.host.config().timing.stallTimeoutMs;
    runFiltered(pair, stallMs - 1000, isUpdateAck);
    CHECK(pair.host.gameInfo() == GameInfo::Play); // heard all along: no silence, no grace
    CHECK_FALSE(SessionPair::has(pair.hostEvents, SessionEventKind::PeerSilent));
    runFiltered(pair, 3000, isUpdateAck);
    checkStalledOnBothSides(pair);
}

TEST_CASE("a host whose tables the client cannot take stalls the match, and both sides end it", "[session][stall]") {
    SessionPair pair;
    pair.connectAndDeal();
    std::optional<Message> first; // the deal: older than anything the client holds now
    for (const std::string& bytes : pair.sentToClient) {
        if (auto message = SessionPair::sentMessage(bytes); message && std::holds_alternative<Update>(message->body)) {
            first = message;
            break;
        }
    }
    REQUIRE(first);
    REQUIRE(pair.client.revision() > std::get<Update>(first->body).header->revision);
    pair.toClientDown = true; // the host's own datagrams are lost; an older table comes instead
    const TimeMs stallMs = pair.client.config().timing.stallTimeoutMs;
    for (TimeMs waited = 0; waited < stallMs + 3000 && !pair.client.finished(); waited += 150) {
        pair.client.receive(pair.now, kHost, pair.nextFromHost(first->body));
        pair.advance(150);
    }
    pair.toClientDown = false;
    pair.advance(2000);
    checkStalledOnBothSides(pair);
}

TEST_CASE("a proposal the host never answers while it is heard stalls the match", "[session][stall]") {
    SessionPair pair;
    pair.connectAndDeal();
    const auto move = anyLegalMove(pair.client.state(), kClientSeat);
    REQUIRE(move);
    REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
    const auto isMove = [](const Message& message) { return std::holds_alternative<MoveRequest>(message.body); };
    runFiltered(pair, pair.client.config().timing.stallTimeoutMs + 3000, isMove);
    checkStalledOnBothSides(pair);
}

TEST_CASE("a long pause, the SPEED! call and the result hold never count as a stall", "[session][stall]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.client.pause(pair.now);
    pair.advance(pair.host.config().timing.stallTimeoutMs * 3, 50);
    CHECK(isPaused(pair.host.gameInfo()));
    pair.host.resume(pair.now);
    pair.client.resume(pair.now);
    pair.advance(100);
    pair.playOut();
    pair.advance(pair.host.config().timing.stallTimeoutMs * 2, 50); // the result, then between games
    CHECK_FALSE(SessionPair::has(pair.hostEvents, SessionEventKind::Ended));
    CHECK_FALSE(SessionPair::has(pair.clientEvents, SessionEventKind::Ended));
}

} // namespace speed::protocol::test

namespace speed::protocol::test {

// The vector docs/PROTOCOL.md gives for RPROOF (section 10): another implementation checks its
// construction against it.
TEST_CASE("the resume proof covers the game and revision held, as documented", "[auth][resume]") {
    const SessionKeys keys = deriveSessionKeys(0x0123456789abcdefULL, 0xfedcba9876543210ULL, std::nullopt);
    const ResumeClaim claim{0x1111222233334444ULL, "9a41c3d2e5f60718", 4, 87};
    CHECK(resumeProof(keys, claim) == "ef6ceacc04bdd08d");
    ResumeClaim changed = claim;
    changed.heldRevision = 88;
    CHECK(resumeProof(keys, changed) != resumeProof(keys, claim));
}

} // namespace speed::protocol::test
