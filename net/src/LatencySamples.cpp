#include "speed/net/LatencySamples.hpp"

#include <algorithm>
#include <cmath>

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

void LatencySamples::add(double value) {
    if (m_values.size() >= kMaxSamples) m_values.erase(m_values.begin(), m_values.begin() + kMaxSamples / 2);
    m_values.push_back(value);
}

double LatencySamples::percentile(double percent) const { return nearestRankPercentile(m_values, percent); }

double LatencySamples::max() const { return m_values.empty() ? 0 : *std::max_element(m_values.begin(), m_values.end()); }

} // namespace speed
