#include "table/LegalTargets.hpp"

#include "common/TableBuilder.hpp"
#include "speed/common/Referee.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;
using speed::test::Table;

TEST_CASE("legal targets: a hand card lights exactly the piles checkMove accepts") {
    // H5 goes on D4 (pile 0) but not on S9 (pile 1); JJ goes anywhere; S9 on neither... S9 on S9? no.
    const GameState state =
        Table().deck(0, "C1 C2").hand(0, "H5 JJ S8 --").pile(0, "D4").pile(1, "S9").deck(1, "C3").hand(1, "DA -- -- --").state();
    CHECK(legalTargets(state, 0, Place::handSlot(0, 0)) == std::vector<Place>{Place::pile(0)});
    CHECK(legalTargets(state, 0, Place::handSlot(0, 1)) == std::vector<Place>{Place::pile(0), Place::pile(1)});
    CHECK(legalTargets(state, 0, Place::handSlot(0, 2)) == std::vector<Place>{Place::pile(1)});
    for (int slot = 0; slot < 3; ++slot) {
        for (const Place& target : legalTargets(state, 0, Place::handSlot(0, slot))) {
            CHECK(checkMove(state, *moveFor(state, 0, Place::handSlot(0, slot), target)) == MoveError::None);
        }
    }
}

TEST_CASE("legal targets: the deck lights the empty hand slots - nothing else can be picked up") {
    const GameState state = Table().deck(0, "C1 C2").hand(0, "H5 -- S8 --").pile(0, "D4").pile(1, "S9").deck(1, "C3").state();
    CHECK(legalTargets(state, 0, Place::deck(0)) == std::vector<Place>{Place::handSlot(0, 1), Place::handSlot(0, 3)});
    CHECK(clickTarget(state, 0, Place::deck(0)) == Place::handSlot(0, 1));
    CHECK_FALSE(canPickUp(state, 0, Place::handSlot(0, 1)));   // empty slot
    CHECK_FALSE(canPickUp(state, 0, Place::deck(1)));          // the opponent's deck
    CHECK_FALSE(canPickUp(state, 0, Place::pile(0)));          // the field
    CHECK(legalTargets(state, 0, Place::handSlot(1, 0)).empty());
}

TEST_CASE("legal targets: an empty deck and a card with no pile give nothing to do") {
    const GameState state = Table().hand(0, "S2 -- -- --").pile(0, "D7").pile(1, "H9").deck(1, "C3").state();
    CHECK(legalTargets(state, 0, Place::deck(0)).empty());
    CHECK(legalTargets(state, 0, Place::handSlot(0, 0)).empty());
    CHECK_FALSE(clickTarget(state, 0, Place::handSlot(0, 0)).has_value());
}

TEST_CASE("moveFor: gestures that are no move at all give nothing") {
    const GameState state = Table().deck(0, "C1").hand(0, "H5 -- -- --").pile(0, "D4").pile(1, "S9").state();
    CHECK_FALSE(moveFor(state, 0, Place::handSlot(0, 0), Place::handSlot(0, 1)).has_value());
    CHECK_FALSE(moveFor(state, 0, Place::deck(0), Place::pile(0)).has_value());
    CHECK_FALSE(moveFor(state, 0, Place::deck(0), Place::handSlot(1, 0)).has_value());
    CHECK(moveFor(state, 0, Place::handSlot(0, 0), Place::pile(1)) == Move::play(0, 0, state.player(0).hand[0].value(), 1));
}
