#pragma once

#include <cstddef>
#include <vector>

namespace speed {

// The median of a series (the mean of the two middle values for an even count); 0 when empty.
double median(std::vector<double> values);
// The nearest-rank percentile of a series; 0 when empty.
double nearestRankPercentile(std::vector<double> values, double percent);

struct LatencySummary {
    std::size_t count = 0;
    double p50 = 0;
    double p99 = 0;
    double max = 0;
};

// Durations of one kind (round trips, how long datagrams waited before they were read), kept
// for a report's percentiles. Bounded: past kMaxSamples the oldest half is dropped, so a
// program that runs for days keeps a few MB at most and reports its recent behaviour.
class LatencySamples {
public:
    static constexpr std::size_t kMaxSamples = 1 << 17;

    void add(double value);
    std::size_t count() const { return m_values.size(); }
    bool empty() const { return m_values.empty(); }
    double percentile(double percent) const; // nearest rank; 0 when empty
    double max() const;
    LatencySummary summary() const { return {count(), percentile(50), percentile(99), max()}; }

private:
    std::vector<double> m_values;
};

} // namespace speed
