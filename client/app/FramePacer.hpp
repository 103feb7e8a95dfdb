#pragma once

#include "match/GameInfo.hpp"

#include "speed/common/Time.hpp"

namespace speed::client {

// What the window's loop knows at the end of a turn.
struct FrameFacts {
    TimeMs now = 0;
    bool dirty = false;       // the table or a text on it changed
    bool moving = false;      // a card is in flight or being dragged (or was moved by the pointer)
    TimeMs clockSecond = 0;   // the game clock's whole second
    bool speedCalled = false; // the SPEED! banner is up
    GameInfo info = GameInfo::Nothing;
    bool overlayDue = false;  // ImGui wants a frame (a dialog is being used)
};

enum class Frame {
    None,      // nothing on screen changed
    ClockTick, // only the clock (or the idle overlay): blit the cached table, draw the clock
    Motion,    // only cards move: blit the cached still table, draw the moving cards over it
    Full,      // draw everything
};

// The window's pacing, apart from SFML: whether a turn draws at all, and how long the loop may
// then wait, knowing that input and network news end the wait at once (LoopWait). Nothing
// moving and nothing new costs nothing but the once-a-second clock; during an animation frames
// come every kAnimationFrameMs.
class FramePacer {
public:
    // Decides the turn's frame and remembers what it showed.
    Frame decide(const FrameFacts& facts);
    // How long to wait after a turn that began at `frameStart`; `now` is after its drawing.
    // `deadline` is the next moment something changes by itself, `overlayFrameAt` when ImGui
    // next wants a frame (kNever for either when nothing is due).
    static TimeMs waitMs(TimeMs frameStart, TimeMs now, bool moving, TimeMs deadline, TimeMs overlayFrameAt);

private:
    TimeMs m_shownSecond = -1;
    bool m_shownSpeedCall = false;
    GameInfo m_shownInfo = GameInfo::Nothing;
    bool m_wasMoving = false;
};

} // namespace speed::client
