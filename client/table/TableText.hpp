#pragma once

#include "speed/common/GameState.hpp"
#include "speed/common/Time.hpp"

#include "table/Layout.hpp"

#include <string>
#include <vector>

namespace speed::client {

// "m:ss" (or "h:mm:ss" after an hour) for the elapsed-time display.
std::string formatClock(TimeMs elapsedMs);

// One line describing the whole table, for the log: tests compare it before and after a move.
// "piles=H5,C9 seat0[deck=22 hand=S4,D6,--,HA] seat1[deck=20 hand=...]"
std::string tableSummary(const GameState& state);

// The local player's possible plays as "slot>pile" pairs, split by what checkMove answers:
// "legal=0>1,2>0 illegal=0>0,1>0,..." (lets a window test pick a drag without knowing the rules).
std::string playOptions(const GameState& state, int seat);

// The layout's rectangles as "pile 0 L T W H" lines (--dump-layout: tests find targets by them).
std::vector<std::string> layoutLines(const TableLayout& layout);

} // namespace speed::client
