#include "speed/net/LatencySamples.hpp"

#include "speed/net/RttStats.hpp"

#include <algorithm>

namespace speed {

void LatencySamples::add(double value) {
    if (m_values.size() >= kMaxSamples) m_values.erase(m_values.begin(), m_values.begin() + kMaxSamples / 2);
    m_values.push_back(value);
}

double LatencySamples::percentile(double percent) const { return nearestRankPercentile(m_values, percent); }

double LatencySamples::max() const { return m_values.empty() ? 0 : *std::max_element(m_values.begin(), m_values.end()); }

} // namespace speed
