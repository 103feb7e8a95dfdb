#pragma once

#include "speed/net/LatencySamples.hpp"
#include "speed/protocol/ClockOffset.hpp"

#include <nlohmann/json.hpp>

namespace speed {

// How the programs' --json reports a LatencySamples: {count, p50, p99, max}, null when empty.
inline nlohmann::json latencyJson(const LatencySamples& samples) {
    if (samples.empty()) return nullptr;
    const LatencySummary summary = samples.summary();
    return {{"count", summary.count}, {"p50", summary.p50}, {"p99", summary.p99}, {"max", summary.max}};
}

// A session's estimate of the other side's clock (far = here + offset_ms, +/- epsilon_ms), null
// before any answered request.
inline nlohmann::json clockJson(const std::optional<protocol::ClockOffset>& clock) {
    if (!clock) return nullptr;
    return {{"offset_ms", clock->offsetNs / 1e6}, {"epsilon_ms", clock->epsilonNs / 1e6},
            {"delay_ms", static_cast<double>(clock->delayNs) / 1e6}, {"samples", clock->samples}};
}

} // namespace speed
