#include "speed/common/Referee.hpp"

#include <string>

namespace speed {
namespace {

bool validSeat(int seat) { return seat >= 0 && seat < kSeats; }

std::optional<Card>* handSlot(GameState& state, int seat, int slot) {
    return &state.player(seat).hand[static_cast<std::size_t>(slot)];
}

MoveError checkPlay(const GameState& state, const Move& move) {
    if (move.slot < 0 || move.slot >= state.rules.handSize) return MoveError::BadSlot;
    if (move.pile < 0 || move.pile >= kFieldPiles) return MoveError::BadPile;
    const auto& inSlot = state.player(move.seat).hand[static_cast<std::size_t>(move.slot)];
    if (!inSlot || !(*inSlot == move.card)) return MoveError::CardNotInHand;
    const CardStack& pile = state.pile(move.pile);
    if (pile.empty()) return MoveError::PileEmpty;
    if (!adjacent(move.card, pile.top())) return MoveError::NotAdjacent;
    return MoveError::None;
}

MoveError checkRefill(const GameState& state, const Move& move) {
    if (move.slot < 0 || move.slot >= state.rules.handSize) return MoveError::BadSlot;
    const PlayerArea& area = state.player(move.seat);
    if (area.hand[static_cast<std::size_t>(move.slot)]) return MoveError::SlotOccupied;
    if (area.deck.empty()) return MoveError::DeckEmpty;
    return MoveError::None;
}

bool hasPlay(const GameState& state, int seat) {
    const PlayerArea& area = state.player(seat);
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const auto& card = area.hand[static_cast<std::size_t>(slot)];
        if (!card) continue;
        for (const CardStack& pile : state.field) {
            if (!pile.empty() && adjacent(*card, pile.top())) return true;
        }
    }
    return false;
}

bool hasRefill(const GameState& state, int seat) {
    const PlayerArea& area = state.player(seat);
    return !area.deck.empty() && area.handCount() < state.rules.handSize;
}

bool isOut(const PlayerArea& area) { return area.deck.empty() && area.handCount() == 0; }


// The deck's top card, or the leftmost hand card when the deck is empty.
Card takeFlipCard(GameState& state, int seat) {
    PlayerArea& area = state.player(seat);
    if (!area.deck.empty()) return area.deck.pop();
    for (auto& slot : area.hand) {
        if (slot) {
            const Card card = *slot;
            slot.reset();
            return card;
        }
    }
    return Card{}; // unreachable: a seat with no cards has already ended the game
}

} // namespace

std::string_view describe(MoveError error) {
    switch (error) {
    case MoveError::None: return "legal";
    case MoveError::GameOver: return "the game is over";
    case MoveError::BadSeat: return "no such seat";
    case MoveError::BadSlot: return "no such hand slot";
    case MoveError::BadPile: return "no such field pile";
    case MoveError::CardNotInHand: return "that card is not in that hand slot";
    case MoveError::PileEmpty: return "the field pile is empty until the flip";
    case MoveError::NotAdjacent: return "the card is not one rank above or below the pile's top";
    case MoveError::SlotOccupied: return "the hand slot is not empty";
    case MoveError::DeckEmpty: return "the deck is empty";
    case MoveError::NotStalemate: return "a player can still move, so there is no SPEED! flip";
    }
    return "unknown move error";
}

GameResult resultOf(const GameState& state) {
    const bool out0 = isOut(state.player(0));
    const bool out1 = isOut(state.player(1));
    if (out0 && out1) return GameResult::Draw;
    if (out0) return GameResult::Seat0Wins;
    if (out1) return GameResult::Seat1Wins;
    return GameResult::Playing;
}

int PlayerArea::handCount() const {
    int count = 0;
    for (const auto& slot : hand) count += slot ? 1 : 0;
    return count;
}

MoveError checkMove(const GameState& state, const Move& move) {
    if (state.result != GameResult::Playing) return MoveError::GameOver;
    switch (move.kind) {
    case MoveKind::Play:
        if (!validSeat(move.seat)) return MoveError::BadSeat;
        return checkPlay(state, move);
    case MoveKind::Refill:
        if (!validSeat(move.seat)) return MoveError::BadSeat;
        return checkRefill(state, move);
    case MoveKind::Flip:
        return needsFlip(state) ? MoveError::None : MoveError::NotStalemate;
    }
    return MoveError::BadSeat;
}

MoveError applyMove(GameState& state, const Move& move) {
    const MoveError error = checkMove(state, move);
    if (error != MoveError::None) return error;
    switch (move.kind) {
    case MoveKind::Play: {
        auto* slot = handSlot(state, move.seat, move.slot);
        state.pile(move.pile).push(**slot);
        slot->reset();
        CardStack& deck = state.player(move.seat).deck;
        if (state.rules.refill == RefillMode::Auto && !deck.empty()) *slot = deck.pop();
        break;
    }
    case MoveKind::Refill:
        *handSlot(state, move.seat, move.slot) = state.player(move.seat).deck.pop();
        break;
    case MoveKind::Flip:
        for (int seat = 0; seat < kSeats; ++seat) state.pile(seat).push(takeFlipCard(state, seat));
        ++state.flips;
        break;
    }
    ++state.movesApplied;
    state.result = resultOf(state);
    return MoveError::None;
}

bool canAct(const GameState& state, int seat) {
    return state.result == GameResult::Playing && (hasPlay(state, seat) || hasRefill(state, seat));
}

bool needsFlip(const GameState& state) {
    return state.result == GameResult::Playing && !canAct(state, 0) && !canAct(state, 1);
}

} // namespace speed
