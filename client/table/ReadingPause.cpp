#include "table/ReadingPause.hpp"

#include "text/Words.hpp"

namespace speed::client {

PauseStep ReadingPause::follow(HoldReason over, bool playing, bool paused, TimeMs now) {
    m_reason = over;
    switch (m_state) {
    case State::Running:
        if (playing && over != HoldReason::None) {
            m_state = State::Held;
            return PauseStep::Pause;
        }
        return PauseStep::Nothing;
    case State::Held:
        if (!paused) { // a new game was dealt, or the game ended: hold it again only if it plays
            m_state = State::Running;
            return follow(over, playing, paused, now);
        }
        if (over == HoldReason::None) {
            m_state = State::Counting;
            m_countFrom = now;
        }
        return PauseStep::Nothing;
    case State::Counting:
        if (!paused) {
            m_state = State::Running;
            return follow(over, playing, paused, now);
        }
        if (over != HoldReason::None) {
            m_state = State::Held;
            return PauseStep::Nothing;
        }
        if (now - m_countFrom < kCountInStepMs * kCountInSteps) return PauseStep::Nothing;
        m_state = State::Running;
        return PauseStep::Resume;
    case State::Player:
        if (!paused) m_state = State::Running; // another game, or the game ended
        return PauseStep::Nothing;
    }
    return PauseStep::Nothing;
}

PauseStep ReadingPause::playerToggle(bool playing, bool paused, TimeMs now) {
    switch (m_state) {
    case State::Running:
        if (!playing) return PauseStep::Nothing;
        m_state = State::Player;
        return PauseStep::Pause;
    case State::Player:
        if (!paused) {
            m_state = State::Running;
            return playerToggle(playing, paused, now);
        }
        m_state = m_reason == HoldReason::None ? State::Counting : State::Held;
        m_countFrom = now;
        return PauseStep::Nothing;
    case State::Held:
    case State::Counting: // P again while it counts in: the player keeps it paused
        m_state = State::Player;
        return PauseStep::Nothing;
    }
    return PauseStep::Nothing;
}

std::optional<int> ReadingPause::countIn(TimeMs now) const {
    if (m_state != State::Counting) return std::nullopt;
    const TimeMs step = std::max<TimeMs>(0, now - m_countFrom) / kCountInStepMs;
    return static_cast<int>(std::max<TimeMs>(1, kCountInSteps - step));
}

std::optional<TimeMs> ReadingPause::nextChangeAt(TimeMs now) const {
    if (m_state != State::Counting) return std::nullopt;
    const TimeMs step = std::max<TimeMs>(0, now - m_countFrom) / kCountInStepMs;
    return m_countFrom + (step + 1) * kCountInStepMs;
}

std::string holdReasonWords(HoldReason reason) {
    switch (reason) {
    case HoldReason::None: break;
    case HoldReason::StartScreen: return tr("play.hold.start_screen");
    case HoldReason::Help: return tr("play.hold.help");
    case HoldReason::Dialog: return tr("play.hold.dialog");
    case HoldReason::Menu: return tr("play.hold.menu");
    case HoldReason::Background: return tr("play.hold.background");
    }
    return {};
}

} // namespace speed::client
