#include "speed/net/RttStats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace speed {

double median(std::vector<double> values) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    const std::size_t middle = values.size() / 2;
    if (values.size() % 2 == 1) return values[middle];
    return (values[middle - 1] + values[middle]) / 2;
}

double nearestRankPercentile(std::vector<double> values, double percent) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    // The rank is a whole number whenever percent * n / 100 is one: 99.9 is not exact in binary,
    // and 999.0000000000001 must not round up to 1000.
    const double rank = std::ceil(percent / 100.0 * static_cast<double>(values.size()) - 1e-9);
    const auto index = static_cast<std::size_t>(std::clamp(rank, 1.0, static_cast<double>(values.size())));
    return values[index - 1];
}

DelayStats delayStats(const std::vector<double>& values) {
    DelayStats stats;
    if (values.empty()) return stats;
    stats.count = static_cast<int>(values.size());
    const auto [lowest, highest] = std::minmax_element(values.begin(), values.end());
    stats.minUs = *lowest;
    stats.maxUs = *highest;
    stats.p50Us = median(values);
    stats.p99Us = nearestRankPercentile(values, 99);
    return stats;
}

RttSummary summarize(const ProbeSeries& series) {
    RttSummary summary;
    summary.size = series.size;
    summary.wireBytes = series.wireBytes;
    summary.sent = series.sent;
    summary.received = static_cast<int>(series.rttUs.size());
    summary.lost = std::max(0, series.sent - summary.received);
    const auto& rtts = series.rttUs;
    if (rtts.empty()) return summary;
    summary.stamped = static_cast<int>(series.upUs.size());
    summary.upP50Us = median(series.upUs);
    summary.downP50Us = median(series.downUs);
    summary.heldP50Us = median(series.heldUs);

    const auto [lowest, highest] = std::minmax_element(rtts.begin(), rtts.end());
    const double total = std::accumulate(rtts.begin(), rtts.end(), 0.0);
    summary.minUs = *lowest;
    summary.maxUs = *highest;
    summary.meanUs = total / static_cast<double>(rtts.size());
    summary.p50Us = median(rtts);
    summary.p99Us = nearestRankPercentile(rtts, 99);
    summary.p999Us = nearestRankPercentile(rtts, 99.9);

    double smoothed = 0;
    double absoluteDifferences = 0;
    for (std::size_t i = 1; i < rtts.size(); ++i) {
        const double difference = std::abs(rtts[i] - rtts[i - 1]);
        smoothed += (difference - smoothed) / 16.0;
        absoluteDifferences += difference;
    }
    summary.jitterUs = smoothed;
    if (rtts.size() > 1) summary.jitterMadUs = absoluteDifferences / static_cast<double>(rtts.size() - 1);

    // Bits per microsecond are megabits per second.
    const double bitsBack = 8.0 * summary.wireBytes * static_cast<double>(summary.received);
    if (total > 0) summary.throughputMbps = bitsBack / total;
    return summary;
}

} // namespace speed
