#pragma once

#include "speed/common/Time.hpp"

#include <algorithm>
#include <optional>

namespace speed {

// The time a game has been played: runs from the deal, stands still while paused, stops for
// good at the end. Times in and out are the caller's injected clock, in ms.
class GameClock {
public:
    void start(TimeMs now) {
        m_startedAt = now;
        m_pausedTotalMs = 0;
        m_pausedAt.reset();
        m_stoppedAt.reset();
        m_running = true;
    }
    void pause(TimeMs now) {
        if (m_running && !m_pausedAt && !m_stoppedAt) m_pausedAt = now;
    }
    void resume(TimeMs now) {
        if (!m_pausedAt) return;
        m_pausedTotalMs += now - *m_pausedAt;
        m_pausedAt.reset();
    }
    void stop(TimeMs now) {
        if (m_running && !m_stoppedAt) m_stoppedAt = m_pausedAt ? *m_pausedAt : now;
    }
    // The game time at `now` becomes `elapsedMs` (another side's clock, which is the match's),
    // paused or running as it was; a clock not started or stopped is left alone.
    void setElapsed(TimeMs now, TimeMs elapsedMs) {
        if (!m_running || m_stoppedAt) return;
        const TimeMs until = m_pausedAt ? *m_pausedAt : now;
        m_startedAt = until - m_pausedTotalMs - std::max<TimeMs>(0, elapsedMs);
    }
    bool paused() const { return m_pausedAt.has_value(); }
    bool stopped() const { return m_stoppedAt.has_value(); }
    // The game time goes on from now: started, neither paused nor stopped.
    bool runs() const { return m_running && !m_pausedAt && !m_stoppedAt; }

    // Game time at wall time `now`.
    TimeMs elapsedMs(TimeMs now) const {
        if (!m_running) return 0;
        const TimeMs until = m_stoppedAt ? *m_stoppedAt : m_pausedAt ? *m_pausedAt : now;
        return std::max<TimeMs>(0, until - m_startedAt - m_pausedTotalMs);
    }
    // The wall time at which the game time reaches `gameMs`, were nothing paused from now on;
    // kNever while paused or stopped (the game time is not moving).
    TimeMs wallTimeOf(TimeMs gameMs) const {
        if (!m_running || m_pausedAt || m_stoppedAt || gameMs == kNever) return kNever;
        return gameMs + m_startedAt + m_pausedTotalMs;
    }

private:
    TimeMs m_startedAt = 0;
    TimeMs m_pausedTotalMs = 0;
    std::optional<TimeMs> m_pausedAt;
    std::optional<TimeMs> m_stoppedAt;
    bool m_running = false;
};

} // namespace speed
