#pragma once

#include "match/MatchDriver.hpp"

#include "speed/common/GameState.hpp"

#include <vector>

namespace speed::client {

// The moves that turn `before` into `after`, both tables of the same game as the host sent
// them (a snapshot can carry several moves, of either seat). Found by a bounded depth-first
// search over legal moves whose card lands exactly where `after` has it (field piles only grow
// within a game). Empty when nothing explains the change (a new deal, a table out of step):
// then it is simply not animated. Each move comes with its tables for the flight animation.
std::vector<AppliedMove> inferMoves(const GameState& before, const GameState& after);

} // namespace speed::client
