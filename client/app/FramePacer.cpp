#include "app/FramePacer.hpp"

#include "table/Speeds.hpp"

#include <algorithm>

namespace speed::client {

Frame FramePacer::decide(const FrameFacts& facts) {
    const bool bannerChanged = facts.speedCalled != m_shownSpeedCall || facts.info != m_shownInfo;
    // A frame after the last motion too, so the card is drawn where it landed.
    const bool calm = !facts.moving && !m_wasMoving && !bannerChanged && !facts.speedCalled;
    const bool newSecond = facts.clockSecond != m_shownSecond;
    m_wasMoving = facts.moving;
    if (!facts.dirty && calm) {
        if (!newSecond && !facts.overlayDue) return Frame::None;
        m_shownSecond = facts.clockSecond;
        return Frame::ClockTick;
    }
    m_shownSecond = facts.clockSecond;
    m_shownSpeedCall = facts.speedCalled;
    m_shownInfo = facts.info;
    return Frame::Full;
}

TimeMs FramePacer::waitMs(TimeMs frameStart, TimeMs now, bool moving, GameInfo info, TimeMs deadline,
                          TimeMs overlayFrameAt) const {
    // During play every key counts; waiting, paused or between games, the window may doze.
    const bool dozing = info != GameInfo::Play && now - m_lastInputAt > kCalmAfterMs;
    const TimeMs poll = dozing ? kCalmPollMs : kIdlePollMs;
    const TimeMs wake = moving ? frameStart + kAnimationFrameMs : std::min({deadline, now + poll, overlayFrameAt});
    return std::max<TimeMs>(1, wake - now);
}

} // namespace speed::client
