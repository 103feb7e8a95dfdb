#include "SessionPair.hpp"

#include "speed/common/Deal.hpp"
#include "speed/common/Invariant.hpp"
#include "speed/protocol/Probe.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

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

TEST_CASE("Game over, then the next game on the client's request", "[session]") {
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
    CHECK(pair.host.gameNumber() == 2);
    CHECK(pair.client.gameNumber() == 2);
    CHECK(pair.client.gameInfo() == GameInfo::Play);
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
