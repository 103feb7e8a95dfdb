#include "match/MoveInference.hpp"

#include "speed/common/Referee.hpp"

#include <optional>

namespace speed::client {
namespace {

constexpr int kMaxInferredMoves = 24; // far more than one snapshot carries; bounds the search
constexpr int kSearchBudget = 4000;   // tables tried at most, whatever the snapshot

std::optional<Card> slotCard(const GameState& state, int seat, int slot) {
    return state.player(seat).hand[static_cast<std::size_t>(slot)];
}

// `after`'s pile holds `card` right above what `state` shows there.
bool landsOn(const GameState& state, const GameState& after, int pile, Card card) {
    const int next = state.pile(pile).size();
    return next < after.pile(pile).size() && after.pile(pile)[next] == card;
}

// The moves that can lead towards `after`: a play whose card lands exactly where `after` has
// it, a refill where `after`'s deck is smaller, a flip where both piles grew.
std::vector<Move> candidates(const GameState& state, const GameState& after) {
    std::vector<Move> moves;
    if (needsFlip(state) && after.pile(0).size() > state.pile(0).size() && after.pile(1).size() > state.pile(1).size()) {
        moves.push_back(Move::flip());
    }
    for (int seat = 0; seat < kSeats; ++seat) {
        const bool deckShrinks = state.player(seat).deck.size() > after.player(seat).deck.size();
        for (int slot = 0; slot < state.rules.handSize; ++slot) {
            const auto card = slotCard(state, seat, slot);
            if (!card && deckShrinks) moves.push_back(Move::refill(seat, slot));
            if (!card) continue;
            for (int pile = 0; pile < kFieldPiles; ++pile) {
                if (landsOn(state, after, pile, *card)) moves.push_back(Move::play(seat, slot, *card, pile));
            }
        }
    }
    return moves;
}

bool sameTable(const GameState& a, const GameState& b) { return a.players == b.players && a.field == b.field; }

// Depth-first: the first sequence of legal moves that turns `state` into `after`.
bool search(const GameState& state, const GameState& after, std::vector<AppliedMove>& path, int& budget) {
    if (sameTable(state, after)) return true;
    if (static_cast<int>(path.size()) >= kMaxInferredMoves || --budget <= 0) return false;
    for (const Move& move : candidates(state, after)) {
        AppliedMove record{move, state, state};
        if (applyMove(record.after, move) != MoveError::None) continue;
        path.push_back(record);
        // `record`, not path.back(): the deeper search grows `path` and may move its elements.
        if (search(record.after, after, path, budget)) return true;
        path.pop_back();
    }
    return false;
}

} // namespace

std::vector<AppliedMove> inferMoves(const GameState& before, const GameState& after) {
    std::vector<AppliedMove> path;
    int budget = kSearchBudget;
    if (!search(before, after, path, budget)) return {};
    return path;
}

} // namespace speed::client
