#include "match/LocalMatch.hpp"
#include "PlayToTheEnd.hpp"
#include "table/LegalTargets.hpp"

#include "speed/common/Outcome.hpp"

#include "speed/common/Invariant.hpp"
#include "speed/common/Match.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;
using speed::client::test::playToTheEnd;

namespace {

const TimeMs kSpeedCallMs = MatchTiming{}.speedCallMs;
const TimeMs kResultHoldMs = MatchTiming{}.resultHoldMs;

LocalMatchSetup idleCpu(std::uint64_t seed) {
    LocalMatchSetup setup;
    setup.seed = seed;
    setup.cpuMoves = false;
    return setup;
}


} // namespace

TEST_CASE("local match: the game opens with SPEED! and the flip comes after the call") {
    LocalMatch match(idleCpu(7), 0);
    CHECK(match.info() == GameInfo::Play);
    CHECK(match.tick(0).empty());
    CHECK(match.speedCalled());
    CHECK(match.nextWakeAt(0) == kSpeedCallMs);
    CHECK(match.tick(kSpeedCallMs - 1).empty());
    const auto applied = match.tick(kSpeedCallMs);
    REQUIRE(applied.size() == 1);
    CHECK(applied[0].move.kind == MoveKind::Flip);
    CHECK_FALSE(match.speedCalled());
    CHECK(match.state().pile(0).size() == 1);
    CHECK(conservationError(match.state()).empty());
}

TEST_CASE("local match: a refused move changes nothing - a legal one is applied") {
    LocalMatch match(idleCpu(7), 0);
    match.tick(0);
    match.tick(kSpeedCallMs);
    const GameState before = match.state();
    const Card wrongCard = before.pile(0).top();
    CHECK_FALSE(match.propose(Move::play(0, 0, wrongCard, 0), 1500).accepted());
    CHECK(match.state() == before);
    CHECK(match.propose(Move::play(1, 0, Card{}, 0), 1500).play.error == MoveError::BadSeat); // not our seat
    CHECK(match.propose(Move::flip(), 1500).play.refusal == MatchRefusal::FlipIsAutomatic);
}

TEST_CASE("local match: pause stops the game clock - only PLAY and PAUSE_0 toggle") {
    LocalMatch match(idleCpu(3), 0);
    CHECK(match.elapsedMs(4000) == 4000);
    CHECK(match.togglePause(4000));
    CHECK(match.info() == GameInfo::Pause0);
    CHECK(match.elapsedMs(9000) == 4000);
    CHECK(match.tick(9000).empty());
    CHECK(match.togglePause(10'000));
    CHECK(match.elapsedMs(11'000) == 5000);
    CHECK_FALSE(match.startNextGame(11'000)); // not over yet
}

TEST_CASE("local match: bot against bot plays to the end and reports the result and then EXTGAME and the next game") {
    LocalMatchSetup setup;
    setup.seed = GENERATE(std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{3});
    setup.cpuLevel = BotLevel::Max;
    setup.localBot = BotLevel::Max;
    LocalMatch match(setup, 0);
    const auto applied = playToTheEnd(match, 3'600'000);
    REQUIRE(match.finishedGames().size() == 1);
    const GameRecord& game = match.finishedGames().front();
    CHECK((game.info == GameInfo::Win || game.info == GameInfo::Draw || game.info == GameInfo::Defeat));
    CHECK(game.moves == static_cast<int>(applied.size()));
    CHECK(game.seed == setup.seed);
    for (const AppliedMove& record : applied) CHECK(conservationError(record.after).empty());
    CHECK(match.info() == game.info);
    const TimeMs endWall = game.durationMs; // started at wall time 0, never paused
    CHECK(match.nextWakeAt(endWall) == endWall + kResultHoldMs);
    match.tick(endWall + kResultHoldMs - 1);
    CHECK(match.info() == game.info);
    match.tick(endWall + kResultHoldMs);
    CHECK(match.info() == GameInfo::ExtGame);
    CHECK(match.elapsedMs(endWall + 99'999) == game.durationMs); // the clock stops at the end
    REQUIRE(match.startNextGame(endWall + kResultHoldMs));
    CHECK(match.info() == GameInfo::Play);
    CHECK(match.gameNumber() == 2);
    CHECK(match.gameSeed() == setup.seed + 1);
    CHECK(match.refusedTransitions() == 0); // every change was in docs/STATES.md's table
}

namespace {

// The first move `seat` can make on the table (a play, else a refill), as a player would find it.
std::optional<Move> firstMoveOf(const GameState& state, int seat) {
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const Place source = Place::handSlot(seat, slot);
        if (!canPickUp(state, seat, source)) continue;
        if (const auto target = clickTarget(state, seat, source)) return moveFor(state, seat, source, *target);
    }
    if (const auto target = clickTarget(state, seat, Place::deck(seat))) return moveFor(state, seat, Place::deck(seat), *target);
    return std::nullopt;
}

LocalMatchSetup twoPlayers(std::uint64_t seed) {
    LocalMatchSetup setup;
    setup.seed = seed;
    setup.mode = LocalMode::TwoPlayers;
    setup.cpuMoves = true; // not used: nobody is a bot in two-player mode
    return setup;
}

} // namespace

TEST_CASE("local match, two players: both seats' moves are taken and no seat moves by itself") {
    LocalMatch match(twoPlayers(GENERATE(std::uint64_t{5}, std::uint64_t{6}, std::uint64_t{11})), 0);
    CHECK(match.bothSeatsLocal());
    CHECK(match.localSeat() == 0);
    match.tick(0);
    const auto flip = match.tick(kSpeedCallMs);
    REQUIRE(flip.size() == 1);
    CHECK(flip[0].move.kind == MoveKind::Flip);
    // Nobody thinks for either seat: after a long wait nothing was applied and nothing is due.
    CHECK(match.tick(kSpeedCallMs + 60'000).empty());
    CHECK(match.state().movesApplied == 1);
    TimeMs now = kSpeedCallMs + 60'000;
    int played = 0;
    for (int seat : {1, 0, 1, 0}) { // the top player first: either may start
        const auto move = firstMoveOf(match.state(), seat);
        if (!move) continue;
        const GameState before = match.state();
        const MoveAnswer answer = match.propose(*move, ++now);
        CHECK(answer.accepted());
        CHECK(match.state() != before);
        ++played;
        now += 30'000;
        for (const AppliedMove& applied : match.tick(now)) CHECK(applied.move.kind == MoveKind::Flip); // nobody answers the move
    }
    CHECK(played >= 2);
    CHECK(match.propose(Move::flip(), now).play.refusal == MatchRefusal::FlipIsAutomatic);
    CHECK(match.refusedTransitions() == 0);
}

TEST_CASE("local match: against the CPU the top seat's move stays refused (two-player mode is its own)") {
    LocalMatchSetup setup = twoPlayers(5);
    setup.mode = LocalMode::VsCpu;
    setup.cpuMoves = false;
    LocalMatch match(setup, 0);
    CHECK_FALSE(match.bothSeatsLocal());
    match.tick(0);
    match.tick(kSpeedCallMs);
    const auto move = firstMoveOf(match.state(), 1);
    REQUIRE(move);
    CHECK(match.propose(*move, kSpeedCallMs + 1).play.error == MoveError::BadSeat);
}

TEST_CASE("local match, two players: the result is told from the bottom seat's side, and the next game deals") {
    LocalMatch match(twoPlayers(GENERATE(std::uint64_t{1}, std::uint64_t{2})), 0);
    TimeMs now = 0;
    match.tick(now);
    // Both players play whatever they can, the top one first, until the game is over.
    for (int step = 0; step < 2000 && match.finishedGames().empty(); ++step) {
        bool moved = false;
        for (int seat : {1, 0}) {
            if (const auto move = firstMoveOf(match.state(), seat); move && match.propose(*move, now).accepted()) moved = true;
        }
        now = moved ? now + 10 : std::max(now + 1, match.nextWakeAt(now));
        match.tick(now);
    }
    REQUIRE(match.finishedGames().size() == 1);
    const GameRecord& game = match.finishedGames().front();
    const Outcome fromBottom = outcomeFor(game.result, 0);
    CHECK(game.info == (fromBottom == Outcome::Won ? GameInfo::Win : fromBottom == Outcome::Lost ? GameInfo::Defeat : GameInfo::Draw));
    now += kResultHoldMs;
    match.tick(now);
    REQUIRE(match.startNextGame(now));
    CHECK(match.gameNumber() == 2);
    CHECK(match.bothSeatsLocal());
}
