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
