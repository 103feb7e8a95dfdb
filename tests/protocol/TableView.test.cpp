#include "speed/common/Deal.hpp"
#include "speed/common/Referee.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::protocol;

TEST_CASE("A table written from either seat is rebuilt exactly by the receiver", "[tableview]") {
    GameState state = deal(RuleOptions{}, 11);
    REQUIRE(applyMove(state, Move::flip()) == MoveError::None);
    for (int seat = 0; seat < kSeats; ++seat) {
        const TableView view = viewFromSeat(state, seat);
        CHECK(view.myDeck == state.player(seat).deck);
        CHECK(view.field[0] == state.pile(seat));
        const StateFromView rebuilt = stateFromView(view, seat, state.rules);
        REQUIRE(rebuilt.state);
        CHECK(sameTable(*rebuilt.state, state));
    }
}

TEST_CASE("A view whose hands do not match the rules is refused", "[tableview]") {
    const GameState state = deal(RuleOptions{}, 11);
    RuleOptions fiveSlots;
    fiveSlots.handSize = 5;
    const StateFromView rebuilt = stateFromView(viewFromSeat(state, 0), 0, fiveSlots);
    CHECK_FALSE(rebuilt.state);
    CHECK_FALSE(rebuilt.error.empty());
}

TEST_CASE("Results are told from each seat's side", "[tableview]") {
    CHECK(resultPhase(GameResult::Seat0Wins, 0) == Phase::Won);
    CHECK(resultPhase(GameResult::Seat0Wins, 1) == Phase::Lost);
    CHECK(resultPhase(GameResult::Seat1Wins, 1) == Phase::Won);
    CHECK(resultPhase(GameResult::Draw, 1) == Phase::Draw);
    CHECK(mirrored(Phase::Won) == Phase::Lost);
    CHECK(mirrored(Phase::Pause1) == Phase::Pause1);
}
