#include "speed/protocol/ClockOffset.hpp"

#include <catch2/catch.hpp>

using namespace speed::protocol;

namespace {

// An exchange over a path of `upNs` there and `downNs` back, to a far clock `offsetNs` ahead,
// that the far side held for `heldNs`.
ClockSample exchange(std::int64_t sentNs, std::int64_t upNs, std::int64_t downNs, std::int64_t offsetNs,
                     std::int64_t heldNs) {
    const std::int64_t t2 = sentNs + upNs + offsetNs;
    return ClockSample{sentNs, t2, t2 + heldNs, sentNs + upNs + heldNs + downNs};
}

} // namespace

TEST_CASE("A symmetric path gives the offset exactly, the far side's time taken out", "[clock]") {
    const ClockSample sample = exchange(1'000'000, 40'000, 40'000, 7'000'000, 15'000);
    CHECK(sample.delayNs() == 80'000);
    CHECK(sample.offsetNs() == Approx(7'000'000));
    ClockOffsetEstimator estimator;
    REQUIRE(estimator.add(sample));
    const auto offset = estimator.estimate();
    REQUIRE(offset);
    CHECK(offset->offsetNs == Approx(7'000'000));
    CHECK(offset->epsilonNs == Approx(40'000));
    const OneWayDelay delays = oneWayDelay(sample, *offset);
    CHECK(delays.upNs == Approx(40'000));
    CHECK(delays.downNs == Approx(40'000));
}

TEST_CASE("An asymmetric path is within epsilon of the truth, never outside it", "[clock]") {
    // 5 ms there, 15 ms back: the exchange sees the 20 ms round trip only, and puts the offset
    // half the difference off; epsilon (10 ms) covers exactly that.
    const std::int64_t trueOffset = -3'000'000;
    const ClockSample sample = exchange(0, 5'000'000, 15'000'000, trueOffset, 0);
    ClockOffsetEstimator estimator;
    estimator.add(sample);
    const auto offset = estimator.estimate();
    REQUIRE(offset);
    CHECK(offset->offsetNs == Approx(trueOffset - 5'000'000));
    CHECK(std::abs(offset->offsetNs - trueOffset) <= offset->epsilonNs);
    const OneWayDelay delays = oneWayDelay(sample, *offset);
    CHECK(std::abs(delays.upNs - 5'000'000) <= delays.epsilonNs);
    CHECK(std::abs(delays.downNs - 15'000'000) <= delays.epsilonNs);
}

TEST_CASE("The least delayed of the recent exchanges is chosen", "[clock]") {
    ClockOffsetEstimator estimator(4);
    const std::int64_t offset = 1'000'000'000;
    // Queueing adds to one direction at a time: those exchanges' offsets are off by half of it.
    estimator.add(exchange(0, 100'000, 900'000, offset, 0));
    estimator.add(exchange(10'000'000, 50'000, 50'000, offset, 0)); // the quiet one
    estimator.add(exchange(20'000'000, 700'000, 50'000, offset, 0));
    auto best = estimator.estimate();
    REQUIRE(best);
    CHECK(best->offsetNs == Approx(offset));
    CHECK(best->epsilonNs == Approx(50'000));
    CHECK(best->samples == 3);
    // It leaves the window after four newer exchanges; the best of those is chosen then.
    for (int i = 0; i < 4; ++i) estimator.add(exchange(30'000'000 + i, 200'000 + i * 10'000, 200'000, offset, 0));
    best = estimator.estimate();
    REQUIRE(best);
    CHECK(best->delayNs == 400'000);
    CHECK(best->samples == 4);
}

TEST_CASE("Implausible exchanges are refused", "[clock]") {
    ClockOffsetEstimator estimator;
    CHECK_FALSE(estimator.estimate());
    CHECK_FALSE(estimator.add(ClockSample{100, 0, 0, 50}));       // received before it was sent
    CHECK_FALSE(estimator.add(ClockSample{0, 100, 50, 1000}));    // answered before it arrived
    CHECK_FALSE(estimator.add(ClockSample{0, 0, 5000, 1000}));    // held longer than the round trip
    CHECK(estimator.refused() == 3);
    CHECK_FALSE(estimator.estimate());
}

TEST_CASE("One clock on both sides needs no estimate", "[clock]") {
    const ClockOffset same = ClockOffset::exactlyZero();
    CHECK(same.sameClock);
    const OneWayDelay delays = oneWayDelay(exchange(0, 5'000'000, 15'000'000, 0, 20'000), same);
    CHECK(delays.upNs == Approx(5'000'000));
    CHECK(delays.downNs == Approx(15'000'000));
    CHECK(delays.epsilonNs == 0);
}

TEST_CASE("the delays of the recent exchanges: shortest, median, longest, and a ceiling leaves out stalls", "[clock]") {
    ClockOffsetEstimator estimator;
    CHECK_FALSE(estimator.delays().has_value());
    const auto exchange = [&](std::int64_t sentNs, std::int64_t delayNs) {
        REQUIRE(estimator.add({sentNs, sentNs + delayNs / 2, sentNs + delayNs / 2, sentNs + delayNs}));
    };
    exchange(0, 400'000);
    exchange(1'000'000, 500'000);
    exchange(2'000'000, 300'000);
    exchange(3'000'000, 20'000'000'000); // answered after the peer was stopped for 20 s
    const auto all = estimator.delays();
    REQUIRE(all);
    CHECK(all->minNs == 300'000);
    CHECK(all->maxNs == 20'000'000'000);
    CHECK(all->samples == 4);
    const auto sane = estimator.delays(all->minNs + 200'000'000);
    REQUIRE(sane);
    CHECK(sane->maxNs == 500'000);
    CHECK(sane->medianNs == 400'000);
    CHECK(sane->samples == 3);
    CHECK_FALSE(estimator.delays(100'000).has_value());
}
