#pragma once

#include "speed/net/LatencySamples.hpp"
#include "speed/protocol/ClockOffset.hpp"

#include <cstdint>
#include <vector>

namespace speed {

// What one probe size gave: the round trips that came back, in the order they were sent.
struct ProbeSeries {
    int size = 0;      // the probe size asked for (bytes of UDP payload)
    int wireBytes = 0; // bytes actually sent per probe (at least the probe header)
    int sent = 0;      // counted probes only (warm-up excluded)
    std::vector<double> rttUs; // one per probe that came back; a lost probe has no entry
    int late = 0;      // of those, answered after the timeout (open loop: still counted, not lost)
    // Echoes stamped by the far side: one-way delays (under the clock offset of their time) and
    // how long the far side held each probe.
    std::vector<double> upUs{};
    std::vector<double> downUs{};
    std::vector<double> heldUs{};
    // Paced runs: each round trip counted from the probe's intended send time, so a probe that
    // left late (the one before took longer than the interval) counts its lateness too.
    std::vector<double> fromIntendedUs{};
    // The kernel's receive timestamps: the round trip without this program's waking up, and
    // that waking up (program's receive time - kernel's).
    std::vector<double> kernelRttUs{};
    std::vector<double> wakeupUs{};
};

// Per-size report of speed-measure. Times in microseconds.
struct RttSummary {
    int size = 0;
    int wireBytes = 0;
    int sent = 0;
    int received = 0;
    int lost = 0; // counted, never averaged in: a lost probe has no delay
    int late = 0; // answered after the timeout: in `received` and in the figures, not lost
    double minUs = 0;
    double p50Us = 0;  // median (mean of the two middle values for an even count)
    double meanUs = 0;
    double p99Us = 0;  // nearest rank
    double p999Us = 0; // p99.9, nearest rank: the tail a thousand probes can show
    double maxUs = 0;
    double jitterUs = 0;    // RFC 3550 smoothed: J += (|D| - J) / 16 over consecutive RTTs
    double jitterMadUs = 0; // mean absolute difference of consecutive RTTs
    double throughputMbps = 0; // bits that came back per microsecond of round trip
    int stamped = 0;           // echoes with the far side's stamps
    double upP50Us = 0;        // one-way delay this side -> far side, median (stamped only)
    double downP50Us = 0;      // far side -> this side
    double heldP50Us = 0;      // the far side's time between receiving and answering
    // From the intended send time (equal to the RTT's when back to back).
    double intendedP50Us = 0, intendedP99Us = 0, intendedP999Us = 0, intendedMaxUs = 0;
    // By the kernel's receive timestamp; 0 when the kernel gave none (kernelCount 0).
    int kernelCount = 0;
    double kernelMinUs = 0, kernelP50Us = 0, kernelP99Us = 0, kernelP999Us = 0;
    double wakeupP50Us = 0, wakeupP99Us = 0, wakeupMaxUs = 0;
};

// A straight line through (bytes, microseconds): the fixed cost of a round trip and its cost
// per byte, fitted by least squares over each size's median, with R^2 (1: every point on it).
struct LineFit {
    int points = 0; // sizes fitted; fewer than 2 distinct sizes give no line (points 0)
    double fixedUs = 0;
    double nsPerByte = 0;
    double r2 = 0;
};
// Over the sizes that had echoes, x = bytes sent per probe, y = median RTT.
LineFit fitCostPerByte(const std::vector<RttSummary>& results);

// Order statistics of one list of delays.
struct DelayStats {
    int count = 0;
    double minUs = 0;
    double p50Us = 0;
    double p99Us = 0;
    double maxUs = 0;
};
DelayStats delayStats(const std::vector<double>& values);

// One-way delays of the whole run, from the echoes the far side stamped (T1..T4). Both sides on
// one clock (one machine): the delays are exact. Else each probe's delays are taken under the
// clock offset estimated from the most recent exchanges (minimum-delay filtering), and each is
// only good to +/- epsilon: an exchange cannot tell a clock offset from a difference between the
// way there and the way back.
struct OneWaySummary {
    bool sameClock = false;
    protocol::ClockOffset offset; // the last estimate (sameClock: exactly zero)
    DelayStats up;                // this side -> far side
    DelayStats down;              // far side -> this side
    DelayStats held;              // the far side's time between receiving and answering
    std::size_t refused = 0;      // implausible stamps (time going backwards), not used
};


// Pure: order statistics over an unsorted series. An empty series (all lost) gives zeros.
RttSummary summarize(const ProbeSeries& series);

} // namespace speed
