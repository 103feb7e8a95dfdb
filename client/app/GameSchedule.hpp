#pragma once

#include "match/MatchDriver.hpp"

#include "speed/common/Time.hpp"

#include <optional>
#include <vector>

namespace speed::client {

// What finished games mean for the window: with --games N it leaves kLastFrameMs after game N
// of the match (by its number: a network match this side came back to at game g counts from
// there); with --games each next game starts by itself kBotNextGameDelayMs after the last (with
// --bot alone the player chooses, on the result panel). Pure: fed the match's finished games and
// the time.
class GameSchedule {
public:
    GameSchedule(int gamesWanted, bool gamesRunThemselves) : m_gamesWanted(gamesWanted), m_auto(gamesRunThemselves) {}

    // The games finished since the last call (to report), and what they schedule.
    std::vector<GameRecord> follow(const std::vector<GameRecord>& finished, TimeMs now);
    // True once, when the next game is due to start by itself.
    bool nextGameDue(TimeMs now);
    // A new match: its games count from zero.
    void restart() {
        m_reported = 0;
        m_nextGameAt.reset();
    }

    std::optional<TimeMs> nextGameAt() const { return m_nextGameAt; }
    std::optional<TimeMs> quitAt() const { return m_quitAt; }

private:
    int m_gamesWanted;
    bool m_auto;
    std::size_t m_reported = 0;
    std::optional<TimeMs> m_nextGameAt;
    std::optional<TimeMs> m_quitAt;
};

} // namespace speed::client
