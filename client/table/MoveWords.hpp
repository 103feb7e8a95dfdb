#pragma once

#include "speed/common/Card.hpp"
#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"

#include <string>

namespace speed::client {

// "7♦", "K♠", "A♥", "Joker": a card as a player names it (the joker in the window's language).
std::string cardName(Card card);

// A move that was made, for the game log, from the table just before it: "You played 7♦ on 8♣",
// "Robo refilled a slot", "SPEED! Both decks flip: 5♥ and 9♣" (`after` gives the flipped cards),
// in the window's language.
std::string moveWords(const Move& move, const GameState& before, const GameState& after, int localSeat,
                      const std::string& opponent);

} // namespace speed::client
