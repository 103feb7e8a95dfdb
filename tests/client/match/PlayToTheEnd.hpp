#pragma once

#include "match/LocalMatch.hpp"

#include <algorithm>
#include <vector>

namespace speed::client::test {

// Advances virtual time to each wake-up the match asks for, as the window does, until the first
// game is over or `untilMs` passes; returns every move applied on the way, with its tables.
inline std::vector<AppliedMove> playToTheEnd(LocalMatch& match, TimeMs untilMs) {
    std::vector<AppliedMove> all;
    for (TimeMs now = 0; now <= untilMs && match.finishedGames().empty();) {
        auto applied = match.tick(now);
        all.insert(all.end(), applied.begin(), applied.end());
        const TimeMs wake = match.nextWakeAt(now);
        if (wake == kNever) break;
        now = std::max(now + 1, wake);
    }
    return all;
}

} // namespace speed::client::test
