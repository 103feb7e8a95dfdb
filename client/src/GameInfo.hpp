#pragma once

#include <string_view>

namespace speed::client {

// SPEC section 2: the game states of seed 004, same names and values. The window shows the
// name in its status bar.
enum class GameInfo : int {
    Nothing = 1,
    ConWait = 2,
    Connect = 3,
    Measure = 4,
    Play = 5,
    Pause0 = 6,
    Pause1 = 7,
    Win = 8,
    Draw = 9,
    Defeat = 10,
    ExtGame = 11,
};

std::string_view gameInfoName(GameInfo info); // "PLAY", "PAUSE_0", ...
bool isGameOver(GameInfo info);               // WIN, DRAW, DEFEAT or EXTGAME

} // namespace speed::client
