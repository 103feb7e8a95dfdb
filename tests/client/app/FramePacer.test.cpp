#include "app/FramePacer.hpp"

#include "table/Speeds.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

namespace {

FrameFacts quiet(TimeMs now, TimeMs second = 0) {
    FrameFacts facts;
    facts.now = now;
    facts.clockSecond = second;
    facts.info = GameInfo::Play;
    return facts;
}

} // namespace

TEST_CASE("frame pacer: a quiet table draws nothing, a new second only the clock", "[client][pacer]") {
    FramePacer pacer;
    FrameFacts first = quiet(0);
    first.dirty = true;
    CHECK(pacer.decide(first) == Frame::Full);
    CHECK(pacer.decide(quiet(10)) == Frame::None);
    CHECK(pacer.decide(quiet(20)) == Frame::None);
    CHECK(pacer.decide(quiet(1000, 1)) == Frame::ClockTick);
    CHECK(pacer.decide(quiet(1010, 1)) == Frame::None);
    FrameFacts overlay = quiet(1020, 1);
    overlay.overlayDue = true;
    CHECK(pacer.decide(overlay) == Frame::ClockTick); // a dialog in use, the table unchanged
}

TEST_CASE("frame pacer: motion draws only what moves, every frame and one more after it stops", "[client][pacer]") {
    FramePacer pacer;
    FrameFacts moving = quiet(0);
    moving.moving = true;
    CHECK(pacer.decide(moving) == Frame::Full); // the first frame of a new state
    CHECK(pacer.decide(moving) == Frame::Motion);
    CHECK(pacer.decide(moving) == Frame::Motion);
    CHECK(pacer.decide(quiet(40)) == Frame::Motion); // where the card landed
    CHECK(pacer.decide(quiet(50)) == Frame::None);
    FrameFacts changed = quiet(60);
    changed.moving = true;
    changed.dirty = true; // a move applied while another card flies
    CHECK(pacer.decide(changed) == Frame::Full);
    CHECK(pacer.decide(moving) == Frame::Motion);
}

TEST_CASE("frame pacer: the SPEED! call and a change of state redraw the table", "[client][pacer]") {
    FramePacer pacer;
    pacer.decide(quiet(0));
    FrameFacts call = quiet(10);
    call.speedCalled = true;
    CHECK(pacer.decide(call) == Frame::Full);
    CHECK(pacer.decide(call) == Frame::Full); // the banner stays up: the call is drawn live
    CHECK(pacer.decide(quiet(20)) == Frame::Full); // the call is over
    FrameFacts paused = quiet(30);
    paused.info = GameInfo::Pause0;
    CHECK(pacer.decide(paused) == Frame::Full);
    CHECK(pacer.decide(paused) == Frame::None);
}

TEST_CASE("frame pacer: the loop waits for the next frame or the deadline, never a fixed poll", "[client][pacer]") {
    CHECK(FramePacer::waitMs(100, 104, true, kNever, kNever) == kAnimationFrameMs - 4);
    CHECK(FramePacer::waitMs(100, 104, false, kNever, kNever) == kLongestWaitMs); // input or news end it sooner
    CHECK(FramePacer::waitMs(100, 104, false, 110, kNever) == 6);
    CHECK(FramePacer::waitMs(100, 104, false, kNever, 108) == 4);
    CHECK(FramePacer::waitMs(100, 104, false, 5000, kNever) == kLongestWaitMs);
    CHECK(FramePacer::waitMs(100, 200, true, kNever, kNever) == 1); // never a busy spin
    CHECK(FramePacer::waitMs(100, 200, false, 150, kNever) == 1);   // a deadline already passed
}
