#include "table/Hint.hpp"

#include "speed/common/Referee.hpp"

namespace speed::client {

Hint hintFor(const GameState& state, int seat) {
    if (state.result != GameResult::Playing) return {HintKind::NoGame, {}};
    const PlayerArea& area = state.player(seat);
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const auto& card = area.hand[static_cast<std::size_t>(slot)];
        if (!card) continue;
        for (int pile = 0; pile < kFieldPiles; ++pile) {
            if (checkMove(state, Move::play(seat, slot, *card, pile)) == MoveError::None) {
                return {HintKind::Play, {Place::handSlot(seat, slot), Place::pile(pile)}};
            }
        }
    }
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        if (checkMove(state, Move::refill(seat, slot)) == MoveError::None) {
            return {HintKind::Refill, {Place::deck(seat), Place::handSlot(seat, slot)}};
        }
    }
    return {needsFlip(state) ? HintKind::NobodyCanPlay : HintKind::Wait, {}};
}

} // namespace speed::client
