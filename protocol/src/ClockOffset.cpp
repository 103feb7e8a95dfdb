#include "speed/protocol/ClockOffset.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
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
    double low = -std::numeric_limits<double>::infinity();
    double high = std::numeric_limits<double>::infinity();
    for (const ClockSample& sample : m_recent) {
        const double half = static_cast<double>(sample.delayNs()) / 2.0;
        low = std::max(low, sample.offsetNs() - half);
        high = std::min(high, sample.offsetNs() + half);
    }
    if (low > high) {
        return ClockOffset{best->offsetNs(), static_cast<double>(best->delayNs()) / 2.0, best->delayNs(),
                           m_recent.size(), false};
    }
    return ClockOffset{(low + high) / 2.0, (high - low) / 2.0, best->delayNs(), m_recent.size(), false};
}

std::int64_t wayBackBoundNs(const WaySpread& ways, const DelaySpread& delays) {
    constexpr std::int64_t kMarginNs = 2'000'000;
    return std::min(ways.maxNs + (ways.maxNs - ways.minNs) / 2, delays.maxNs) + kMarginNs;
}

std::optional<WaySpread> ClockOffsetEstimator::waysBack(std::int64_t ceilingNs) const {
    const auto offset = estimate();
    if (!offset) return std::nullopt;
    std::optional<WaySpread> ways;
    for (const ClockSample& sample : m_recent) {
        if (sample.delayNs() > ceilingNs) continue;
        const auto back = std::clamp(static_cast<std::int64_t>(std::llround(oneWayDelay(sample, *offset).downNs)),
                                     std::int64_t{0}, sample.delayNs());
        if (!ways) ways = WaySpread{back, back, 0};
        ways->minNs = std::min(ways->minNs, back);
        ways->maxNs = std::max(ways->maxNs, back);
        ++ways->samples;
    }
    return ways;
}

std::optional<DelaySpread> ClockOffsetEstimator::delays(std::int64_t ceilingNs) const {
    // The shortest, the median and the longest, without sorting them all or allocating each
    // time: the host asks for every play the client makes.
    thread_local std::vector<std::int64_t> kept;
    kept.clear();
    for (const ClockSample& sample : m_recent) {
        if (sample.delayNs() <= ceilingNs) kept.push_back(sample.delayNs());
    }
    if (kept.empty()) return std::nullopt;
    const auto middle = kept.begin() + static_cast<std::ptrdiff_t>(kept.size() / 2);
    std::nth_element(kept.begin(), middle, kept.end());
    const auto [shortest, longest] = std::minmax_element(kept.begin(), kept.end());
    return DelaySpread{*shortest, *middle, *longest, kept.size()};
}

} // namespace speed::protocol
