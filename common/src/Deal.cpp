#include "speed/common/Deal.hpp"

#include "speed/common/Random.hpp"

#include <utility>

namespace speed {
namespace {

void shuffle(std::vector<Card>& cards, SplitMix64& rng) {
    for (std::size_t i = cards.size(); i > 1; --i) {
        const auto j = static_cast<std::size_t>(rng.below(i));
        std::swap(cards[i - 1], cards[j]);
    }
}

void fillHand(PlayerArea& area, int handSize) {
    for (int slot = 0; slot < handSize && !area.deck.empty(); ++slot) {
        area.hand[static_cast<std::size_t>(slot)] = area.deck.pop();
    }
}

} // namespace

std::vector<Card> fullPack(const RuleOptions& rules) {
    std::vector<Card> pack;
    pack.reserve(static_cast<std::size_t>(rules.cardsInPlay()));
    for (int index = 0; index < 52; ++index) pack.push_back(Card::fromIndex(index));
    for (int j = 0; j < rules.jokers; ++j) pack.push_back(Card::joker());
    return pack;
}

GameState deal(const RuleOptions& rules, std::uint64_t seed) {
    GameState state;
    state.rules = rules;
    SplitMix64 rng(seed);
    std::vector<Card> pack = fullPack(rules);
    std::array<std::vector<Card>, kSeats> decks;
    if (rules.deal == DealMode::Shuffle) {
        shuffle(pack, rng);
        const auto half = pack.begin() + static_cast<std::ptrdiff_t>(pack.size() / 2);
        decks[0].assign(pack.begin(), half);
        decks[1].assign(half, pack.end());
    } else {
        for (Card card : pack) {
            const int seat = card.isJoker() ? (decks[0].size() <= decks[1].size() ? 0 : 1) : (card.isRed() ? 1 : 0);
            decks[static_cast<std::size_t>(seat)].push_back(card);
        }
        for (auto& deck : decks) shuffle(deck, rng);
    }
    for (int seat = 0; seat < kSeats; ++seat) {
        for (Card card : decks[static_cast<std::size_t>(seat)]) state.player(seat).deck.push(card);
        fillHand(state.player(seat), rules.handSize);
    }
    return state;
}

} // namespace speed
