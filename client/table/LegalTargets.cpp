#include "table/LegalTargets.hpp"

#include "speed/common/Referee.hpp"

namespace speed::client {

std::optional<Move> moveFor(const GameState& state, int seat, const Place& source, const Place& target) {
    if (source.seat != seat && source.kind != PlaceKind::Pile) return std::nullopt;
    if (source.kind == PlaceKind::HandSlot && target.kind == PlaceKind::Pile) {
        const auto& inSlot = state.player(seat).hand[static_cast<std::size_t>(source.index)];
        if (!inSlot) return std::nullopt;
        return Move::play(seat, source.index, *inSlot, target.index);
    }
    if (source.kind == PlaceKind::Deck && target.kind == PlaceKind::HandSlot && target.seat == seat) {
        return Move::refill(seat, target.index);
    }
    return std::nullopt;
}

bool canPickUp(const GameState& state, int seat, const Place& source) {
    if (source.seat != seat) return false;
    if (source.kind == PlaceKind::Deck) return !state.player(seat).deck.empty();
    if (source.kind != PlaceKind::HandSlot) return false;
    if (source.index < 0 || source.index >= state.rules.handSize) return false;
    return state.player(seat).hand[static_cast<std::size_t>(source.index)].has_value();
}

std::vector<Place> legalTargets(const GameState& state, int seat, const Place& source) {
    std::vector<Place> targets;
    if (!canPickUp(state, seat, source)) return targets;
    std::vector<Place> candidates;
    if (source.kind == PlaceKind::HandSlot) {
        for (int pile = 0; pile < kFieldPiles; ++pile) candidates.push_back(Place::pile(pile));
    } else {
        for (int slot = 0; slot < state.rules.handSize; ++slot) candidates.push_back(Place::handSlot(seat, slot));
    }
    for (const Place& candidate : candidates) {
        const auto move = moveFor(state, seat, source, candidate);
        if (move && checkMove(state, *move) == MoveError::None) targets.push_back(candidate);
    }
    return targets;
}

std::optional<Place> clickTarget(const GameState& state, int seat, const Place& source) {
    const auto targets = legalTargets(state, seat, source);
    if (targets.empty()) return std::nullopt;
    return targets.front();
}

} // namespace speed::client
