#include "match/PhaseInfo.hpp"

#include "speed/common/Outcome.hpp"

namespace speed::client {

GameInfo phaseInfo(const Match& match, TimeMs now, int seat, bool resultStays) {
    switch (match.phase(now)) {
    case MatchPhase::NotDealt: return GameInfo::Nothing;
    case MatchPhase::Play:
    case MatchPhase::SpeedCall: return GameInfo::Play;
    case MatchPhase::Paused: return GameInfo::Pause0;
    case MatchPhase::Result: break;
    case MatchPhase::Finished:
        if (!resultStays) return GameInfo::ExtGame;
        break;
    }
    return protocol::gameInfoFor(outcomeFor(match.state().result, seat));
}

bool togglePlayPause(Match& match, GameInfo info, TimeMs now) {
    if (info == GameInfo::Play) match.pause(now);
    else if (info == GameInfo::Pause0) match.resume(now);
    else return false;
    return true;
}

} // namespace speed::client
