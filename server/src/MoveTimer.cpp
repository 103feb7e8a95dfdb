#include "MoveTimer.hpp"

#include "speed/net/LatencySamples.hpp"

#include <algorithm>

namespace speed {

void MoveTimer::proposed(const Move& move, Clock::time_point at) { m_pending.push_back({move, at}); }

void MoveTimer::decided(const Move& move, Clock::time_point at) {
    const auto found = std::find_if(m_pending.begin(), m_pending.end(), [&](const Pending& p) { return p.move == move; });
    if (found == m_pending.end()) return;
    m_samplesUs.push_back(std::chrono::duration<double, std::micro>(at - found->at).count());
    m_pending.erase(found);
}

double MoveTimer::p50Ms() const { return m_samplesUs.empty() ? 0.0 : median(m_samplesUs) / 1000.0; }
double MoveTimer::p99Ms() const { return m_samplesUs.empty() ? 0.0 : nearestRankPercentile(m_samplesUs, 99) / 1000.0; }
double MoveTimer::maxMs() const {
    return m_samplesUs.empty() ? 0.0 : *std::max_element(m_samplesUs.begin(), m_samplesUs.end()) / 1000.0;
}

} // namespace speed
