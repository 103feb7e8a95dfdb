#include "table/TableMotion.hpp"

#include "speed/common/Deal.hpp"
#include "speed/common/Referee.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

TEST_CASE("table motion: a refused move slides back from its pile, which stays lit for a while", "[client][motion]") {
    const TableLayout layout = computeLayout(1024, 720, LayoutOptions{});
    GameState state = deal(RuleOptions{}, 4);
    applyMove(state, Move::flip());
    TableMotion motion;
    const Card card = *state.player(0).hand[1];
    motion.refusedByHost(Move::play(0, 1, card, 1), layout, 100);
    REQUIRE(motion.timeline().flights().size() == 1);
    CHECK(motion.timeline().flights()[0].card == card);
    CHECK(motion.timeline().flights()[0].to == Place::handSlot(0, 1));
    CHECK(motion.litPile() == 1);
    CHECK(motion.busy(100));
    motion.prune(100 + kHostRefusedFlashMs);
    CHECK_FALSE(motion.litPile());
    CHECK_FALSE(motion.busy(100 + kHostRefusedFlashMs));
}

TEST_CASE("table motion: a nudge and a slide home bring the card back to its own place", "[client][motion]") {
    const TableLayout layout = computeLayout(1024, 720, LayoutOptions{});
    const GameState state = deal(RuleOptions{}, 4);
    TableMotion motion;
    motion.nudge(state, layout, Place::handSlot(0, 2), 0);
    motion.slideHome(state, Place::deck(0), rectOf(layout, Place::pile(0)), 0);
    REQUIRE(motion.timeline().flights().size() == 2);
    CHECK(motion.timeline().flights()[0].to == Place::handSlot(0, 2));
    CHECK(motion.timeline().flights()[0].durationMs == kRefusedNudgeMs);
    CHECK_FALSE(motion.timeline().flights()[1].faceUp); // the deck's card stays face down
    motion.clear();
    CHECK_FALSE(motion.busy(0));
}

TEST_CASE("table motion: a play taken back slides from the pile home to its slot, with which play came first beside it",
          "[client][motion][rewind]") {
    const TableLayout layout = computeLayout(1024, 720, LayoutOptions{});
    GameState state = deal(RuleOptions{}, 4);
    applyMove(state, Move::flip());
    const Card card = *state.player(1).hand[2]; // the table with the card home again
    TableMotion motion;
    motion.takenBack(state, Move::play(1, 2, card, 0), layout, 100, "Ren's 7 went back: your 8 came first by 12 ms");
    REQUIRE(motion.timeline().flights().size() == 1);
    const CardFlight& home = motion.timeline().flights()[0];
    CHECK(home.card == card);
    CHECK(home.faceUp);
    CHECK(home.to == Place::handSlot(1, 2));
    CHECK(home.from.left == rectOf(layout, Place::pile(0)).left); // from the pile, not a jump
    CHECK(home.from.top == rectOf(layout, Place::pile(0)).top);
    CHECK(home.durationMs == kTakenBackSlideMs);
    CHECK(motion.busy(100 + kTakenBackSlideMs - 1));
    CHECK_FALSE(motion.busy(100 + kTakenBackSlideMs));
    CHECK(motion.litPile() == 0);
    REQUIRE(motion.note());
    CHECK(motion.note()->at == Place::handSlot(1, 2));
    CHECK(motion.note()->text == "Ren's 7 went back: your 8 came first by 12 ms");
    CHECK(motion.takeSaid().empty()); // the window logs it in its own words
    motion.prune(100 + kTakenBackNoteMs);
    CHECK_FALSE(motion.note());
    // A refill taken back goes from its slot onto the deck, face down.
    motion.takenBack(state, Move::refill(1, 2), layout, 200, "");
    REQUIRE(motion.timeline().flights().size() == 1);
    CHECK(motion.timeline().flights()[0].to == Place::deck(1));
    CHECK_FALSE(motion.timeline().flights()[0].faceUp);
}

TEST_CASE("table motion: the end of a game is shown once the cards in the air have landed", "[client][motion]") {
    const TableLayout layout = computeLayout(1024, 720, LayoutOptions{});
    GameState state = deal(RuleOptions{}, 4);
    applyMove(state, Move::flip());
    TableMotion motion;
    motion.showEnding(EndingKind::Won, 1, 100); // nothing in the air: at once
    REQUIRE(motion.ending());
    CHECK(motion.ending()->startMs == 100);
    motion.refusedByHost(Move::play(0, 1, *state.player(0).hand[1], 1), layout, 200);
    const CardFlight& flying = motion.timeline().flights().back();
    motion.showEnding(EndingKind::Lost, 1, 250);
    CHECK(motion.ending()->kind == EndingKind::Lost);
    CHECK(motion.ending()->startMs == flying.startMs + flying.durationMs);
    CHECK(motion.ending()->startMs > 250);
}
