#pragma once

#include <cstdint>
#include <vector>

namespace speed {

// What one probe size gave: the round trips that came back, in the order they were sent.
struct ProbeSeries {
    int size = 0;      // the probe size asked for (bytes of UDP payload)
    int wireBytes = 0; // bytes actually sent per probe (at least the probe header)
    int sent = 0;      // counted probes only (warm-up excluded)
    std::vector<double> rttUs; // one per probe that came back; a lost probe has no entry
};

// Per-size report of speed-measure. Times in microseconds.
struct RttSummary {
    int size = 0;
    int wireBytes = 0;
    int sent = 0;
    int received = 0;
    int lost = 0; // counted, never averaged in: a lost probe has no delay
    double minUs = 0;
    double p50Us = 0;  // median (mean of the two middle values for an even count)
    double meanUs = 0;
    double p99Us = 0;  // nearest rank
    double p999Us = 0; // p99.9, nearest rank: the tail a thousand probes can show
    double maxUs = 0;
    double jitterUs = 0;    // RFC 3550 smoothed: J += (|D| - J) / 16 over consecutive RTTs
    double jitterMadUs = 0; // mean absolute difference of consecutive RTTs
    double throughputMbps = 0; // bits that came back per microsecond of round trip
};

// Pure: order statistics over an unsorted series. An empty series (all lost) gives zeros.
RttSummary summarize(const ProbeSeries& series);

double median(std::vector<double> values);
double nearestRankPercentile(std::vector<double> values, double percent);

} // namespace speed
