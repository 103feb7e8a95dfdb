#include "speed/net/SeatPlayer.hpp"

namespace speed {

using protocol::GameInfo;

bool steerMatch(protocol::Session& session, TimeMs now, bool goalReached, bool autoNextGame) {
    const GameInfo info = session.gameInfo();
    if (!protocol::isConnected(info)) return false;
    const bool host = session.role() == protocol::SessionRole::Host;
    if (goalReached && (!host || info == GameInfo::ExtGame)) {
        session.shutdown(now, "match_over");
        return true;
    }
    if (!host || goalReached) return false;
    const bool firstGame = info == GameInfo::Connect && session.gameNumber() == 0;
    if (firstGame || (autoNextGame && info == GameInfo::ExtGame)) session.startNextGame(now);
    return false;
}

} // namespace speed
