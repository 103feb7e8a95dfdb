#include "speed/protocol/MatchSteering.hpp"

namespace speed::protocol {

bool steerMatch(Session& session, TimeMs now, bool goalReached, bool autoNextGame) {
    const GameInfo info = session.gameInfo();
    if (!isConnected(info)) return false;
    const bool host = session.role() == SessionRole::Host;
    if (goalReached && (!host || info == GameInfo::ExtGame)) {
        session.shutdown(now, ShutdownReason::MatchOver);
        return true;
    }
    if (!host || goalReached) return false;
    const bool firstGame = info == GameInfo::Connect && session.gameNumber() == 0;
    if (firstGame || (autoNextGame && info == GameInfo::ExtGame)) session.startNextGame(now);
    return false;
}

} // namespace speed::protocol
