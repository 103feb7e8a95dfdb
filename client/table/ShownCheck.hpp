#pragma once

#include "table/Animation.hpp"

#include "speed/common/GameState.hpp"

#include <string>
#include <vector>

namespace speed::client {

// What a frame shows against the game's state. The state changes at once and flights only hide
// a place's newest cards until they land; so the table shown plus the cards in the air, landed
// in the order they were sent, must be exactly the state. A flight carrying a card its place
// does not hold there (a play lost, or two plays landing in the wrong order) is a problem, named.
// Pure: the window checks every frame with --check-frames, the tests check it directly.
std::vector<std::string> shownTableProblems(const GameState& state, const Timeline& timeline, TimeMs now);

} // namespace speed::client
