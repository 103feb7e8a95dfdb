#pragma once

#include "speed/common/GameState.hpp"

#include <string>

namespace speed {

// Card conservation: every card of the pack is in exactly one place (a deck, a hand slot or a
// field pile), nothing more, nothing less. Returns an empty string when it holds, otherwise
// which card is missing or doubled.
std::string conservationError(const GameState& state);

} // namespace speed
