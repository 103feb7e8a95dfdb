#include "RelayQueue.hpp"

#include <catch2/catch.hpp>

using namespace speed;

TEST_CASE("a clean relay passes datagrams through at once and in order", "[relay]") {
    RelayQueue queue({}, 1);
    queue.push(100, RelayDirection::ToHost, "one");
    queue.push(100, RelayDirection::ToClient, "two");
    CHECK(queue.nextDueUs() == 100);
    const auto due = queue.takeDue(100);
    REQUIRE(due.size() == 2);
    CHECK(due[0].bytes == "one");
    CHECK(due[0].direction == RelayDirection::ToHost);
    CHECK(due[1].bytes == "two");
    CHECK(queue.nextDueUs() == kNeverUs);
}

TEST_CASE("delay holds datagrams until due", "[relay]") {
    sim::FaultSettings faults;
    faults.delayMs = 20;
    RelayQueue queue(faults, 1);
    queue.push(0, RelayDirection::ToHost, "late");
    CHECK(queue.takeDue(19'999).empty());
    CHECK(queue.nextDueUs() == 20'000);
    CHECK(queue.takeDue(20'000).size() == 1);
}

TEST_CASE("full loss delivers nothing and counts it", "[relay]") {
    sim::FaultSettings faults;
    faults.lossRate = 1.0;
    RelayQueue queue(faults, 1);
    for (int i = 0; i < 10; ++i) queue.push(i, RelayDirection::ToClient, "gone");
    CHECK(queue.takeDue(1000).empty());
    CHECK(queue.counters(RelayDirection::ToClient).lost == 10);
    CHECK(queue.counters(RelayDirection::ToHost).sent == 0);
}

TEST_CASE("each direction has its own delay, counted from the arrival's microsecond", "[relay]") {
    sim::FaultSettings up, down;
    up.delayMs = 5;
    down.delayMs = 15;
    RelayQueue queue(up, down, 1);
    queue.push(1'700, RelayDirection::ToHost, "up");     // 1.7 ms: mid-millisecond
    queue.push(1'700, RelayDirection::ToClient, "down");
    CHECK(queue.nextDueUs() == 6'700);
    CHECK(queue.takeDue(6'699).empty());
    const auto there = queue.takeDue(6'700);
    REQUIRE(there.size() == 1);
    CHECK(there[0].bytes == "up");
    CHECK(queue.nextDueUs() == 16'700);
    CHECK(queue.takeDue(16'700).at(0).bytes == "down");
}
