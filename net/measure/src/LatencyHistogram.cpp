#include "speed/measure/LatencyHistogram.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace speed {
namespace {

constexpr std::uint64_t kHalf = 64;          // buckets per power of two
constexpr std::uint64_t kExact = 2 * kHalf;  // values below are their own bucket

} // namespace

std::size_t LatencyHistogram::indexOf(std::uint64_t valueNs) {
    if (valueNs < kExact) return static_cast<std::size_t>(valueNs);
    const int top = 63 - std::countl_zero(valueNs); // 7 or more
    const int shift = top - 6;                      // (value >> shift) is 64..127
    return static_cast<std::size_t>((static_cast<std::uint64_t>(shift) + 1) * kHalf + ((valueNs >> shift) - kHalf));
}

LatencyHistogram::Bucket LatencyHistogram::boundsOf(std::size_t index) {
    if (index < kExact) return {index, index, 0};
    const std::uint64_t shift = index / kHalf - 1;
    const std::uint64_t sub = index % kHalf + kHalf;
    const std::uint64_t low = sub << shift;
    return {low, low + (std::uint64_t{1} << shift) - 1, 0};
}

void LatencyHistogram::add(std::uint64_t valueNs) {
    const std::size_t index = indexOf(valueNs);
    if (index >= m_counts.size()) m_counts.resize(index + 1, 0);
    ++m_counts[index];
    m_minNs = m_count == 0 ? valueNs : std::min(m_minNs, valueNs);
    m_maxNs = std::max(m_maxNs, valueNs);
    m_sumNs += static_cast<double>(valueNs);
    ++m_count;
}

std::uint64_t LatencyHistogram::percentileNs(double percent) const {
    if (m_count == 0) return 0;
    // As LatencySamples' nearest rank: 99.9 is not exact in binary, and 49950.000000000007 must
    // not round up to 49951.
    const auto rank = static_cast<std::uint64_t>(std::clamp(
        std::ceil(percent / 100.0 * static_cast<double>(m_count) - 1e-9), 1.0, static_cast<double>(m_count)));
    std::uint64_t seen = 0;
    for (std::size_t index = 0; index < m_counts.size(); ++index) {
        seen += m_counts[index];
        if (seen >= rank) return std::clamp(boundsOf(index).highNs, m_minNs, m_maxNs);
    }
    return m_maxNs;
}

std::vector<LatencyHistogram::Bucket> LatencyHistogram::buckets() const {
    std::vector<Bucket> held;
    for (std::size_t index = 0; index < m_counts.size(); ++index) {
        if (m_counts[index] == 0) continue;
        Bucket bucket = boundsOf(index);
        bucket.count = m_counts[index];
        held.push_back(bucket);
    }
    return held;
}

} // namespace speed
