#include "SessionPair.hpp"

#include "speed/common/Deal.hpp"
#include "speed/common/Invariant.hpp"
#include "speed/protocol/Probe.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace speed;
using namespace speed::protocol;
using namespace speed::protocol::test;

TEST_CASE("Connect, deal and flip: both sides play the same table", "[session]") {
    SessionPair pair;
    pair.host.listen(0);
    CHECK(pair.host.gameInfo() == GameInfo::ConWait);
    pair.client.connect(0, kHost);
    pair.pump();
    CHECK(pair.host.gameInfo() == GameInfo::Connect);
    CHECK(pair.client.gameInfo() == GameInfo::Connect);
    CHECK(pair.host.peerName() == "kenta");
    CHECK(pair.client.peerName() == "hana");
    pair.host.startNextGame(pair.now);
    pair.pump();
    CHECK(pair.client.gameInfo() == GameInfo::Play);
    CHECK(pair.client.speedCallPending());
    pair.advance(pair.host.config().timing.match.speedCallMs);
    CHECK_FALSE(pair.client.speedCallPending());
    CHECK(pair.client.confirmedState().pile(0).size() == 1);
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    CHECK(conservationError(pair.client.confirmedState()).empty());
    CHECK(SessionPair::has(pair.clientEvents, SessionEventKind::SpeedCall));
}

TEST_CASE("The client counts the SPEED! flips as the host does, an UPDATE lost or not", "[session][bot]") {
    const bool lose = GENERATE(false, true);
    INFO((lose ? "the flip's UPDATE is lost" : "every UPDATE arrives"));
    SessionPair pair;
    pair.host.listen(0);
    pair.client.connect(0, kHost);
    pair.pump();
    pair.host.startNextGame(pair.now);
    pair.pump();
    REQUIRE(pair.client.speedCallPending());
    CHECK(pair.client.confirmedState().flips == 0);
    pair.toClientDown = lose;
    pair.advance(pair.host.config().timing.match.speedCallMs);
    pair.toClientDown = false;
    pair.advance(3000); // the host sends the table again until the client says OK
    REQUIRE(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    CHECK(pair.host.confirmedState().flips == 1);
    CHECK(pair.client.confirmedState().flips == 1); // what a bot on the client's seat looks at
    CHECK(pair.client.state().flips == 1);
    // A play is not a flip.
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
    pair.pump();
    CHECK(pair.client.confirmedState().flips == 1);
}

TEST_CASE("A move accepted: shown at once, confirmed by OK, same table on both sides", "[session]") {
    SessionPair pair;
    pair.connectAndDeal();
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
    const GameState predicted = pair.client.state();
    CHECK_FALSE(sameTable(predicted, pair.client.confirmedState())); // prediction shown before the host answers
    pair.pump();
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    CHECK(sameTable(pair.client.state(), predicted));
    CHECK(pair.client.stats().proposalsConfirmed == 1);
    CHECK_FALSE(SessionPair::has(pair.hostEvents, SessionEventKind::PeerMoveRefused)); // no race lost
}

TEST_CASE("The host's own moves go through the same arbitration and reach the client", "[session]") {
    SessionPair pair;
    pair.connectAndDeal();
    const auto move = anyLegalMove(pair.host.state(), 0);
    REQUIRE(move);
    CHECK(pair.host.proposeMove(pair.now, *move).sent);
    pair.pump();
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    CHECK(pair.host.proposeMove(pair.now, *move).play.error != MoveError::None); // not twice
}

TEST_CASE("Pause, one side asks to resume, then both: PAUSE_0, PAUSE_1, PLAY", "[session]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.client.pause(pair.now);
    pair.pump();
    CHECK(pair.host.gameInfo() == GameInfo::Pause0);
    CHECK(pair.client.gameInfo() == GameInfo::Pause0);
    const auto move = anyLegalMove(pair.host.state(), 0);
    REQUIRE(move);
    CHECK_FALSE(pair.host.proposeMove(pair.now, *move).sent); // nothing moves while paused
    pair.client.resume(pair.now);
    pair.pump();
    CHECK(pair.host.gameInfo() == GameInfo::Pause1);
    CHECK(pair.client.gameInfo() == GameInfo::Pause1);
    pair.host.resume(pair.now);
    pair.pump();
    CHECK(pair.host.gameInfo() == GameInfo::Play);
    CHECK(pair.client.gameInfo() == GameInfo::Play);
}

namespace {

// Connected, one game played out and its result shown: both at EXTGAME.
void playOneGame(SessionPair& pair) {
    pair.connectAndDeal();
    pair.playOut();
    REQUIRE(pair.host.confirmedState().result != GameResult::Playing);
    pair.advance(pair.host.config().timing.match.resultHoldMs);
    REQUIRE(pair.host.gameInfo() == GameInfo::ExtGame);
    REQUIRE(pair.client.gameInfo() == GameInfo::ExtGame);
}

} // namespace

TEST_CASE("Game over, then the next game when both ask: the client first", "[session]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.playOut();
    REQUIRE(pair.host.confirmedState().result != GameResult::Playing);
    CHECK(isGameOver(pair.host.gameInfo()));
    CHECK(isGameOver(pair.client.gameInfo()));
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    CHECK(SessionPair::has(pair.clientEvents, SessionEventKind::GameOver));
    pair.advance(pair.host.config().timing.match.resultHoldMs);
    CHECK(pair.host.gameInfo() == GameInfo::ExtGame);
    CHECK(pair.client.gameInfo() == GameInfo::ExtGame);
    pair.client.startNextGame(pair.now);
    pair.pump();
    // Asked, heard, answered: but one player alone does not deal the next game.
    CHECK(pair.host.gameNumber() == 1);
    CHECK(pair.client.localAskedNextGame());
    CHECK(pair.host.peerAskedNextGame());
    CHECK_FALSE(pair.host.localAskedNextGame());
    CHECK(SessionPair::has(pair.hostEvents, SessionEventKind::PeerAskedNextGame));
    pair.client.startNextGame(pair.now); // asking again sends nothing new
    pair.advance(2000);
    CHECK(std::count_if(pair.sentToHost.begin(), pair.sentToHost.end(),
                        [](const std::string& line) { return line.rfind("START", 0) == 0; }) == 1);
    pair.host.startNextGame(pair.now);
    pair.pump();
    CHECK(pair.host.gameNumber() == 2);
    CHECK(pair.client.gameNumber() == 2);
    CHECK(pair.client.gameInfo() == GameInfo::Play);
    CHECK_FALSE(pair.client.localAskedNextGame()); // a new game: nobody has asked for the next
    CHECK_FALSE(pair.host.peerAskedNextGame());
}

TEST_CASE("A rematch the host asks for first is told to the client, then dealt at its ask", "[session]") {
    SessionPair pair;
    playOneGame(pair);
    pair.host.startNextGame(pair.now);
    pair.pump();
    CHECK(pair.host.gameNumber() == 1);
    CHECK(pair.client.peerAskedNextGame());
    const auto asked = std::find_if(pair.clientEvents.begin(), pair.clientEvents.end(),
                                    [](const SessionEvent& event) { return event.kind == SessionEventKind::PeerAskedNextGame; });
    REQUIRE(asked != pair.clientEvents.end());
    CHECK(asked->game == 2);
    // The client answered OK START: the host stops resending it.
    const auto startsBefore = std::count_if(pair.sentToClient.begin(), pair.sentToClient.end(),
                                            [](const std::string& line) { return line.rfind("START", 0) == 0; });
    pair.advance(2000);
    CHECK(std::count_if(pair.sentToClient.begin(), pair.sentToClient.end(),
                        [](const std::string& line) { return line.rfind("START", 0) == 0; }) == startsBefore);
    pair.client.startNextGame(pair.now);
    pair.pump();
    CHECK(pair.host.gameNumber() == 2);
    CHECK(pair.client.gameNumber() == 2);
    CHECK(pair.client.gameInfo() == GameInfo::Play);
}

TEST_CASE("The host's ask for a rematch is resent across loss until the client answers it", "[session]") {
    SessionPair pair;
    playOneGame(pair);
    pair.toClientDown = true;
    pair.host.startNextGame(pair.now);
    pair.pump();
    pair.advance(500); // resent a few times into the void
    CHECK_FALSE(pair.client.peerAskedNextGame());
    pair.toClientDown = false;
    pair.advance(500);
    CHECK(pair.client.peerAskedNextGame());
    CHECK(pair.host.gameNumber() == 1); // still the client's turn to choose
}

TEST_CASE("A START for the next game is taken only between games", "[session]") {
    SessionPair pair;
    pair.connectAndDeal();
    REQUIRE(pair.client.gameInfo() == GameInfo::Play);
    // The host cannot ask while the game runs.
    pair.host.startNextGame(pair.now);
    pair.pump();
    CHECK_FALSE(pair.host.localAskedNextGame());
    CHECK_FALSE(pair.client.peerAskedNextGame());
    CHECK(pair.host.gameNumber() == 1);
}

TEST_CASE("Undefined transitions are refused with a log line", "[session]") {
    HostSession host(configFor(SessionRole::Host));
    host.startNextGame(0); // NOTHING: no game can start
    CHECK(host.gameInfo() == GameInfo::Nothing);
    const auto events = host.takeEvents();
    REQUIRE_FALSE(events.empty());
    CHECK(events.back().kind == SessionEventKind::TransitionRefused);
    host.resume(0);
    CHECK(host.gameInfo() == GameInfo::Nothing);
}

TEST_CASE("A session answers a probe from any address without touching its game", "[session]") {
    SessionPair pair;
    pair.connectAndDeal();
    const GameState before = pair.host.confirmedState();
    pair.host.receive(pair.now, "stranger:9", encodeProbe(1, 100, 5, 6));
    const auto out = pair.host.takeOutgoing();
    REQUIRE(out.size() == 1);
    CHECK(out[0].to == "stranger:9");
    CHECK(out[0].bytes.size() == 100);
    CHECK(sameTable(before, pair.host.confirmedState()));
    CHECK(pair.host.stats().foreign == 0);
}

TEST_CASE("A race the host wins: the client's play is refused NOT_ADJACENT with the winner's lead", "[session][race]") {
    auto [pairOwner, hostMove, clientMove] = raceTable();
    REQUIRE(pairOwner);
    SessionPair& pair = *pairOwner;
    REQUIRE(pair.host.proposeMove(pair.now, hostMove).sent); // the host's card lands first
    auto update = pair.host.takeOutgoing();                  // its UPDATE still on the way
    pair.now += 7; // the client's player moves 7 ms later, on the table it has not yet seen change
    REQUIRE(pair.client.proposeMove(pair.now, clientMove).sent);
    pair.deliver(std::move(update), pair.client.takeOutgoing());
    pair.pump();
    const SessionEvent* refused = SessionPair::last(pair.hostEvents, SessionEventKind::PeerMoveRefused);
    REQUIRE(refused != nullptr);
    CHECK(refused->move == clientMove);
    CHECK(refused->play.error == MoveError::NotAdjacent);
    const SessionEvent* rejected = SessionPair::last(pair.clientEvents, SessionEventKind::MoveRejected);
    REQUIRE(rejected != nullptr);
    CHECK(rejected->byHost);
    CHECK(rejected->play.error == MoveError::NotAdjacent);
    CHECK(rejected->raceLeadUs == std::optional<std::int64_t>(7'000)); // the host was 7 ms earlier
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
}

TEST_CASE("A race the client lost though it moved first: the lead is negative, and bounded", "[session][race]") {
    auto [pairOwner, hostMove, clientMove] = raceTable();
    REQUIRE(pairOwner);
    SessionPair& pair = *pairOwner;
    REQUIRE(pair.client.proposeMove(pair.now, clientMove).sent); // made first, held on the way
    auto held = pair.client.takeOutgoing();
    pair.now += 2;
    REQUIRE(pair.host.proposeMove(pair.now, hostMove).sent); // made 2 ms later, applied at once
    pair.deliver(pair.host.takeOutgoing(), std::move(held));
    pair.pump();
    const SessionEvent* rejected = SessionPair::last(pair.clientEvents, SessionEventKind::MoveRejected);
    REQUIRE(rejected != nullptr);
    CHECK(rejected->play.error == MoveError::NotAdjacent);
    // The link's trips are 0 here, so an INPUT 2 ms before the arrival is as early as the 2 ms
    // margin lets it be (an earlier one counts at the arrival: Fair.test.cpp).
    CHECK(rejected->raceLeadUs == std::optional<std::int64_t>(-2'000));
}

TEST_CASE("The host's own play that loses a race says by how much", "[session][race]") {
    auto [pairOwner, hostMove, clientMove] = raceTable();
    REQUIRE(pairOwner);
    SessionPair& pair = *pairOwner;
    // Swap the roles: the client's card takes the pile, then the host's becomes a lost race.
    REQUIRE(pair.client.proposeMove(pair.now, clientMove).sent);
    pair.pump();
    pair.now += 4;
    REQUIRE(checkMove(pair.host.confirmedState(), hostMove) == MoveError::NotAdjacent);
    const ProposalOutcome outcome = pair.host.proposeMove(pair.now, hostMove);
    CHECK_FALSE(outcome.sent);
    CHECK(outcome.play.error == MoveError::NotAdjacent);
    CHECK(outcome.raceLeadUs == std::optional<std::int64_t>(4'000));
}


TEST_CASE("Both sessions estimate the other's clock from the stamps on the answers", "[session][clock]") {
    // The host's session opened 1.5 s before the client's: its session clock is 1500 ms ahead.
    SessionPair pair;
    pair.host.listen(0);
    pair.advance(1500);
    CHECK_FALSE(pair.client.clockOffset().has_value()); // nothing answered yet
    pair.client.connect(pair.now, kHost);
    pair.pump();
    pair.host.startNextGame(pair.now);
    pair.pump();
    pair.advance(pair.host.config().timing.match.speedCallMs);
    // The host learns from the client's OKs to its UPDATEs, the client from the host's OKs to
    // its MOVEs (and STARTs, PAUSEs, RESUMEs).
    const auto atHost = pair.host.clockOffset();
    REQUIRE(atHost);
    CHECK(atHost->offsetNs == Approx(-1.5e9));
    CHECK(atHost->epsilonNs == 0); // delivered at once: the exchange says exactly
    CHECK_FALSE(pair.client.clockOffset().has_value()); // it has asked nothing yet
    for (int play = 1; play <= 2; ++play) {
        const auto move = anyLegalMove(pair.client.state(), 1);
        REQUIRE(move);
        REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
        pair.pump();
        const auto atClient = pair.client.clockOffset();
        REQUIRE(atClient);
        CHECK(atClient->offsetNs == Approx(1.5e9));
        CHECK(atClient->samples == static_cast<std::size_t>(play));
    }
}

TEST_CASE("The clock estimate bounds the truth when the way there and back differ", "[session][clock]") {
    // The host's datagrams arrive at once, the client's take 60 ms (a round's wait to be sent
    // and 30 ms on the way): the estimate is off by half the round trip, and its epsilon says so.
    SessionPair pair;
    const auto pumpSlowClient = [&pair] { // until both fall quiet (bounded)
        for (int round = 0; round < 50; ++round) {
            auto fromHost = pair.host.takeOutgoing();
            auto fromClient = pair.client.takeOutgoing();
            pair.collectEvents();
            if (fromHost.empty() && fromClient.empty()) return;
            pair.deliver(std::move(fromHost), {});
            pair.now += 30;
            pair.deliver({}, std::move(fromClient));
        }
    };
    pair.host.listen(0);
    pair.client.connect(0, kHost);
    pumpSlowClient();
    pair.host.startNextGame(pair.now);
    pumpSlowClient();
    const auto atHost = pair.host.clockOffset();
    REQUIRE(atHost);
    // Both sessions opened at 0: the true offset is 0, inside offset +/- epsilon.
    CHECK(std::abs(atHost->offsetNs) <= atHost->epsilonNs);
    CHECK(atHost->epsilonNs == Approx(30e6)); // half of the 60 ms round trip
    CHECK(atHost->offsetNs == Approx(-30e6)); // all of it on the way back: the client seems behind
}
