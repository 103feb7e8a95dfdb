#include "MoveTimer.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace std::chrono_literals;

TEST_CASE("move timer: each proposal is timed to its own decision, in any order", "[server][timer]") {
    MoveTimer timer;
    const MoveTimer::Clock::time_point start{};
    const Move first = Move::refill(1, 0);
    const Move second = Move::refill(1, 2);
    timer.proposed(first, start);
    timer.proposed(second, start + 100us);
    timer.decided(second, start + 400us);  // 0.3 ms
    timer.decided(first, start + 1100us);  // 1.1 ms
    timer.decided(first, start + 5000us);  // a second answer for the same move: not counted again
    timer.decided(Move::refill(1, 3), start); // never proposed
    REQUIRE(timer.count() == 2);
    CHECK(timer.p50Ms() == Approx(0.7));
    CHECK(timer.p99Ms() == Approx(1.1));
    CHECK(timer.maxMs() == Approx(1.1));
}

TEST_CASE("move timer: a new game forgets what was in flight; no sample gives zeros", "[server][timer]") {
    MoveTimer timer;
    const MoveTimer::Clock::time_point start{};
    timer.proposed(Move::refill(1, 0), start);
    timer.forgetPending();
    timer.decided(Move::refill(1, 0), start + 1ms);
    CHECK(timer.count() == 0);
    CHECK(timer.p50Ms() == 0.0);
    CHECK(timer.maxMs() == 0.0);
}
