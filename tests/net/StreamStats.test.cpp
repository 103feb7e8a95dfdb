#include "speed/measure/StreamStats.hpp"

#include <catch2/catch.hpp>

using namespace speed;

TEST_CASE("A stream's schedule spaces datagrams evenly at the rate", "[stream]") {
    // 10 Mbit/s of 1250-byte datagrams: 1000 a second, one every millisecond.
    SendSchedule schedule(5'000, 10, 1250, 2.0);
    CHECK(schedule.intervalNs() == 1'000'000);
    CHECK(schedule.count() == 2000);
    CHECK(schedule.dueNs(0) == 5'000);
    CHECK(schedule.dueNs(1999) == 5'000 + 1999 * 1'000'000ULL);
    CHECK(schedule.endNs() == 5'000 + 2'000'000'000ULL);
    CHECK(SendSchedule(0, 0.01, 65507, 0.001).count() == 1); // a run sends at least one
}

TEST_CASE("A send is late past min(one interval, 1 ms), and the worst lateness is kept", "[stream]") {
    SendSchedule fast(0, 100'000, 10); // every 100 us
    fast.sent(0, 0);
    fast.sent(1, 100'000 + 100'000);     // exactly one interval late: not yet
    fast.sent(2, 200'000 + 100'001);     // late
    CHECK(fast.late() == 1);
    CHECK(fast.maxLatenessNs() == 100'001);
    SendSchedule slow(0, 20'000'000, 10); // every 20 ms: late after 1 ms
    slow.sent(0, 900'000);
    slow.sent(1, 20'000'000 + 1'000'001);
    CHECK(slow.late() == 1);
}

TEST_CASE("A sender a little behind catches up; one far behind slips its schedule instead", "[stream]") {
    SendSchedule schedule(0, 1'000'000, 100); // every 1 ms: catch-up bound max(4 intervals, 1 ms) = 4 ms
    schedule.sent(0, 0);
    schedule.sent(1, 1'000'000 + 3'000'000); // 3 ms late: the next ones are still due on the old times
    CHECK(schedule.slipNs() == 0);
    CHECK(schedule.dueNs(2) == 2'000'000);
    schedule.sent(2, 4'000'000);
    schedule.sent(3, 4'000'000);
    schedule.sent(4, 4'000'000);
    // Stopped for 900 ms: no flush of 900 datagrams; the stream resumes at its rate from there.
    schedule.sent(5, 905'000'000);
    CHECK(schedule.slipNs() == 900'000'000);
    CHECK(schedule.dueNs(6) == 906'000'000);
    CHECK(schedule.endNs() == 900'000'000 + 100'000'000);
    CHECK(schedule.late() == 3); // 1 and 2 (3 and 2 ms), then 5; 3 left exactly 1 ms after its time
    CHECK(schedule.maxLatenessNs() == 900'000'000);
}

TEST_CASE("The counter sees loss, duplicates, reordering and bytes", "[stream]") {
    StreamCounter counter(7, 100);
    const std::uint64_t sent[] = {0, 1000, 2000, 3000, 4000};
    counter.add(0, sent[0], 500, 100);
    counter.add(2, sent[2], 2500, 100);
    counter.add(1, sent[1], 2600, 100); // overtaken by 2
    counter.add(2, sent[2], 2700, 100); // a copy
    counter.add(4, sent[4], 4500, 100); // 3 never comes
    const auto counts = counter.counts();
    CHECK(counts.stream == 7);
    CHECK(counts.received == 4);
    CHECK(counts.duplicates == 1);
    CHECK(counts.reordered == 1);
    CHECK(counts.bytes == 400);
    CHECK(counts.firstNs == 500);
    CHECK(counts.lastNs == 4500);
    CHECK(counter.minTransitNs() == 500);
    counter.add(100, 0, 0, 100); // beyond what the stream can hold: not counted
    CHECK(counter.outOfRange() == 1);
    CHECK(counter.counts().received == 4);
}

TEST_CASE("Jitter is RFC 3550's: constant transit gives none, alternating transit converges", "[stream]") {
    StreamCounter steady(1, 1000);
    for (std::uint32_t i = 0; i < 100; ++i) steady.add(i, i * 1000, i * 1000 + 7'000'000'000ULL, 10); // any offset
    CHECK(steady.counts().jitterNs == 0);

    // Transit alternating 100 us and 300 us: |D| = 200 us every time, J -> 200 us.
    StreamCounter alternating(1, 10'000);
    for (std::uint32_t i = 0; i < 1000; ++i) {
        const std::uint64_t sentNs = i * 1'000'000ULL;
        alternating.add(i, sentNs, sentNs + (i % 2 == 0 ? 100'000 : 300'000), 10);
    }
    CHECK(static_cast<double>(alternating.counts().jitterNs) == Approx(200'000).epsilon(0.001));
    // After one jump of 160 us from a steady stream: J = 160 / 16 = 10 us.
    StreamCounter jump(1, 10);
    jump.add(0, 0, 1000, 10);
    jump.add(1, 1000, 2000 + 160'000, 10);
    CHECK(jump.counts().jitterNs == 10'000);
}

TEST_CASE("A direction's loss and goodput come from the sender's count and time", "[stream]") {
    protocol::StreamCounts counts;
    counts.received = 900;
    counts.bytes = 900 * 1250;
    counts.jitterNs = 1500;
    const StreamDirection up = streamDirection(1000, 3, 42.0, 1.0, counts);
    CHECK(up.counted);
    CHECK(up.lost == 100);
    CHECK(up.lossPercent == Approx(10));
    CHECK(up.goodputMbps == Approx(9.0));
    CHECK(up.jitterUs == Approx(1.5));
    CHECK(up.late == 3);
    const StreamDirection unknown = streamDirection(1000, 0, 0, 1.0, std::nullopt);
    CHECK_FALSE(unknown.counted);
    CHECK(unknown.lost == 0);
}

TEST_CASE("A stream plan is bounded with clear errors", "[stream]") {
    StreamPlan plan;
    CHECK(validate(plan, 90).empty());
    plan.rateMbps = 0;
    CHECK(validate(plan, 90).find("--rate") != std::string::npos);
    plan.rateMbps = 1001;
    CHECK(validate(plan, 90).find("--rate") != std::string::npos);
    plan = StreamPlan{};
    plan.durationS = 61;
    CHECK(validate(plan, 90).find("--duration") != std::string::npos);
    plan = StreamPlan{};
    plan.sizeBytes = 50;
    CHECK(validate(plan, 90).find("--size must be 90..65507") != std::string::npos);
    plan = StreamPlan{};
    plan.rateMbps = 1000;
    plan.durationS = 60;
    plan.sizeBytes = 90; // 83 million datagrams
    CHECK(validate(plan, 90).find("datagrams") != std::string::npos);
}
