#include "speed/common/Invariant.hpp"

#include <array>
#include <cstdint>

namespace speed {
namespace {

// The check without its words, for the common case: true when no hand slot beyond the hand size
// holds a card and each card is on the table as often as it should be. It builds no string and
// counts in bytes (a table holds at most 4 stacks of 54 and 16 slots: no count reaches 256).
bool conserved(const GameState& state) {
    std::array<std::uint8_t, Card::kDistinctCodes> seen{};
    const auto countStack = [&seen](const CardStack& stack) {
        for (const Card card : stack) ++seen[static_cast<std::size_t>(card.index())];
    };
    for (const PlayerArea& area : state.players) {
        countStack(area.deck);
        for (std::size_t slot = 0; slot < area.hand.size(); ++slot) {
            if (!area.hand[slot]) continue;
            if (static_cast<int>(slot) >= state.rules.handSize) return false;
            ++seen[static_cast<std::size_t>(area.hand[slot]->index())];
        }
    }
    for (const CardStack& pile : state.field) countStack(pile);
    const auto joker = static_cast<std::size_t>(Card::joker().index());
    unsigned wrong = seen[joker] ^ static_cast<unsigned>(state.rules.jokers);
    for (std::size_t index = 0; index < joker; ++index) wrong |= seen[index] ^ 1U; // a ranked card: once
    return wrong == 0;
}

} // namespace

std::string conservationError(const GameState& state) {
    if (conserved(state)) return {};
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
