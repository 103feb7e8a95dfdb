#include "speed/measure/RttStats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace speed {

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
    summary.late = series.late;
    const auto& rtts = series.rttUs;
    if (rtts.empty()) return summary;
    summary.stamped = static_cast<int>(series.upUs.size());
    summary.upP50Us = median(series.upUs);
    summary.downP50Us = median(series.downUs);
    summary.heldP50Us = median(series.heldUs);
    const std::vector<double>& intended = series.fromIntendedUs.empty() ? rtts : series.fromIntendedUs;
    summary.intendedP50Us = median(intended);
    summary.intendedP99Us = nearestRankPercentile(intended, 99);
    summary.intendedP999Us = nearestRankPercentile(intended, 99.9);
    summary.intendedMaxUs = *std::max_element(intended.begin(), intended.end());
    if (!series.kernelRttUs.empty()) {
        summary.kernelCount = static_cast<int>(series.kernelRttUs.size());
        summary.kernelMinUs = *std::min_element(series.kernelRttUs.begin(), series.kernelRttUs.end());
        summary.kernelP50Us = median(series.kernelRttUs);
        summary.kernelP99Us = nearestRankPercentile(series.kernelRttUs, 99);
        summary.kernelP999Us = nearestRankPercentile(series.kernelRttUs, 99.9);
        summary.wakeupP50Us = median(series.wakeupUs);
        summary.wakeupP99Us = nearestRankPercentile(series.wakeupUs, 99);
        summary.wakeupMaxUs = series.wakeupUs.empty() ? 0 : *std::max_element(series.wakeupUs.begin(), series.wakeupUs.end());
    }

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

LineFit fitCostPerByte(const std::vector<RttSummary>& results) {
    std::vector<std::pair<double, double>> points;
    for (const auto& r : results) {
        if (r.received > 0) points.emplace_back(static_cast<double>(r.wireBytes), r.p50Us);
    }
    LineFit fit;
    const auto n = static_cast<double>(points.size());
    if (points.size() < 2) return fit;
    double sumX = 0, sumY = 0;
    for (const auto& [x, y] : points) {
        sumX += x;
        sumY += y;
    }
    const double meanX = sumX / n, meanY = sumY / n;
    double sxx = 0, sxy = 0, syy = 0;
    for (const auto& [x, y] : points) {
        sxx += (x - meanX) * (x - meanX);
        sxy += (x - meanX) * (y - meanY);
        syy += (y - meanY) * (y - meanY);
    }
    if (sxx <= 0) return fit; // one size only: no slope to fit
    const double slope = sxy / sxx; // microseconds per byte
    fit.points = static_cast<int>(points.size());
    fit.nsPerByte = slope * 1000.0;
    fit.fixedUs = meanY - slope * meanX;
    double residual = 0;
    for (const auto& [x, y] : points) {
        const double error = y - (fit.fixedUs + slope * x);
        residual += error * error;
    }
    fit.r2 = syy > 0 ? 1.0 - residual / syy : 1.0; // all medians equal: the flat line fits exactly
    return fit;
}

} // namespace speed
