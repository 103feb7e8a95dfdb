#include "speed/protocol/ClockOffset.hpp"

#include <algorithm>
#include <vector>

namespace speed::protocol {

OneWayDelay oneWayDelay(const ClockSample& sample, const ClockOffset& offset) {
    return OneWayDelay{static_cast<double>(sample.t2Ns - sample.t1Ns) - offset.offsetNs,
                       static_cast<double>(sample.t4Ns - sample.t3Ns) + offset.offsetNs, offset.epsilonNs};
}

ClockOffsetEstimator::ClockOffsetEstimator(std::size_t window) : m_window(std::max<std::size_t>(window, 1)) {}

bool ClockOffsetEstimator::add(const ClockSample& sample) {
    if (!sample.plausible()) {
        ++m_refused;
        return false;
    }
    m_recent.push_back(sample);
    if (m_recent.size() > m_window) m_recent.pop_front();
    return true;
}

std::optional<ClockOffset> ClockOffsetEstimator::estimate() const {
    if (m_recent.empty()) return std::nullopt;
    // The first of equally short exchanges: the estimate does not move on a tie.
    const auto best = std::min_element(m_recent.begin(), m_recent.end(), [](const ClockSample& a, const ClockSample& b) {
        return a.delayNs() < b.delayNs();
    });
    return ClockOffset{best->offsetNs(), static_cast<double>(best->delayNs()) / 2.0, best->delayNs(), m_recent.size(),
                       false};
}

std::optional<DelaySpread> ClockOffsetEstimator::delays(std::int64_t ceilingNs) const {
    std::vector<std::int64_t> sorted;
    sorted.reserve(m_recent.size());
    for (const ClockSample& sample : m_recent) {
        if (sample.delayNs() <= ceilingNs) sorted.push_back(sample.delayNs());
    }
    if (sorted.empty()) return std::nullopt;
    std::sort(sorted.begin(), sorted.end());
    return DelaySpread{sorted.front(), sorted[sorted.size() / 2], sorted.back(), sorted.size()};
}

} // namespace speed::protocol
