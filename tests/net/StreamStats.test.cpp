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
    CHECK(validate(plan, 90).find("--rate must be 0.01..100000") != std::string::npos);
    plan.rateMbps = 100'001;
    CHECK(validate(plan, 90).find("--rate") != std::string::npos);
    plan.rateMbps = 100'000; // above the old 1000 Mbit/s cap
    CHECK(validate(plan, 90).empty());
    plan = StreamPlan{};
    plan.durationS = 86'401;
    CHECK(validate(plan, 90).find("--duration must be more than 0 and at most 86400") != std::string::npos);
    plan.durationS = 86'400; // a day at 10 Mbit/s: 73 million datagrams
    CHECK(validate(plan, 90).empty());
    plan = StreamPlan{};
    plan.sizeBytes = 50;
    CHECK(validate(plan, 90).find("--size must be 90..65507") != std::string::npos);
    plan = StreamPlan{};
    plan.rateMbps = 1000;
    plan.durationS = 86'400;
    plan.sizeBytes = 1472; // 7.3 billion datagrams: more than 32-bit sequence numbers count
    CHECK(validate(plan, 90).find("at most 4294967295") != std::string::npos);
    plan.rateMbps = 300; // 2.2 billion: fits
    CHECK(validate(plan, 90).empty());
}

TEST_CASE("A stream catches up on 2 MiB of backlog, within 1..20 ms and at least 4 intervals", "[stream]") {
    CHECK(SendSchedule(0, 500, 1472, 1.0).maxCatchUpNs() == 20'000'000);      // 2 MiB: 33.6 ms
    CHECK(SendSchedule(0, 1000, 1472, 1.0).maxCatchUpNs() == 16'777'216);     // 2 MiB at 1 Gbit/s
    CHECK(SendSchedule(0, 100'000, 1472, 1.0).maxCatchUpNs() == 1'000'000);   // 168 us: at least 1 ms
    CHECK(SendSchedule(0, 0.1, 1472, 100.0).maxCatchUpNs() == 4 * 117'760'000); // 4 intervals of 118 ms
    // A sender descheduled for 10 ms at 500 Mbit/s catches up: no slip, every datagram still due.
    SendSchedule schedule(0, 500, 1472, 1.0);
    schedule.sent(0, 10'000'000);
    CHECK(schedule.slipNs() == 0);
    CHECK(schedule.late() == 1);
    schedule.sent(1, 31'000'000); // 21 ms: past the bound, the schedule moves on
    CHECK(schedule.slipNs() > 0);
}

TEST_CASE("A batch carries what is due within one span of its first datagram", "[stream]") {
    // 500 Mbit/s of 1250-byte datagrams: one every 20 us, 50 per 1 ms span.
    SendSchedule schedule(1'000'000, 500, 1250, 1.0);
    REQUIRE(schedule.intervalNs() == 20'000);
    REQUIRE(schedule.count() == 50'000);
    // The loop wakes a lead before the first is due and sends 1 ms of the stream from its due time.
    CHECK(schedule.wakeNs(0) == 1'000'000 - SendSchedule::kWakeLeadNs);
    const std::uint64_t end = schedule.batchEndNs(0, schedule.wakeNs(0));
    CHECK(end == 1'000'000 + SendSchedule::kBatchSpanNs);
    CHECK(schedule.dueBy(0, end) == 51); // due at 0, 20 .. 1000 us: both ends included
    // Woken late, the batch runs from now: what is overdue and 1 ms more.
    CHECK(schedule.dueBy(0, schedule.batchEndNs(0, 1'500'000)) == 76);
    // Nothing past the end of the stream, nothing before the next one is due.
    CHECK(schedule.dueBy(49'990, UINT64_MAX / 2) == 10);
    CHECK(schedule.dueBy(50'000, UINT64_MAX / 2) == 0);
    CHECK(schedule.dueBy(10, schedule.dueNs(10) - 1) == 0);
    CHECK(schedule.dueBy(10, schedule.dueNs(10)) == 1);
}

TEST_CASE("A batch sent on its wake-up is on time; the schedule's pace has no rounding drift", "[stream]") {
    // 100 Gbit/s of 90-byte datagrams: one every 7.2 ns. A whole-nanosecond interval (7 ns) would
    // send 3% too fast; the schedule keeps the fraction.
    SendSchedule fast(0, 100'000, 90, 0.01);
    CHECK(fast.count() == 1'388'888);
    CHECK(static_cast<double>(fast.dueNs(1'000'000)) == Approx(7'200'000).epsilon(1e-5));
    CHECK(fast.dueBy(0, fast.dueNs(1'000'000)) == 1'000'001);
    CHECK(fast.dueBy(0, fast.dueNs(1'000'000) - 1) == 1'000'000);

    SendSchedule schedule(0, 100'000, 10'000); // every 100 us
    std::uint32_t next = 0;
    int wakeUps = 0;
    while (next < schedule.count()) {
        const std::uint64_t now = schedule.wakeNs(next); // woken exactly on time
        const std::uint32_t batch = schedule.dueBy(next, schedule.batchEndNs(next, now));
        REQUIRE(batch > 0);
        for (std::uint32_t i = 0; i < batch; ++i) schedule.sent(next + i, now);
        next += batch;
        ++wakeUps;
    }
    CHECK(schedule.late() == 0);
    CHECK(schedule.slipNs() == 0);
    CHECK(wakeUps == 910); // 11 datagrams (1 ms and its far end) per wake-up, not one each
}

TEST_CASE("A late batch counts its late datagrams; a long stall slips the rest of the batch", "[stream]") {
    SendSchedule schedule(0, 100'000, 1000); // every 100 us: late after 100 us, slipped after 1 ms
    // Woken 150 us after datagram 0 was due: 0 is late, 1 (50 us) is not, the rest are early.
    const std::uint64_t now = 150'000;
    const std::uint32_t batch = schedule.dueBy(0, schedule.batchEndNs(0, now));
    CHECK(batch == 12);
    for (std::uint32_t i = 0; i < batch; ++i) schedule.sent(i, now);
    CHECK(schedule.late() == 1);
    // Stalled 5 ms: the first of the next batch is late and the schedule moves on by its lateness.
    const std::uint64_t stalled = schedule.dueNs(12) + 5'000'000;
    schedule.sent(12, stalled);
    CHECK(schedule.slipNs() == 5'000'000);
    CHECK(schedule.dueBy(13, stalled) == 0); // the rest are due on the new times: not overdue
}

TEST_CASE("Sending stops about on time when the rate is more than the sender can send", "[stream]") {
    SendSchedule schedule(1'000, 1'000'000, 1000); // 1 s planned; catch-up bound 4 ms
    CHECK(schedule.stopNs() == 1'000 + 1'000'000'000 + 4'000'000);
    // Stalled 300 ms: the whole stream still goes, 300 ms later.
    schedule.sent(0, 1'000 + 300'000'000);
    CHECK(schedule.slipNs() == 300'000'000);
    CHECK(schedule.stopNs() == 1'000 + 1'300'000'000 + 4'000'000);
    CHECK(schedule.endNs() < schedule.stopNs());
    // Always behind (a rate the machine cannot send): the overrun stops at max(1 s, 10%).
    for (std::uint32_t i = 1; i < 100; ++i) schedule.sent(i, schedule.dueNs(i) + 50'000'000);
    CHECK(schedule.slipNs() > 4'000'000'000ULL);
    CHECK(schedule.stopNs() == 1'000 + 2'000'000'000 + 4'000'000);
    // A long stream may overrun by a tenth of its time.
    SendSchedule day(0, 1'000'000, 86'400'000);
    day.sent(0, 3'600'000'000'000ULL); // an hour behind
    CHECK(day.stopNs() == 86'400'000'000'000ULL + 3'600'000'000'000ULL + 4'000'000);
}

TEST_CASE("The counter's memory is a window: a day's sequence numbers cost no more than a second's", "[stream]") {
    StreamCounter counter(1, StreamPlan::kMaxDatagrams);
    counter.add(0, 0, 10, 100);
    counter.add(4'000'000'000U, 0, 20, 100); // far on: the window moves there
    CHECK(counter.counts().received == 2);
    // Far behind the newest: too old to tell from a copy, not counted.
    counter.add(0, 0, 30, 100);
    CHECK(counter.outOfRange() == 1);
    CHECK(counter.counts().received == 2);
    CHECK(counter.counts().duplicates == 0);
    // Within the window behind the newest: a late one is counted and reordered, a copy is a copy.
    const std::uint32_t behind = 4'000'000'000U - (StreamCounter::kWindow - 1);
    counter.add(behind, 0, 40, 100);
    counter.add(behind, 0, 50, 100);
    CHECK(counter.counts().received == 3);
    CHECK(counter.counts().reordered == 1);
    CHECK(counter.counts().duplicates == 1);
}

TEST_CASE("The window forgets what falls out of it: a number seen long ago is new again", "[stream]") {
    StreamCounter counter(1, StreamPlan::kMaxDatagrams);
    // Every 7th of 3 windows' worth, in order: each counted once.
    constexpr std::uint32_t kEnd = 3 * StreamCounter::kWindow;
    for (std::uint32_t seq = 0; seq < kEnd; seq += 7) counter.add(seq, 0, seq, 1);
    CHECK(counter.counts().received == (kEnd + 6) / 7);
    CHECK(counter.counts().duplicates == 0);
    CHECK(counter.counts().reordered == 0);
    const std::uint32_t newest = 7 * ((kEnd - 1) / 7);
    counter.add(newest, 0, 0, 1);
    CHECK(counter.counts().duplicates == 1);
    // newest - 3 never came; its slot in the ring last held newest - 3 - kWindow, which did
    // (kWindow is 4 more than a multiple of 7): a late arrival, not a copy.
    REQUIRE((newest - 3 - StreamCounter::kWindow) % 7 == 0);
    counter.add(newest - 3, 0, 0, 1);
    CHECK(counter.counts().duplicates == 1);
    CHECK(counter.counts().reordered == 1);
    CHECK(counter.counts().received == (kEnd + 6) / 7 + 1);
}

TEST_CASE("Round trips are kept in bounded memory with exact extremes and a uniform sample", "[stream]") {
    RttReservoir few;
    for (int i = 1; i <= 100; ++i) few.add(i);
    CHECK(few.count() == 100);
    CHECK(few.sample().size() == 100); // all of them
    CHECK(few.minUs() == 1);
    CHECK(few.maxUs() == 100);
    CHECK(few.meanUs() == Approx(50.5));

    // Four times what it keeps, each round trip its own index: the sample holds as many from the
    // last quarter of the run as from the first (a sample of the first ones only would fail).
    RttReservoir many(42);
    const std::uint64_t total = 4 * RttReservoir::kCapacity;
    for (std::uint64_t i = 0; i < total; ++i) many.add(static_cast<double>(i));
    CHECK(many.count() == total);
    CHECK(many.sample().size() == RttReservoir::kCapacity);
    CHECK(many.minUs() == 0);
    CHECK(many.maxUs() == static_cast<double>(total - 1));
    double lastQuarter = 0;
    for (const double rtt : many.sample()) lastQuarter += rtt >= 0.75 * static_cast<double>(total) ? 1 : 0;
    CHECK(lastQuarter / static_cast<double>(many.sample().size()) == Approx(0.25).epsilon(0.04));
}
