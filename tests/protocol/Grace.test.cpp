// The grace and the silence count from the last datagram heard from the player, never from when
// the host began to wait: a player who joins late is simply there, neither "missing" nor dropped.
#include "SessionPair.hpp"

#include <catch2/catch.hpp>

namespace speed::protocol::test {
namespace {

constexpr TimeMs kGraceMs = 20'000;

SessionConfig withGrace(SessionConfig config) {
    config.timing.graceMs = kGraceMs;
    config.timing.connectWaitMs = 5 * kGraceMs;
    return config;
}

// A pair whose host waits far longer than the grace for its player, over a link with a delay (the
// host ticks between its WELCOME and the client's first answer, as on a real network).
struct LongWaitPair : SessionPair {
    LongWaitPair() : SessionPair(withGrace(configFor(SessionRole::Host)), withGrace(configFor(SessionRole::Client))) {
        oneWayMs = 20;
    }
};

// The host starts waiting, the client comes `lateMs` later and the first game is dealt.
void joinLate(SessionPair& pair, TimeMs lateMs) {
    pair.host.listen(pair.now);
    pair.advance(lateMs, 100);
    REQUIRE(pair.host.gameInfo() == GameInfo::ConWait);
    pair.client.connect(pair.now, kHost);
    pair.pump();
    pair.advance(500);
    REQUIRE(pair.client.gameInfo() == GameInfo::Connect);
    REQUIRE(pair.host.gameInfo() == GameInfo::Connect);
    pair.host.startNextGame(pair.now);
    pair.pump();
    pair.advance(pair.host.config().timing.match.speedCallMs + 500);
}

} // namespace

TEST_CASE("a player who joins a few seconds after the host began to wait is not missing", "[session][grace]") {
    LongWaitPair pair;
    joinLate(pair, 5000); // longer than the silence that pauses a game
    CHECK_FALSE(SessionPair::has(pair.hostEvents, SessionEventKind::PeerSilent));
    CHECK_FALSE(pair.host.peerSilent());
    CHECK(pair.host.gameInfo() == GameInfo::Play);
    CHECK(pair.client.gameInfo() == GameInfo::Play);
    CHECK(pair.host.graceLeftMs(pair.now) == kNever);
}

TEST_CASE("a player who joins more than the grace after the host began to wait plays the match", "[session][grace]") {
    LongWaitPair pair;
    joinLate(pair, kGraceMs + 10'000);
    CHECK_FALSE(SessionPair::has(pair.hostEvents, SessionEventKind::Ended));
    CHECK_FALSE(SessionPair::has(pair.hostEvents, SessionEventKind::PeerSilent));
    CHECK(pair.host.gameInfo() == GameInfo::Play);
    pair.playOut();
    CHECK(pair.host.confirmedState().result != GameResult::Playing);
    CHECK(SessionPair::has(pair.clientEvents, SessionEventKind::GameOver));
}

TEST_CASE("once joined, the grace still runs from the last datagram heard", "[session][grace]") {
    LongWaitPair pair;
    joinLate(pair, kGraceMs + 10'000);
    pair.linkDown = true;
    pair.advance(kGraceMs - 1000, 100);
    CHECK(pair.host.peerSilent());
    CHECK(pair.host.gameInfo() == GameInfo::Pause0);
    CHECK(pair.host.graceLeftMs(pair.now) <= 1000);
    pair.advance(2000, 100);
    const SessionEvent* ended = SessionPair::last(pair.hostEvents, SessionEventKind::Ended);
    REQUIRE(ended != nullptr);
    CHECK(ended->cause == EndCause::PeerLost);
}

TEST_CASE("a host that waits until cancelled never gives up, and plays whoever comes at last", "[session][grace]") {
    SessionConfig hostConfig = configFor(SessionRole::Host);
    hostConfig.timing.connectWaitMs = kNever; // the window's Host a game on its start screen
    SessionPair pair(hostConfig, configFor(SessionRole::Client));
    pair.now = 5000; // a clock that has run a while: its time plus the wait must not wrap
    pair.host.listen(pair.now);
    pair.advance(3 * 3600 * 1000, 60'000); // three hours, far past any `wait`
    CHECK(pair.host.gameInfo() == GameInfo::ConWait);
    CHECK_FALSE(SessionPair::has(pair.hostEvents, SessionEventKind::ConnectFailed));
    pair.client.connect(pair.now, kHost);
    pair.pump();
    pair.advance(500);
    CHECK(pair.host.gameInfo() == GameInfo::Connect);
}

} // namespace speed::protocol::test
