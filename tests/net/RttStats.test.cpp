#include "speed/measure/RttStats.hpp"

#include <catch2/catch.hpp>

using namespace speed;

TEST_CASE("order statistics of a series", "[measure]") {
    const auto summary = summarize({64, 64, 6, {30, 10, 20, 40, 50}});
    CHECK(summary.sent == 6);
    CHECK(summary.received == 5);
    CHECK(summary.lost == 1);
    CHECK(summary.minUs == 10);
    CHECK(summary.maxUs == 50);
    CHECK(summary.p50Us == 30);
    CHECK(summary.meanUs == Approx(30)); // the lost probe is not averaged in
    CHECK(summary.p99Us == 50);
}

TEST_CASE("median of an even count is the mean of the middle two", "[measure]") {
    CHECK(median({4, 1, 3, 2}) == 2.5);
    CHECK(nearestRankPercentile({1, 2, 3, 4}, 50) == 2);
    std::vector<double> hundred;
    for (int i = 1; i <= 100; ++i) hundred.push_back(i);
    CHECK(nearestRankPercentile(hundred, 99) == 99);
}

TEST_CASE("p99.9 is the nearest rank too: the 999th of a thousand, the largest of fewer", "[measure]") {
    ProbeSeries series{64, 64, 1000, {}};
    for (int i = 1000; i >= 1; --i) series.rttUs.push_back(i); // unsorted on purpose
    const auto summary = summarize(series);
    CHECK(summary.p99Us == 990);
    CHECK(summary.p999Us == 999);
    CHECK(summary.maxUs == 1000);
    CHECK(summarize({64, 64, 5, {30, 10, 20, 40, 50}}).p999Us == 50);
}

TEST_CASE("jitter: RFC 3550 smoothing and mean absolute difference", "[measure]") {
    // Differences: 10, 10, 10 -> J = 10/16, then + (10 - J)/16 twice.
    const auto summary = summarize({8, 8, 4, {100, 110, 100, 110}});
    double expected = 0;
    for (int i = 0; i < 3; ++i) expected += (10 - expected) / 16;
    CHECK(summary.jitterUs == Approx(expected));
    CHECK(summary.jitterMadUs == Approx(10));
    CHECK(summarize({8, 8, 3, {100, 100, 100}}).jitterUs == 0);
}

TEST_CASE("throughput counts only what came back", "[measure]") {
    // 2 probes of 1000 bytes back, 100 us each: 16000 bits in 200 us = 80 Mbit/s.
    const auto summary = summarize({1000, 1000, 4, {100, 100}});
    CHECK(summary.throughputMbps == Approx(80));
}

TEST_CASE("all probes lost gives zeros and no division by zero", "[measure]") {
    const auto summary = summarize({64, 64, 5, {}});
    CHECK(summary.lost == 5);
    CHECK(summary.received == 0);
    CHECK(summary.meanUs == 0);
    CHECK(summary.throughputMbps == 0);
    CHECK(summary.jitterUs == 0);
}

TEST_CASE("Stamped echoes give per-size one-way medians, and delay statistics of their own", "[measure]") {
    ProbeSeries series{100, 100, 3, {30, 40, 50}};
    series.upUs = {10, 12, 30};
    series.downUs = {15, 14, 13};
    series.heldUs = {5, 6, 7};
    const auto summary = summarize(series);
    CHECK(summary.stamped == 3);
    CHECK(summary.upP50Us == 12);
    CHECK(summary.downP50Us == 14);
    CHECK(summary.heldP50Us == 6);
    const DelayStats stats = delayStats({5, 1, 3});
    CHECK(stats.count == 3);
    CHECK(stats.minUs == 1);
    CHECK(stats.p50Us == 3);
    CHECK(stats.maxUs == 5);
    CHECK(delayStats({}).count == 0);
}

TEST_CASE("A paced series is also counted from each probe's intended send time", "[measure]") {
    ProbeSeries series{64, 64, 4, {10, 10, 10, 10}};
    // The third probe left 500 us late (the one before it took longer than the interval).
    series.fromIntendedUs = {10, 10, 510, 10};
    series.kernelRttUs = {8, 8, 8, 9};
    series.wakeupUs = {2, 2, 2, 1};
    const auto summary = summarize(series);
    CHECK(summary.p99Us == 10);
    CHECK(summary.intendedP99Us == 510);
    CHECK(summary.intendedMaxUs == 510);
    CHECK(summary.kernelCount == 4);
    CHECK(summary.kernelP50Us == 8);
    CHECK(summary.kernelP99Us == 9);
    CHECK(summary.wakeupMaxUs == 2);
    // Back to back there is no schedule: counted from the send, the same as the RTT.
    const auto unpaced = summarize({64, 64, 2, {10, 30}});
    CHECK(unpaced.intendedMaxUs == 30);
    CHECK(unpaced.kernelCount == 0);
}

TEST_CASE("The fitted line is the least-squares line through each size's median", "[measure]") {
    std::vector<RttSummary> results;
    for (int bytes : {100, 200, 400, 800}) {
        RttSummary r;
        r.wireBytes = bytes;
        r.received = 1;
        r.p50Us = 20.0 + 0.002 * bytes; // 20 us + 2 ns/B exactly
        results.push_back(r);
    }
    RttSummary lost; // a size that never came back is left out
    lost.wireBytes = 1600;
    results.push_back(lost);
    LineFit fit = fitCostPerByte(results);
    CHECK(fit.points == 4);
    CHECK(fit.fixedUs == Approx(20));
    CHECK(fit.nsPerByte == Approx(2));
    CHECK(fit.r2 == Approx(1));
    results[1].p50Us += 3; // off the line: R^2 drops below 1
    fit = fitCostPerByte(results);
    CHECK(fit.r2 < 0.99);
    CHECK(fit.r2 > 0);
    CHECK(fitCostPerByte({results[0]}).points == 0); // one size: no line
}
