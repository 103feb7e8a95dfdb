#include "app/FramePacer.hpp"

#include "table/Speeds.hpp"

#include <algorithm>

namespace speed::client {

Frame FramePacer::decide(const FrameFacts& facts) {
    const bool bannerChanged = facts.speedCalled != m_shownSpeedCall || facts.info != m_shownInfo;
    const bool settling = !facts.moving && m_wasMoving; // one frame after the last motion: the card where it landed
    const bool newSecond = facts.clockSecond != m_shownSecond;
    m_wasMoving = facts.moving;
    if (facts.dirty || bannerChanged || facts.speedCalled) {
        m_shownSecond = facts.clockSecond;
        m_shownSpeedCall = facts.speedCalled;
        m_shownInfo = facts.info;
        return Frame::Full;
    }
    if (facts.moving || settling) {
        m_shownSecond = facts.clockSecond;
        return Frame::Motion;
    }
    if (!newSecond && !facts.overlayDue) return Frame::None;
    m_shownSecond = facts.clockSecond;
    return Frame::ClockTick;
}

TimeMs FramePacer::waitMs(TimeMs frameStart, TimeMs now, bool moving, TimeMs deadline, TimeMs overlayFrameAt) {
    const TimeMs wake = moving ? frameStart + kAnimationFrameMs : std::min(deadline, overlayFrameAt);
    return std::clamp<TimeMs>(wake - now, 1, kLongestWaitMs);
}

} // namespace speed::client
