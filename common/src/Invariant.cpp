#include "speed/common/Invariant.hpp"

#include <array>

namespace speed {

std::string conservationError(const GameState& state) {
    std::array<int, Card::kDistinctCodes> seen{};
    auto count = [&seen](Card card) { ++seen[static_cast<std::size_t>(card.index())]; };
    for (const PlayerArea& area : state.players) {
        for (Card card : area.deck) count(card);
        for (int slot = 0; slot < RuleOptions::kMaxHandSize; ++slot) {
            const auto& card = area.hand[static_cast<std::size_t>(slot)];
            if (!card) continue;
            if (slot >= state.rules.handSize) return "a card lies in hand slot " + std::to_string(slot) + " beyond the hand size";
            count(*card);
        }
    }
    for (const CardStack& pile : state.field) {
        for (Card card : pile) count(card);
    }
    for (int index = 0; index < Card::kDistinctCodes; ++index) {
        const Card card = Card::fromIndex(index);
        const int expected = card.isJoker() ? state.rules.jokers : 1;
        const int actual = seen[static_cast<std::size_t>(index)];
        if (actual != expected) {
            return card.code() + " is on the table " + std::to_string(actual) + " time(s), expected " +
                   std::to_string(expected);
        }
    }
    return {};
}

} // namespace speed
