// A host restored from its journal tells whoever draws its seat what any game tells: the game
// it took back starts (its table, and how many moves it had), then every move applied in it.
#include "RestoredHost.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

namespace speed::protocol::test {
namespace {

int countOf(const std::vector<SessionEvent>& events, SessionEventKind kind) {
    return static_cast<int>(
        std::count_if(events.begin(), events.end(), [&](const SessionEvent& e) { return e.kind == kind; }));
}

// Where the first event of `kind` is (the end when there is none).
std::size_t firstOf(const std::vector<SessionEvent>& events, SessionEventKind kind) {
    const auto found =
        std::find_if(events.begin(), events.end(), [&](const SessionEvent& e) { return e.kind == kind; });
    return static_cast<std::size_t>(found - events.begin());
}

} // namespace

TEST_CASE("a host restored from its journal announces the game it took back, then each move", "[session][resume]") {
    RestoredHost rig;
    rig.startAndPlay(6);
    const int movesBefore = rig.host->match().moves() + rig.host->match().flips();
    const int flipsBefore = rig.host->match().flips();
    REQUIRE(movesBefore > 3);
    const GameState before = rig.host->confirmedState();

    rig.restartHost();
    const std::size_t startedAt = firstOf(rig.hostEvents, SessionEventKind::GameStarted);
    REQUIRE(startedAt < rig.hostEvents.size());
    const SessionEvent* started = &rig.hostEvents[startedAt];
    CHECK(started->game == 1);
    REQUIRE(started->table != nullptr);
    CHECK(sameTable(*started->table, before));
    CHECK(started->movesBefore == movesBefore);
    CHECK(started->flipsBefore == flipsBefore);
    CHECK(countOf(rig.hostEvents, SessionEventKind::GameStarted) == 1);

    rig.advance(500); // the client comes back
    REQUIRE(rig.host->gameInfo() == GameInfo::Play);
    rig.playOut();
    const std::size_t firstMoveAt = firstOf(rig.hostEvents, SessionEventKind::MoveApplied);
    REQUIRE(firstMoveAt < rig.hostEvents.size());
    CHECK(firstMoveAt > startedAt); // the start comes first
    const int applied = countOf(rig.hostEvents, SessionEventKind::MoveApplied);
    CHECK(movesBefore + applied == rig.host->match().moves() + rig.host->match().flips());
    for (const SessionEvent& event : rig.hostEvents) {
        if (event.kind == SessionEventKind::MoveApplied) CHECK(event.game == 1);
    }
    CHECK(countOf(rig.hostEvents, SessionEventKind::GameOver) == 1);
}

TEST_CASE("a host restored after its game ended announces that game and its result", "[session][resume]") {
    RestoredHost rig;
    rig.startAndPlay(5000); // to the end
    REQUIRE(rig.host->confirmedState().result != GameResult::Playing);
    const int moves = rig.host->match().moves() + rig.host->match().flips();
    rig.restartHost();
    const SessionEvent* started = SessionPair::last(rig.hostEvents, SessionEventKind::GameStarted);
    REQUIRE(started != nullptr);
    CHECK(started->movesBefore == moves);
    const SessionEvent* over = SessionPair::last(rig.hostEvents, SessionEventKind::GameOver);
    REQUIRE(over != nullptr);
    CHECK(over > started);
}

} // namespace speed::protocol::test
