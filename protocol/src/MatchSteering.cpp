#include "speed/protocol/MatchSteering.hpp"

namespace speed::protocol {

bool MatchGoal::follow(const SessionEvent& event) {
    if (event.kind == SessionEventKind::Connected) m_lastOver = 0; // a new match, or this process's first session
    if (event.kind != SessionEventKind::GameOver || event.game <= m_lastOver) return false;
    m_lastOver = event.game;
    return true;
}

bool steerMatch(Session& session, TimeMs now, bool goalReached, bool autoNextGame) {
    const GameInfo info = session.gameInfo();
    if (!isConnected(info)) return false;
    const bool host = session.role() == SessionRole::Host;
    if (goalReached && (!host || info == GameInfo::ExtGame)) {
        session.shutdown(now, ShutdownReason::MatchOver);
        return true;
    }
    if (goalReached) return false;
    // The host deals the first game; after each game both sides ask for the next (a rematch).
    const bool firstGame = host && info == GameInfo::Connect && session.gameNumber() == 0;
    const bool rematch = autoNextGame && info == GameInfo::ExtGame && !session.localAskedNextGame();
    if (firstGame || rematch) session.startNextGame(now);
    return false;
}

} // namespace speed::protocol
