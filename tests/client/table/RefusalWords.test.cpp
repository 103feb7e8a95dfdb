#include "table/RefusalWords.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

TEST_CASE("refusal words: every reason a player can meet reads as a short sentence", "[client][words]") {
    CHECK(refusalWords({MatchRefusal::None, MoveError::NotAdjacent}) == "only one rank up or down");
    CHECK(refusalWords({MatchRefusal::None, MoveError::PileEmpty}) == "wait for the SPEED! flip");
    CHECK(refusalWords({MatchRefusal::Paused, MoveError::None}) == "the game is paused");
    CHECK(refusalWords({MatchRefusal::None, MoveError::None}, true) == "wait: your last move is still on its way");
    for (MoveError error : {MoveError::GameOver, MoveError::BadSeat, MoveError::BadSlot, MoveError::BadPile,
                            MoveError::CardNotInHand, MoveError::PileEmpty, MoveError::NotAdjacent,
                            MoveError::SlotOccupied, MoveError::DeckEmpty, MoveError::NotStalemate}) {
        const std::string words = refusalWords({MatchRefusal::None, error});
        INFO(static_cast<int>(error));
        CHECK_FALSE(words.empty());
        CHECK(words.size() <= 45); // fits beside a card
    }
}

TEST_CASE("refusal words: a move the host took back was a lost race", "[client][words]") {
    CHECK(hostRefusalWords({MatchRefusal::None, MoveError::NotAdjacent}) == "too late: the other player was first");
    CHECK(hostRefusalWords({MatchRefusal::None, MoveError::CardNotInHand}) == "too late: the other player was first");
    CHECK(hostRefusalWords({MatchRefusal::Paused, MoveError::None}) == "the game is paused");
}
