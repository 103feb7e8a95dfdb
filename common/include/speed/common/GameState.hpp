#pragma once

#include "speed/common/CardStack.hpp"
#include "speed/common/RuleOptions.hpp"

#include <array>
#include <optional>

namespace speed {

inline constexpr int kSeats = 2;
inline constexpr int kFieldPiles = 2;

enum class GameResult : std::uint8_t { Playing, Seat0Wins, Seat1Wins, Draw };

// One player's cards: a face-down deck and up to handSize face-up hand slots.
struct PlayerArea {
    CardStack deck;
    std::array<std::optional<Card>, RuleOptions::kMaxHandSize> hand{};

    int handCount() const;
    int cardsLeft() const { return handCount() + deck.size(); } // what the player must still get rid of
    friend bool operator==(const PlayerArea&, const PlayerArea&) = default;
};

// The whole table. Seat 0 is the host's seat; field pile i is where seat i flips on "SPEED!".
struct GameState {
    RuleOptions rules;
    std::array<PlayerArea, kSeats> players{};
    std::array<CardStack, kFieldPiles> field{};
    GameResult result = GameResult::Playing;
    int movesApplied = 0;
    int flips = 0; // SPEED! flips so far, the opening one included: the tops all changed at once

    const PlayerArea& player(int seat) const { return players[static_cast<std::size_t>(seat)]; }
    PlayerArea& player(int seat) { return players[static_cast<std::size_t>(seat)]; }
    const CardStack& pile(int index) const { return field[static_cast<std::size_t>(index)]; }
    CardStack& pile(int index) { return field[static_cast<std::size_t>(index)]; }

    friend bool operator==(const GameState&, const GameState&) = default;
};

} // namespace speed
