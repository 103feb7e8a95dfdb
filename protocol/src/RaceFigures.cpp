#include "RaceFigures.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace speed::protocol {

namespace {

constexpr std::int64_t kUsPerMs = 1000;

} // namespace

std::optional<DelaySpread> usableDelays(const ArbitrationHost& host, const FairTiming& fair) {
    const auto all = host.linkDelays(std::numeric_limits<std::int64_t>::max());
    if (!all) return std::nullopt;
    return host.linkDelays(all->minNs + 2 * fair.maxLagUs * kUsPerMs);
}

// The lag from the longest round trip, halved (a one-way trip at the far end of its spread), plus
// a margin; the tie window from their spread; the view delay from their median, halved, and no
// longer than the lag: the host's seat never waits for what its plays do not.
RaceFigures raceFigures(const DelaySpread& delays, const SessionTiming& timing) {
    const FairTiming& fair = timing.fair;
    const std::int64_t oneWayUs = delays.maxNs / 2000;
    const std::int64_t spreadUs = (delays.maxNs - delays.minNs) / 4000;
    RaceFigures figures;
    figures.lagUs = std::clamp(oneWayUs + std::max(fair.lagMarginUs, oneWayUs / 10), fair.minLagUs, fair.maxLagUs);
    figures.tieUs = std::clamp(spreadUs, fair.minTieUs, fair.maxTieUs);
    figures.rewindUs = rewindWindowUs(figures.lagUs, timing);
    figures.viewDelayMs = std::min(static_cast<TimeMs>(std::llround(static_cast<double>(delays.medianNs) / 2e6)),
                                   static_cast<TimeMs>(figures.lagUs / kUsPerMs));
    return figures;
}

std::int64_t rewindWindowUs(std::int64_t lagUs, const SessionTiming& timing) {
    return std::min(timing.resendIntervalMs * kUsPerMs + lagUs, timing.fair.maxRewindUs);
}

} // namespace speed::protocol
