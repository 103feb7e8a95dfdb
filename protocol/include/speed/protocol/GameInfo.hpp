#pragma once

#include "speed/common/Outcome.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

// The game states, with the names and values the protocol has always used, and the transitions
// between them (docs/STATES.md).
namespace speed::protocol {

enum class GameInfo : std::uint8_t {
    Nothing = 1,  // NOTHING: no game started
    ConWait = 2,  // CON_WAIT: waiting for the connection
    Connect = 3,  // CONNECT: connected, idle
    Measure = 4,  // MEASURE: network measurement running
    Play = 5,     // PLAY
    Pause0 = 6,   // PAUSE_0: paused, neither side asks to resume
    Pause1 = 7,   // PAUSE_1: paused, one side asks to resume
    Win = 8,      // WIN: this side won
    Draw = 9,     // DRAW
    Defeat = 10,  // DEFEAT: this side lost
    ExtGame = 11, // EXTGAME: game over, waiting for the next game
};

// "NOTHING", "CON_WAIT", ... as the protocol has always named them.
std::string_view toString(GameInfo info);
std::optional<GameInfo> gameInfoFromValue(int value);

// True when docs/STATES.md lists `from -> to`. Staying in the same state is always allowed.
bool isDefinedTransition(GameInfo from, GameInfo to);

// WIN, DEFEAT or DRAW for a finished game's outcome; PLAY while it is on.
GameInfo gameInfoFor(Outcome outcome);

bool isGameOver(GameInfo info);  // WIN, DRAW, DEFEAT
bool isPaused(GameInfo info);    // PAUSE_0, PAUSE_1
bool isConnected(GameInfo info); // CONNECT .. EXTGAME

} // namespace speed::protocol
