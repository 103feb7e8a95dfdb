#include "match/TutorialMatch.hpp"

#include "speed/common/Referee.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace speed;
using namespace speed::client;

namespace {

// The first legal move of the local seat that the step asks for, made as the lit places say.
std::optional<Move> litMove(const TutorialMatch& match) {
    const GameState& state = match.state();
    const auto lit = match.lit();
    const auto isLit = [&lit](const Place& place) { return std::find(lit.begin(), lit.end(), place) != lit.end(); };
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const Move refill = Move::refill(0, slot);
        if (isLit(Place::deck(0)) && checkMove(state, refill) == MoveError::None) return refill;
        const auto& card = state.player(0).hand[static_cast<std::size_t>(slot)];
        if (!card || !isLit(Place::handSlot(0, slot))) continue;
        for (int pile = 0; pile < kFieldPiles; ++pile) {
            const Move play = Move::play(0, slot, *card, pile);
            if (isLit(Place::pile(pile)) && checkMove(state, play) == MoveError::None && match.course().asksFor(play, state)) {
                return play;
            }
        }
    }
    return std::nullopt;
}

// Waits (in steps of 100 ms) until the match does something by itself or `limit` passes.
TimeMs waitForChange(TutorialMatch& match, TimeMs now, TimeMs limit) {
    const int moves = match.state().movesApplied;
    for (TimeMs end = now + limit; now < end && match.state().movesApplied == moves; now += 100) match.tick(now);
    return now;
}

} // namespace

TEST_CASE("tutorial match: the stacked deal is a game's start that opens with SPEED!", "[tutorial]") {
    const GameState table = tutorialTable();
    Match match;
    REQUIRE(match.start(table, 0));
    CHECK(needsFlip(table));
    CHECK(table.rules == RuleOptions{});
}

TEST_CASE("tutorial match: the lit moves reach every step in order and the player wins", "[tutorial]") {
    TutorialMatch match(0);
    TimeMs now = 0;
    std::vector<TutorialStep> seen{match.course().step()};
    for (int guard = 0; guard < 200 && !match.course().done(); ++guard) {
        if (const auto move = litMove(match)) {
            REQUIRE(match.propose(*move, now).accepted());
            now += 300;
        } else {
            now = waitForChange(match, now, 10'000); // the flip, or the opponent
        }
        match.tick(now);
        if (match.course().step() != seen.back()) seen.push_back(match.course().step());
    }
    CHECK(seen == std::vector<TutorialStep>{TutorialStep::Opening, TutorialStep::Play, TutorialStep::Wrap,
                                             TutorialStep::Joker, TutorialStep::Refill, TutorialStep::Speed,
                                             TutorialStep::Win, TutorialStep::Done});
    CHECK(match.state().result == GameResult::Seat0Wins);
    CHECK(match.info() == GameInfo::Win);
    CHECK(match.opponentMoves() == 2); // it covered the joker and refilled, nothing more
    CHECK(match.finishedGames().empty()); // the lesson is no game of the statistics
    CHECK_FALSE(match.startNextGame(now));
}

TEST_CASE("tutorial match: the opponent waits for the player, and a move not asked for is refused", "[tutorial]") {
    TutorialMatch match(0);
    match.tick(kTutorialTiming.speedCallMs); // the opening flip
    REQUIRE(match.course().step() == TutorialStep::Play);
    const GameState before = match.state();
    // A minute with nothing done by the player: the opponent (which could play its 6♦ on the 7♣) waits.
    for (TimeMs now = kTutorialTiming.speedCallMs; now < 60'000; now += 250) CHECK(match.tick(now).empty());
    CHECK(match.state() == before);
    CHECK(match.nextWakeAt(60'000) == kNever);
    // The K♠ on the A♥ is legal, but this step asks for the 8♦.
    const Move wrap = Move::play(0, 1, Card::of(Suit::Spade, 13), 1);
    REQUIRE(checkMove(before, wrap) == MoveError::None);
    const MoveAnswer answer = match.propose(wrap, 60'000);
    CHECK_FALSE(answer.accepted());
    CHECK_FALSE(answer.refusedBy.empty());
    CHECK(match.state() == before);
    // An illegal move is refused by the rules as in any game.
    CHECK(match.propose(Move::play(0, 3, Card::of(Suit::Club, 3), 0), 60'000).play.error == MoveError::NotAdjacent);
    // Skipped: from then on any legal move is taken.
    match.skipStep(60'000);
    CHECK(match.course().step() == TutorialStep::Wrap);
    CHECK(match.propose(Move::play(0, 0, Card::of(Suit::Diamond, 8), 0), 60'000).accepted());
}

TEST_CASE("tutorial match: at the SPEED! step the opponent moves, slowly, until nobody can play", "[tutorial]") {
    TutorialMatch match(0);
    TimeMs now = kTutorialTiming.speedCallMs;
    match.tick(now);
    for (const Move& move : {Move::play(0, 0, Card::of(Suit::Diamond, 8), 0), Move::play(0, 1, Card::of(Suit::Spade, 13), 1),
                             Move::play(0, 2, Card::joker(), 1), Move::refill(0, 0), Move::refill(0, 1), Move::refill(0, 2)}) {
        REQUIRE(match.propose(move, now).accepted());
    }
    REQUIRE(match.course().step() == TutorialStep::Speed);
    CHECK(match.nextWakeAt(now) == now + kTutorialOpponentMs);
    CHECK(match.tick(now + kTutorialOpponentMs - 1).empty());
    const auto covered = match.tick(now + kTutorialOpponentMs);
    REQUIRE(covered.size() == 1);
    CHECK(covered[0].move.seat == 1);
    CHECK(match.state().pile(1).top() == Card::of(Suit::Heart, 10)); // over the joker
    now = waitForChange(match, now + kTutorialOpponentMs, 10'000);   // its refill
    CHECK(match.opponentMoves() == 2);
    CHECK(match.speedCalled());
    now = waitForChange(match, now, 10'000); // the flip
    CHECK(match.course().step() == TutorialStep::Win);
    // Replayed: the first step on a fresh deal.
    match.restart(now);
    CHECK(match.course().step() == TutorialStep::Opening);
    CHECK(match.state() == tutorialTable());
}
