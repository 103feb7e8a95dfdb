#include "table/TutorialCourse.hpp"

#include "common/TableBuilder.hpp"
#include "speed/common/Referee.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace speed;
using namespace speed::client;
using speed::test::card;
using speed::test::Table;

namespace {

// Applies `move` to `state` and tells the course; true when it finished the step.
bool doMove(TutorialCourse& course, GameState& state, const Move& move) {
    const GameState before = state;
    REQUIRE(applyMove(state, move) == MoveError::None);
    return course.noteMove(move, before, state);
}

bool lights(const std::vector<Place>& lit, const Place& place) {
    return std::find(lit.begin(), lit.end(), place) != lit.end();
}

} // namespace

TEST_CASE("tutorial course: each step is done only by its own action", "[tutorial]") {
    TutorialCourse course;
    // Hands full, piles empty: only the flip can happen.
    GameState state = Table().hand(0, "D8 SD JJ C3").deck(0, "S2 S3 C4 C7").hand(1, "HA H4 C5 D6").deck(1, "H2 H1").state();
    CHECK(course.step() == TutorialStep::Opening);
    CHECK(lights(course.lit(state), Place::pile(0)));
    CHECK_FALSE(course.asksFor(Move::play(0, 0, card("D8"), 0), state));
    CHECK(doMove(course, state, Move::flip())); // 7♣ and A♥ turned
    REQUIRE(course.step() == TutorialStep::Play);

    // One up or down: the 8 on the 7 is lit; the K on the A (a wrap) and the joker are not asked for.
    auto lit = course.lit(state);
    CHECK(lights(lit, Place::handSlot(0, 0)));
    CHECK(lights(lit, Place::pile(0)));
    CHECK_FALSE(lights(lit, Place::handSlot(0, 1)));
    CHECK_FALSE(lights(lit, Place::handSlot(0, 2)));
    CHECK(course.asksFor(Move::play(0, 0, card("D8"), 0), state));
    CHECK_FALSE(course.asksFor(Move::play(0, 1, card("SD"), 1), state));
    CHECK_FALSE(course.asksFor(Move::play(0, 2, card("JJ"), 0), state));
    {
        // Another step's action (the wrap, the joker) leaves the step where it is.
        GameState other = state;
        TutorialCourse copy = course;
        CHECK_FALSE(doMove(copy, other, Move::play(0, 1, card("SD"), 1)));
        CHECK_FALSE(doMove(copy, other, Move::play(0, 2, card("JJ"), 0)));
        CHECK(copy.step() == TutorialStep::Play);
    }
    CHECK(doMove(course, state, Move::play(0, 0, card("D8"), 0)));
    REQUIRE(course.step() == TutorialStep::Wrap);

    // King and ace: only the wrap does it.
    lit = course.lit(state);
    CHECK(lights(lit, Place::handSlot(0, 1)));
    CHECK(lights(lit, Place::pile(1)));
    CHECK_FALSE(lights(lit, Place::handSlot(0, 2)));
    CHECK(isWrap(state, Move::play(0, 1, card("SD"), 1)));
    CHECK(doMove(course, state, Move::play(0, 1, card("SD"), 1)));
    REQUIRE(course.step() == TutorialStep::Joker);

    // The joker: a refill does not do it, the joker's play does.
    lit = course.lit(state);
    CHECK(lights(lit, Place::handSlot(0, 2)));
    CHECK(lights(lit, Place::pile(0)));
    CHECK(lights(lit, Place::pile(1)));
    CHECK_FALSE(doMove(course, state, Move::refill(0, 0)));
    CHECK(course.step() == TutorialStep::Joker);
    CHECK(doMove(course, state, Move::play(0, 2, card("JJ"), 0)));
    REQUIRE(course.step() == TutorialStep::Refill);

    // The refill: done once the hand is full (or the deck empty), not by the first card alone.
    lit = course.lit(state);
    CHECK(lights(lit, Place::deck(0)));
    CHECK(lights(lit, Place::handSlot(0, 1)));
    CHECK_FALSE(course.asksFor(Move::play(0, 3, card("C3"), 0), state)); // legal on the joker, not this step's
    CHECK_FALSE(doMove(course, state, Move::refill(0, 1)));
    CHECK(course.step() == TutorialStep::Refill);
    CHECK(doMove(course, state, Move::refill(0, 2))); // the deck is empty now
    REQUIRE(course.step() == TutorialStep::Speed);

    // SPEED!: the opponent's play is no flip; nothing of the player's is asked for.
    CHECK_FALSE(course.asksFor(Move::play(0, 3, card("C3"), 0), state));
    CHECK_FALSE(doMove(course, state, Move::play(1, 3, card("D6"), 0)));
    CHECK(course.step() == TutorialStep::Speed);
}

TEST_CASE("tutorial course: the end of the game finishes it; skips and replay", "[tutorial]") {
    TutorialCourse course;
    GameState state = Table().hand(0, "D8 -- -- --").pile(0, "C7").pile(1, "H1").hand(1, "H4 -- -- --").state();
    course.skipStep();
    CHECK(course.step() == TutorialStep::Play);
    CHECK(course.skippedAny());
    course.skipStep();
    CHECK(course.step() == TutorialStep::Wrap);
    CHECK(course.stepNumber() == 3);
    // The player's last card ends the game: the course is done, whatever step it was at.
    CHECK(doMove(course, state, Move::play(0, 0, card("D8"), 0)));
    CHECK(course.done());
    CHECK(course.lit(state).empty());
    course.skipStep(); // nothing past the end
    CHECK(course.done());

    course.restart();
    CHECK(course.step() == TutorialStep::Opening);
    CHECK_FALSE(course.skippedAny());
    course.skipAll();
    CHECK(course.done());
    CHECK(course.skippedAny());
    CHECK(stepName(TutorialStep::Refill) == "refill");
}
