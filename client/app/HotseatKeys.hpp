#pragma once

#include "table/KeyCaps.hpp"
#include "table/Layout.hpp"

#include <SFML/Window/Keyboard.hpp>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace speed::client {

// Two players on one keyboard: the bottom player's keys on the left half of a QWERTY keyboard,
// the top player's on the right half, none shared with the window's own keys (M, N, P, R, L,
// Esc, F1, F11). Each player picks a hand card by its key, then puts it on the left or the right
// field pile (as the screen shows them), and has a key that refills the first empty slot.
//
//   bottom player: cards 1 2 3 4 5 Q W E   piles A (left) S (right)   refill D
//   top player:    cards 6 7 8 9 0 U I O   piles J (left) K (right)   refill H
//
// A player's card keys go left to right as the cards lie on the screen: the top row is mirrored
// (its slot 0 is on the right), so the top player's first key is for their last slot.
struct SeatKeys {
    std::array<sf::Keyboard::Key, 8> cards; // by place on the screen, left to right
    sf::Keyboard::Key leftPile;
    sf::Keyboard::Key rightPile;
    sf::Keyboard::Key refill;
};

inline constexpr int kBottomPlayer = 0; // the order of hotseatKeys(): the bottom player first
inline constexpr int kTopPlayer = 1;
const SeatKeys& hotseatKeys(int player);

enum class HotseatKeyKind { Card, LeftPile, RightPile, Refill };

struct HotseatKey {
    int player = kBottomPlayer;
    HotseatKeyKind kind = HotseatKeyKind::Card;
    int slot = 0; // Card: the hand slot of that player's seat
};

// What `key` does in a two-player game with `handSize` slots a player; nothing when it is no
// player's key (or a card key beyond the hand).
std::optional<HotseatKey> hotseatKeyFor(sf::Keyboard::Key key, int handSize);

// The key a player presses for their hand slot `slot`.
sf::Keyboard::Key cardKey(int player, int slot, int handSize);

// A key's name as its cap shows it ("1", "Q").
std::string keyLabel(sf::Keyboard::Key key);

// Every key of both players as the table shows it: on each hand card, each deck (refill) and
// each field pile (one cap a player), sized for `uiScale`. `bottomSeat` is the seat at the bottom.
std::vector<KeyCap> hotseatKeyCaps(const TableLayout& layout, int handSize, int bottomSeat, float uiScale);

// The players' names on the table, in the game log and the result: "Player 1" (the bottom
// player), "Player 2", in the window's language.
std::string hotseatPlayerWords(int player);

} // namespace speed::client
