#pragma once

#include "speed/net/LatencySamples.hpp"

#include <nlohmann/json.hpp>

namespace speed {

// How the programs' --json reports a LatencySamples: {count, p50, p99, max}, null when empty.
inline nlohmann::json latencyJson(const LatencySamples& samples) {
    if (samples.empty()) return nullptr;
    const LatencySummary summary = samples.summary();
    return {{"count", summary.count}, {"p50", summary.p50}, {"p99", summary.p99}, {"max", summary.max}};
}

} // namespace speed
