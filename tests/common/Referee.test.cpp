#include "speed/common/Deal.hpp"
#include "speed/common/Invariant.hpp"
#include "speed/common/Referee.hpp"

#include "TableBuilder.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using speed::test::card;
using speed::test::Table;

namespace {

// A refused move must leave the table exactly as it was.
void requireRefused(GameState state, const Move& move, MoveError expected) {
    const GameState before = state;
    CHECK(checkMove(state, move) == expected);
    CHECK(applyMove(state, move) == expected);
    CHECK(state == before);
    CHECK_FALSE(describe(expected).empty());
}

} // namespace

TEST_CASE("a card one rank from the pile's top is played onto it", "[rules]") {
    GameState state = Table().deck(0, "S9").hand(0, "H5 -- -- --").deck(1, "C9").hand(1, "C2 -- -- --")
                          .pile(0, "D4").pile(1, "SC").state();
    REQUIRE(applyMove(state, Move::play(0, 0, card("H5"), 0)) == MoveError::None);
    CHECK(state.pile(0).top() == card("H5"));
    CHECK_FALSE(state.player(0).hand[0]);
    CHECK(state.movesApplied == 1);
}

TEST_CASE("K goes on A and A goes on K", "[rules]") {
    GameState state = Table().deck(0, "S9").hand(0, "HD S1 -- --").deck(1, "C9").pile(0, "C1").pile(1, "DD").state();
    CHECK(checkMove(state, Move::play(0, 0, card("HD"), 0)) == MoveError::None);
    CHECK(checkMove(state, Move::play(0, 1, card("S1"), 1)) == MoveError::None);
    CHECK(checkMove(state, Move::play(0, 0, card("HD"), 1)) == MoveError::NotAdjacent);
}

TEST_CASE("jokers go on anything and anything goes on a joker", "[rules]") {
    GameState state = Table().deck(0, "S9").hand(0, "JJ H7 -- --").deck(1, "C9").pile(0, "C1").pile(1, "JJ").state();
    CHECK(checkMove(state, Move::play(0, 0, card("JJ"), 0)) == MoveError::None);
    CHECK(checkMove(state, Move::play(0, 1, card("H7"), 1)) == MoveError::None);
    CHECK(checkMove(state, Move::play(0, 1, card("H7"), 0)) == MoveError::NotAdjacent);
}

TEST_CASE("illegal moves are refused with a reason and change nothing", "[rules]") {
    const GameState state = Table().deck(0, "S9").hand(0, "H5 -- -- --").deck(1, "C9").hand(1, "C7 -- -- --")
                                .pile(0, "D4").pile(1, "SC").state();
    SECTION("a card that is not in the player's hand") {
        requireRefused(state, Move::play(0, 0, card("H6"), 0), MoveError::CardNotInHand);
        requireRefused(state, Move::play(0, 1, card("H5"), 0), MoveError::CardNotInHand);
        requireRefused(state, Move::play(1, 0, card("H5"), 0), MoveError::CardNotInHand);
    }
    SECTION("a bad pile index") {
        requireRefused(state, Move::play(0, 0, card("H5"), 2), MoveError::BadPile);
        requireRefused(state, Move::play(0, 0, card("H5"), -1), MoveError::BadPile);
    }
    SECTION("a bad slot or seat") {
        requireRefused(state, Move::play(0, 4, card("H5"), 0), MoveError::BadSlot);
        requireRefused(state, Move::play(0, -1, card("H5"), 0), MoveError::BadSlot);
        requireRefused(state, Move::play(2, 0, card("H5"), 0), MoveError::BadSeat);
        requireRefused(state, Move::refill(-1, 0), MoveError::BadSeat);
    }
    SECTION("a card that does not fit") {
        requireRefused(state, Move::play(0, 0, card("H5"), 1), MoveError::NotAdjacent);
    }
    SECTION("an unknown code never becomes a move") {
        CHECK_FALSE(parseCard("Z9").card);
        CHECK_THROWS(card("Z9")); // the test helper throws; the engine never sees the code
    }
    SECTION("a flip while someone can still move") {
        requireRefused(state, Move::flip(), MoveError::NotStalemate);
    }
}

TEST_CASE("refill only into an empty slot and only from a non-empty deck", "[rules]") {
    GameState state = Table().deck(0, "S9 S8").hand(0, "H5 -- -- --").hand(1, "C7 -- -- --")
                          .pile(0, "D4").pile(1, "SC").state();
    requireRefused(state, Move::refill(0, 0), MoveError::SlotOccupied);
    requireRefused(state, Move::refill(1, 1), MoveError::DeckEmpty);
    requireRefused(state, Move::refill(0, 4), MoveError::BadSlot);
    REQUIRE(applyMove(state, Move::refill(0, 2)) == MoveError::None);
    CHECK(state.player(0).hand[2] == card("S8")); // the deck's top card
    CHECK(state.player(0).deck.size() == 1);
}

TEST_CASE("auto refill puts the deck's top card into the slot just played", "[rules]") {
    RuleOptions rules;
    rules.refill = RefillMode::Auto;
    GameState state = Table().rules(rules).deck(0, "S9 S8").hand(0, "H5 -- -- --").deck(1, "C9")
                          .pile(0, "D4").pile(1, "SC").state();
    REQUIRE(applyMove(state, Move::play(0, 0, card("H5"), 0)) == MoveError::None);
    CHECK(state.player(0).hand[0] == card("S8"));
    CHECK(state.player(0).deck.size() == 1);
}

TEST_CASE("stalemate: right after the deal, after a move, and the flip that ends it", "[rules][stalemate]") {
    SECTION("right after the deal the field is empty and hands are full: SPEED!") {
        GameState state = deal(RuleOptions{}, 11);
        CHECK(needsFlip(state));
        const int deck0 = state.player(0).deck.size();
        CHECK(state.flips == 0);
        REQUIRE(applyMove(state, Move::flip()) == MoveError::None);
        CHECK(state.flips == 1); // what tells a bot that both tops are new
        CHECK(state.pile(0).size() == 1);
        CHECK(state.pile(1).size() == 1);
        CHECK(state.player(0).deck.size() == deck0 - 1);
        CHECK(conservationError(state).empty());
    }
    SECTION("after a move leaves nobody able to play or refill") {
        GameState state = Table().deck(0, "S9").hand(0, "H5 HC SC DC").deck(1, "C9").hand(1, "C8 H8 D8 S8")
                              .pile(0, "D4").pile(1, "S1").state();
        CHECK_FALSE(needsFlip(state));
        REQUIRE(applyMove(state, Move::play(0, 0, card("H5"), 0)) == MoveError::None);
        CHECK_FALSE(needsFlip(state)); // seat 0 may still refill the empty slot
        REQUIRE(applyMove(state, Move::refill(0, 0)) == MoveError::None);
        CHECK(state.flips == 0); // plays and refills are not flips
        CHECK(needsFlip(state));
        CHECK(checkMove(state, Move::play(1, 0, card("C8"), 0)) == MoveError::NotAdjacent);
    }
}

TEST_CASE("a flip with an empty deck uses the leftmost hand card", "[rules][stalemate]") {
    GameState state = Table().hand(0, "-- H9 SC --").deck(1, "C8 S8").hand(1, "H8 D8 S8 C8")
                          .pile(0, "D4").pile(1, "S1").state();
    REQUIRE(needsFlip(state));
    REQUIRE(applyMove(state, Move::flip()) == MoveError::None);
    CHECK(state.pile(0).top() == card("H9"));
    CHECK_FALSE(state.player(0).hand[1]);
    CHECK(state.pile(1).top() == card("S8"));
    CHECK(state.result == GameResult::Playing);
}

TEST_CASE("an empty hand with cards left in the deck is not a win", "[rules][end]") {
    GameState state = Table().deck(0, "S9").hand(0, "H5 -- -- --").deck(1, "C9").hand(1, "C2 -- -- --")
                          .pile(0, "D4").pile(1, "SC").state();
    REQUIRE(applyMove(state, Move::play(0, 0, card("H5"), 0)) == MoveError::None);
    CHECK(state.player(0).handCount() == 0);
    CHECK(state.result == GameResult::Playing);
}

TEST_CASE("the first seat out of cards wins", "[rules][end]") {
    GameState state = Table().hand(0, "-- H5 -- --").deck(1, "C9").hand(1, "C2 -- -- --")
                          .pile(0, "D4").pile(1, "SC").state();
    REQUIRE(applyMove(state, Move::play(0, 1, card("H5"), 0)) == MoveError::None);
    CHECK(state.result == GameResult::Seat0Wins);
    requireRefused(state, Move::play(1, 0, card("C2"), 0), MoveError::GameOver);
}

TEST_CASE("both seats out of cards at the same flip is a draw", "[rules][end]") {
    GameState state = Table().hand(0, "H9 -- -- --").hand(1, "-- -- -- C9").pile(0, "D4").pile(1, "S1").state();
    REQUIRE(needsFlip(state));
    REQUIRE(applyMove(state, Move::flip()) == MoveError::None);
    CHECK(state.result == GameResult::Draw);
}

TEST_CASE("both decks empty and nobody can move: flips from hands until someone is out", "[rules][end]") {
    GameState state = Table().hand(0, "H9 H7 -- --").hand(1, "C9 -- -- --").pile(0, "D4").pile(1, "S1").state();
    REQUIRE(needsFlip(state));
    REQUIRE(applyMove(state, Move::flip()) == MoveError::None);
    CHECK(state.result == GameResult::Seat1Wins);
}
