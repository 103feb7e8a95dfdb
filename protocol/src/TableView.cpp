#include "speed/protocol/TableView.hpp"

#include "speed/common/Outcome.hpp"
#include "speed/common/Referee.hpp"

namespace speed::protocol {
namespace {

HandSlots handOf(const PlayerArea& area, int handSize) {
    return HandSlots(area.hand.begin(), area.hand.begin() + handSize);
}

} // namespace

TableView viewFromSeat(const GameState& state, int seat) {
    const int other = 1 - seat;
    TableView view;
    view.myDeck = state.player(seat).deck;
    view.myHand = handOf(state.player(seat), state.rules.handSize);
    view.field = {state.pile(seat), state.pile(other)};
    view.opponentHand = handOf(state.player(other), state.rules.handSize);
    view.opponentDeck = state.player(other).deck;
    return view;
}

StateFromView stateFromView(const TableView& view, int senderSeat, const RuleOptions& rules) {
    const auto handSize = static_cast<std::size_t>(rules.handSize);
    if (view.myHand.size() != handSize || view.opponentHand.size() != handSize) {
        return {std::nullopt, "hands have " + std::to_string(view.myHand.size()) + " and " +
                                  std::to_string(view.opponentHand.size()) + " slots, the rules say " +
                                  std::to_string(rules.handSize)};
    }
    const int other = 1 - senderSeat;
    GameState state;
    state.rules = rules;
    state.player(senderSeat).deck = view.myDeck;
    state.player(other).deck = view.opponentDeck;
    for (std::size_t slot = 0; slot < handSize; ++slot) {
        state.player(senderSeat).hand[slot] = view.myHand[slot];
        state.player(other).hand[slot] = view.opponentHand[slot];
    }
    state.pile(senderSeat) = view.field[0];
    state.pile(other) = view.field[1];
    state.result = resultOf(state);
    return {state, {}};
}

Move moveSeenFrom(const Move& move, int seat) {
    if (move.kind == MoveKind::Flip) return move;
    Move seen = move;
    seen.seat = move.seat ^ seat;
    if (move.kind == MoveKind::Play) seen.pile = move.pile ^ seat;
    return seen;
}

Phase mirrored(Phase phase) {
    if (phase == Phase::Won) return Phase::Lost;
    if (phase == Phase::Lost) return Phase::Won;
    return phase;
}

Phase resultPhase(GameResult result, int seat) {
    switch (outcomeFor(result, seat)) {
    case Outcome::Playing: return Phase::Play;
    case Outcome::Draw: return Phase::Draw;
    case Outcome::Won: return Phase::Won;
    case Outcome::Lost: return Phase::Lost;
    }
    return Phase::Play;
}

bool sameTable(const GameState& a, const GameState& b) {
    return a.rules == b.rules && a.players == b.players && a.field == b.field && a.result == b.result;
}

} // namespace speed::protocol
