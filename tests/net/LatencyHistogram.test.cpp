#include "speed/measure/LatencyHistogram.hpp"
#include "speed/measure/MeasureReport.hpp"
#include "speed/net/LatencySamples.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

using namespace speed;

TEST_CASE("Every value falls in a bucket whose width is at most 1/64 of the value", "[measure]") {
    std::mt19937_64 random(7);
    for (int i = 0; i < 100'000; ++i) {
        const std::uint64_t value = random() >> (random() % 64);
        const auto bucket = LatencyHistogram::boundsOf(LatencyHistogram::indexOf(value));
        REQUIRE(bucket.lowNs <= value);
        REQUIRE(value <= bucket.highNs);
        REQUIRE((bucket.highNs - bucket.lowNs) * 64 <= std::max<std::uint64_t>(value, 1));
    }
    // Below 128 ns each value is its own bucket; the buckets tile the numbers with no gap.
    for (std::size_t index = 0; index < 2000; ++index) {
        CHECK(LatencyHistogram::boundsOf(index).highNs + 1 == LatencyHistogram::boundsOf(index + 1).lowNs);
    }
    CHECK(LatencyHistogram::indexOf(127) == 127);
}

TEST_CASE("Percentiles agree with the exact nearest rank to the bucket's precision, up to p99.9", "[measure]") {
    std::mt19937_64 random(11);
    std::lognormal_distribution<double> delays(std::log(200'000.0), 0.8); // around 200 us, a long tail
    LatencyHistogram histogram;
    std::vector<double> exact;
    for (int i = 0; i < 50'000; ++i) {
        const auto ns = static_cast<std::uint64_t>(delays(random));
        histogram.add(ns);
        exact.push_back(static_cast<double>(ns));
    }
    CHECK(histogram.count() == 50'000);
    for (const double percent : {1.0, 50.0, 90.0, 99.0, 99.9, 100.0}) {
        const double truth = nearestRankPercentile(exact, percent);
        const auto read = static_cast<double>(histogram.percentileNs(percent));
        CHECK(read >= truth);
        CHECK(read <= truth * (1 + 1.0 / 64));
    }
    CHECK(histogram.percentileNs(100) == histogram.maxNs());
    std::uint64_t total = 0;
    for (const auto& bucket : histogram.buckets()) total += bucket.count;
    CHECK(total == 50'000);
}

TEST_CASE("An empty histogram reads zero", "[measure]") {
    const LatencyHistogram histogram;
    CHECK(histogram.percentileNs(50) == 0);
    CHECK(histogram.buckets().empty());
    CHECK(powerOfTwoCounts(histogram).counts.empty());
}

TEST_CASE("The bars sum the buckets per power of two and keep empty powers between", "[measure]") {
    LatencyHistogram histogram;
    histogram.add(20'000); // [16384, 32768)
    histogram.add(30'000);
    histogram.add(200'000); // [131072, 262144): three powers later
    const PowerOfTwoCounts bars = powerOfTwoCounts(histogram);
    CHECK(bars.lowNs == 16'384);
    CHECK(bars.counts == std::vector<std::uint64_t>{2, 0, 0, 1});
    CHECK(bars.highNs() == 262'144);
    CHECK(histogramRows(histogram, 10).size() == 4);
}
