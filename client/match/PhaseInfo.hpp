#pragma once

#include "match/GameInfo.hpp"

#include "speed/common/Match.hpp"
#include "speed/common/Time.hpp"

namespace speed::client {

// The GameInfo an offline match's phase means from `seat`'s side: the result once a seat is out,
// then EXTGAME after the result's hold, or the result still (`resultStays`: the lesson's end panel
// leads on from it).
GameInfo phaseInfo(const Match& match, TimeMs now, int seat, bool resultStays = false);

// P in an offline game: PLAY pauses the match, PAUSE_0 resumes it; in any other state nothing is
// done and the answer is false.
bool togglePlayPause(Match& match, GameInfo info, TimeMs now);

} // namespace speed::client
