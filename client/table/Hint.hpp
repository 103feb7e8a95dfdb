#pragma once

#include "table/Place.hpp"

#include "speed/common/GameState.hpp"

#include <vector>

namespace speed::client {

// What the hint key finds for a seat on the table as it is.
enum class HintKind {
    Play,          // a hand card fits a pile: the card and the pile are lit
    Refill,        // no card fits, but a slot is empty and the deck has cards: the deck and the slot
    Wait,          // this seat can do nothing, the other player still can
    NobodyCanPlay, // neither seat can move: SPEED! is on its way
    NoGame,        // the game is over
};

struct Hint {
    HintKind kind = HintKind::NoGame;
    std::vector<Place> lit; // what the table lights: empty unless Play or Refill
};

// One hint for `seat`: the first legal play (hand slots left to right, then the piles), else a
// refill into the first empty slot, else why there is none. Asks only the referee.
Hint hintFor(const GameState& state, int seat);

} // namespace speed::client
