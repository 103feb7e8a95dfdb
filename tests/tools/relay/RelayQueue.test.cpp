#include "RelayQueue.hpp"

#include <catch2/catch.hpp>

using namespace speed;

TEST_CASE("a clean relay passes datagrams through at once and in order", "[relay]") {
    RelayQueue queue({}, 1);
    queue.push(100, RelayDirection::ToHost, "one");
    queue.push(100, RelayDirection::ToClient, "two");
    CHECK(queue.nextDueMs() == 100);
    const auto due = queue.takeDue(100);
    REQUIRE(due.size() == 2);
    CHECK(due[0].bytes == "one");
    CHECK(due[0].direction == RelayDirection::ToHost);
    CHECK(due[1].bytes == "two");
    CHECK(queue.nextDueMs() == kNever);
}

TEST_CASE("delay holds datagrams until due", "[relay]") {
    sim::FaultSettings faults;
    faults.delayMs = 20;
    RelayQueue queue(faults, 1);
    queue.push(0, RelayDirection::ToHost, "late");
    CHECK(queue.takeDue(19).empty());
    CHECK(queue.nextDueMs() == 20);
    CHECK(queue.takeDue(20).size() == 1);
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
