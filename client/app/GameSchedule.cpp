#include "app/GameSchedule.hpp"

#include "table/Speeds.hpp"

namespace speed::client {

std::vector<GameRecord> GameSchedule::follow(const std::vector<GameRecord>& finished, TimeMs now) {
    std::vector<GameRecord> fresh;
    for (; m_reported < finished.size(); ++m_reported) {
        fresh.push_back(finished[m_reported]);
        // The match's game numbers: a network game this side came back to counts as the match's.
        if (m_gamesWanted > 0 && finished[m_reported].number >= m_gamesWanted) {
            if (!m_quitAt) m_quitAt = now + kLastFrameMs;
        } else if (m_auto) {
            m_nextGameAt = now + kBotNextGameDelayMs;
        }
    }
    return fresh;
}

bool GameSchedule::nextGameDue(TimeMs now) {
    if (!m_nextGameAt || now < *m_nextGameAt) return false;
    m_nextGameAt.reset();
    return true;
}

} // namespace speed::client
