#include "table/ShownCheck.hpp"
#include "table/Speeds.hpp"
#include "table/TableMotion.hpp"

#include "common/TableBuilder.hpp"
#include "speed/common/Referee.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;
using speed::test::Table;
using speed::test::card;

namespace {

const TableLayout& layout() {
    static const TableLayout made = computeLayout(1024, 720, {});
    return made;
}

} // namespace

TEST_CASE("shown table: plays shown while others fly land in the order they were made", "[client][motion]") {
    RuleOptions rules;
    rules.refill = RefillMode::Auto;
    GameState state = Table().rules(rules).deck(0, "C1 C2").hand(0, "H5 D6 -- --").pile(0, "D4").pile(1, "S9").deck(1, "C3").hand(1, "S7 -- -- --").state();
    TableMotion motion;
    // Three plays in a row onto pile 0 (H5, then D6, then the opponent's S7), each shown while
    // the last still flies: the pile's top three cards are in the air, in that order.
    for (const Move move : {Move::play(0, 0, card("H5"), 0), Move::play(0, 1, card("D6"), 0), Move::play(1, 0, card("S7"), 0)}) {
        const GameState before = state;
        REQUIRE(applyMove(state, move) == MoveError::None);
        motion.showMove(before, state, move, layout(), 10);
        CHECK(shownTableProblems(state, motion.timeline(), 20).empty());
    }
    CHECK(motion.timeline().pendingArrivals(Place::pile(0), 20) == 3);
    CHECK(shownTableProblems(state, motion.timeline(), 10 + kCardFlightMs).empty()); // all landed
}

TEST_CASE("shown table: a lost or reordered play is named", "[client][motion]") {
    GameState state = Table().deck(0, "C1").hand(0, "H5 D6 -- --").pile(0, "D4").pile(1, "S9").deck(1, "C3").state();
    REQUIRE(applyMove(state, Move::play(0, 0, card("H5"), 0)) == MoveError::None);
    REQUIRE(applyMove(state, Move::play(0, 1, card("D6"), 0)) == MoveError::None);
    const Rect from = layout().hand[0][0];
    SECTION("in the wrong order") {
        Timeline swapped;
        swapped.add({card("D6"), true, from, Place::pile(0), 0, kCardFlightMs});
        swapped.add({card("H5"), true, from, Place::pile(0), 0, kCardFlightMs});
        const auto problems = shownTableProblems(state, swapped, 10);
        REQUIRE(problems.size() == 2);
        CHECK(problems[0] == "D6 lands on pile 0 as card 2, which is H5");
    }
    SECTION("a flight for a card its place does not hold (a play lost)") {
        Timeline lost;
        lost.add({card("S9"), true, from, Place::pile(0), 0, kCardFlightMs});
        CHECK(shownTableProblems(state, lost, 10) == std::vector<std::string>{"S9 lands on pile 0 as card 3, which is D6"});
        Timeline slot;
        slot.add({card("H5"), true, from, Place::handSlot(0, 0), 0, kCardFlightMs});
        CHECK(shownTableProblems(state, slot, 10) == std::vector<std::string>{"H5 flies to hand 0 slot 0, which holds nothing"});
    }
    SECTION("more cards in the air than the place holds") {
        Timeline many;
        for (int i = 0; i < 4; ++i) many.add({card("H5"), true, from, Place::pile(1), 0, kCardFlightMs});
        CHECK(shownTableProblems(state, many, 10) == std::vector<std::string>{"4 cards fly to pile 1, which holds 1"});
    }
}

TEST_CASE("shown table: the deal and the taking back of a play are shown as the state is", "[client][motion]") {
    const GameState dealt = Table().deck(0, "C1 C2").hand(0, "H5 -- D7 S2").deck(1, "C3").hand(1, "S5 H6 -- --").state();
    TableMotion motion;
    motion.deal(dealt, layout(), 0, kDealLandsByMs);
    CHECK(shownTableProblems(dealt, motion.timeline(), 0).empty());
    CHECK(motion.busy(4 * kDealStaggerMs));
    CHECK_FALSE(motion.busy(4 * kDealStaggerMs + kDealFlightMs));
}

TEST_CASE("table motion: a win celebrates for a while, a loss dims, the next game clears them", "[client][motion]") {
    TableMotion motion;
    motion.showEnding(EndingKind::Won, 7, 1000);
    CHECK(motion.busy(1000 + kCelebrationMs - 1));
    CHECK_FALSE(motion.busy(1000 + kCelebrationMs));
    motion.setReducedMotion(true); // no confetti: nothing moves
    CHECK_FALSE(motion.busy(1001));
    motion.showEnding(EndingKind::Lost, 7, 2000);
    CHECK(motion.busy(2000 + kDefeatDimMs - 1)); // the dim fades in, reduced motion or not
    REQUIRE(motion.ending());
    CHECK(motion.ending()->kind == EndingKind::Lost);
    motion.clearEnding();
    CHECK_FALSE(motion.ending());
}

TEST_CASE("shown table: a card played before its refill landed flies on from where it is", "[client][motion]") {
    RuleOptions rules;
    rules.refill = RefillMode::Auto;
    GameState state = Table().rules(rules).deck(0, "C1 H8 D2").hand(0, "S9 D3 -- --").pile(0, "HA").pile(1, "S4").deck(1, "C3").state();
    TableMotion motion;
    // D3 goes, D2 refills its slot (flying); 16 ms later D2 is played on, and H8 refills.
    GameState before = state;
    Move move = Move::play(0, 1, card("D3"), 1);
    REQUIRE(applyMove(state, move) == MoveError::None);
    motion.showMove(before, state, move, layout(), 0);
    before = state;
    move = Move::play(0, 1, card("D2"), 1);
    REQUIRE(applyMove(state, move) == MoveError::None);
    motion.showMove(before, state, move, layout(), 16);
    CHECK(shownTableProblems(state, motion.timeline(), 20).empty());
    int d2Flights = 0;
    for (const CardFlight& flight : motion.timeline().flights()) d2Flights += flight.card == card("D2") ? 1 : 0;
    CHECK(d2Flights == 1); // one D2 on screen, on its way to the pile
}
