#include "table/MoveWords.hpp"

namespace speed::client {
namespace {

std::string rankName(int rank) {
    switch (rank) {
    case 1: return "A";
    case 11: return "J";
    case 12: return "Q";
    case 13: return "K";
    default: return std::to_string(rank);
    }
}

std::string pileTopName(const GameState& state, int pile) {
    const CardStack& stack = state.pile(pile);
    return stack.empty() ? std::string("an empty pile") : cardName(stack.top());
}

} // namespace

std::string cardName(Card card) {
    if (card.isJoker()) return "Joker";
    static const char* const kSuits[] = {"\xE2\x99\xA0", "\xE2\x99\xA5", "\xE2\x99\xA3", "\xE2\x99\xA6"}; // ♠ ♥ ♣ ♦
    return rankName(card.rank()) + kSuits[static_cast<int>(card.suit())];
}

std::string moveWords(const Move& move, const GameState& before, const GameState& after, int localSeat,
                      const std::string& opponent) {
    const std::string who = move.seat == localSeat ? "You" : opponent;
    switch (move.kind) {
    case MoveKind::Play: return who + " played " + cardName(move.card) + " on " + pileTopName(before, move.pile);
    case MoveKind::Refill: return who + " refilled a slot";
    case MoveKind::Flip: return "SPEED! Both decks flip: " + pileTopName(after, 0) + " and " + pileTopName(after, 1);
    }
    return who + " moved";
}

} // namespace speed::client
