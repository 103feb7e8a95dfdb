#pragma once

#include "speed/common/GameState.hpp"

#include <string_view>

namespace speed {

// A game's result as one seat sees it.
enum class Outcome : std::uint8_t { Playing, Won, Lost, Draw };

// "Who won, from this seat": the one place that turns a GameResult into a seat's outcome.
Outcome outcomeFor(GameResult result, int seat);

// "WIN", "DEFEAT", "DRAW" (the words of the JSON reports and the logs), "PLAYING".
std::string_view toString(Outcome outcome);

} // namespace speed
