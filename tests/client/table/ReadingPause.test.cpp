#include "table/ReadingPause.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

namespace {

constexpr TimeMs kCountIn = ReadingPause::kCountInStepMs * ReadingPause::kCountInSteps;

} // namespace

TEST_CASE("a game in play waits while something is open, then counts in before it goes on", "[table][pause]") {
    ReadingPause pause;
    CHECK(pause.follow(HoldReason::None, true, false, 0) == PauseStep::Nothing);
    CHECK(pause.follow(HoldReason::Help, true, false, 100) == PauseStep::Pause);
    CHECK(pause.holding() == HoldReason::Help);
    // Still open, and the game is paused now: nothing more to do.
    CHECK(pause.follow(HoldReason::Help, false, true, 200) == PauseStep::Nothing);
    CHECK_FALSE(pause.countIn(200));
    // Help closes: 3, 2, 1, then play.
    CHECK(pause.follow(HoldReason::None, false, true, 1000) == PauseStep::Nothing);
    CHECK(pause.holding() == HoldReason::None);
    CHECK(pause.countIn(1000) == 3);
    CHECK(pause.countIn(1000 + ReadingPause::kCountInStepMs) == 2);
    CHECK(pause.countIn(1000 + 2 * ReadingPause::kCountInStepMs) == 1);
    CHECK(pause.nextChangeAt(1000) == 1000 + ReadingPause::kCountInStepMs);
    CHECK(pause.follow(HoldReason::None, false, true, 1000 + kCountIn - 1) == PauseStep::Nothing);
    CHECK(pause.follow(HoldReason::None, false, true, 1000 + kCountIn) == PauseStep::Resume);
    CHECK_FALSE(pause.countIn(1000 + kCountIn));
    CHECK(pause.follow(HoldReason::None, true, false, 1000 + kCountIn + 1) == PauseStep::Nothing);
}

TEST_CASE("something opened during the count-in holds the game again, and the count starts over", "[table][pause]") {
    ReadingPause pause;
    REQUIRE(pause.follow(HoldReason::Menu, true, false, 0) == PauseStep::Pause);
    pause.follow(HoldReason::None, false, true, 100);
    REQUIRE(pause.countIn(100) == 3);
    CHECK(pause.follow(HoldReason::Background, false, true, 600) == PauseStep::Nothing);
    CHECK(pause.holding() == HoldReason::Background);
    CHECK_FALSE(pause.countIn(600));
    pause.follow(HoldReason::None, false, true, 5000);
    CHECK(pause.follow(HoldReason::None, false, true, 5000 + kCountIn - 1) == PauseStep::Nothing);
    CHECK(pause.follow(HoldReason::None, false, true, 5000 + kCountIn) == PauseStep::Resume);
}

TEST_CASE("the player's own pause outlasts a dialog, and its resume counts in too", "[table][pause]") {
    ReadingPause pause;
    CHECK(pause.playerToggle(true, false, 0) == PauseStep::Pause);
    CHECK(pause.playerPaused());
    CHECK(pause.follow(HoldReason::Help, false, true, 100) == PauseStep::Nothing);
    CHECK(pause.follow(HoldReason::None, false, true, 200) == PauseStep::Nothing);
    CHECK(pause.playerPaused()); // closing Help did not resume it
    CHECK(pause.follow(HoldReason::None, false, true, 10000) == PauseStep::Nothing);
    // P again: the count-in, then play.
    CHECK(pause.playerToggle(false, true, 20000) == PauseStep::Nothing);
    CHECK(pause.countIn(20000) == 3);
    CHECK(pause.follow(HoldReason::None, false, true, 20000 + kCountIn) == PauseStep::Resume);
}

TEST_CASE("P while something holds the game keeps it paused when that closes", "[table][pause]") {
    ReadingPause pause;
    REQUIRE(pause.follow(HoldReason::Dialog, true, false, 0) == PauseStep::Pause);
    CHECK(pause.playerToggle(false, true, 10) == PauseStep::Nothing);
    CHECK(pause.follow(HoldReason::None, false, true, 20) == PauseStep::Nothing);
    CHECK(pause.playerPaused());
    CHECK_FALSE(pause.countIn(20));
    CHECK(pause.follow(HoldReason::None, false, true, 20 + 10 * kCountIn) == PauseStep::Nothing);
}

TEST_CASE("a game that is over is not held, and a new one dealt while something is open is held at once", "[table][pause]") {
    ReadingPause pause;
    CHECK(pause.follow(HoldReason::Help, false, false, 0) == PauseStep::Nothing); // over: nothing runs
    CHECK(pause.playerToggle(false, false, 0) == PauseStep::Nothing);
    CHECK(pause.follow(HoldReason::Help, true, false, 10) == PauseStep::Pause); // dealt behind Help
    // The game was dealt anew while held (it plays again): hold the new one too.
    CHECK(pause.follow(HoldReason::StartScreen, true, false, 20) == PauseStep::Pause);
    CHECK(pause.holding() == HoldReason::StartScreen);
}

TEST_CASE("every reason to wait has words in both languages", "[table][pause]") {
    for (HoldReason reason : {HoldReason::StartScreen, HoldReason::Help, HoldReason::Dialog, HoldReason::Menu, HoldReason::Background}) {
        CHECK_FALSE(holdReasonWords(reason).empty());
    }
    CHECK(holdReasonWords(HoldReason::None).empty());
}
