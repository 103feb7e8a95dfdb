#include "table/MoveWords.hpp"

#include "text/Words.hpp"

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
    return stack.empty() ? std::string(tr("play.move.empty_pile")) : cardName(stack.top());
}

} // namespace

std::string cardName(Card card) {
    if (card.isJoker()) return tr("play.card.joker");
    static const char* const kSuits[] = {"\xE2\x99\xA0", "\xE2\x99\xA5", "\xE2\x99\xA3", "\xE2\x99\xA6"}; // ♠ ♥ ♣ ♦
    return rankName(card.rank()) + kSuits[static_cast<int>(card.suit())];
}

std::string moveWords(const Move& move, const GameState& before, const GameState& after, int localSeat,
                      const std::string& opponent) {
    const std::string who = move.seat == localSeat ? std::string(tr("play.you")) : opponent;
    switch (move.kind) {
    case MoveKind::Play: return trf("play.move.played", who, cardName(move.card), pileTopName(before, move.pile));
    case MoveKind::Refill: return trf("play.move.refilled", who);
    case MoveKind::Flip: return trf("play.move.flip", pileTopName(after, 0), pileTopName(after, 1));
    }
    return trf("play.move.moved", who);
}

} // namespace speed::client
