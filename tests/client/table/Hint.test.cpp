#include "table/Hint.hpp"

#include "common/TableBuilder.hpp"
#include "speed/common/Referee.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;
using speed::test::card;
using speed::test::Table;

TEST_CASE("hint: lights a legal play when there is one", "[hint]") {
    // The H5 fits neither pile; the S8 fits the 9 on pile 1; a refill into slot 0 is possible too,
    // but a play comes first.
    const GameState state = Table().hand(0, "-- S8 H5 --").deck(0, "C1").pile(0, "D2").pile(1, "C9").hand(1, "DA").state();
    const Hint hint = hintFor(state, 0);
    CHECK(hint.kind == HintKind::Play);
    REQUIRE(hint.lit == std::vector<Place>{Place::handSlot(0, 1), Place::pile(1)});
    CHECK(checkMove(state, Move::play(0, 1, card("S8"), 1)) == MoveError::None);
}

TEST_CASE("hint: the deck and the empty slot when only a refill is possible", "[hint]") {
    const GameState state = Table().hand(0, "H5 -- S8 --").deck(0, "C1").pile(0, "D2").pile(1, "CB").hand(1, "DA").state();
    const Hint hint = hintFor(state, 0);
    CHECK(hint.kind == HintKind::Refill);
    CHECK(hint.lit == std::vector<Place>{Place::deck(0), Place::handSlot(0, 1)});
}

TEST_CASE("hint: says why there is nothing to light", "[hint]") {
    // Neither seat can move: SPEED! comes.
    const GameState stuck = Table().hand(0, "H5 S8 H8 S5").deck(0, "C1").pile(0, "D2").pile(1, "CB").hand(1, "D5 -- -- --").state();
    CHECK(hintFor(stuck, 0).kind == HintKind::NobodyCanPlay);
    CHECK(hintFor(stuck, 0).lit.empty());
    // The other seat can play the 10 on the J: this one waits.
    const GameState waiting = Table().hand(0, "H5 S8 H8 S5").deck(0, "C1").pile(0, "D2").pile(1, "CB").hand(1, "DA").state();
    CHECK(hintFor(waiting, 0).kind == HintKind::Wait);
    GameState over = waiting;
    over.result = GameResult::Seat1Wins;
    CHECK(hintFor(over, 0).kind == HintKind::NoGame);
}
