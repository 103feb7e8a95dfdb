#pragma once

#include "speed/net/LatencySamples.hpp"
#include "speed/protocol/ClockOffset.hpp"
#include "speed/protocol/HostSession.hpp"

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

// How a session's races are decided: the mode, and for a host under fair arbitration the
// figures of the current deal and what it took back.
inline nlohmann::json arbitrationJson(Arbitration mode, const std::optional<protocol::ArbitrationFigures>& host) {
    nlohmann::json out{{"mode", std::string(toString(host ? host->mode : mode))}};
    if (!host) return out;
    const protocol::ArbitrationFigures& figures = *host;
    if (figures.mode != Arbitration::Fair) return out;
    out["lag_ms"] = static_cast<double>(figures.lagUs) / 1e3;
    out["tie_window_ms"] = static_cast<double>(figures.tieUs) / 1e3;
    out["rewind_window_ms"] = static_cast<double>(figures.rewindUs) / 1e3;
    out["view_delay_ms"] = figures.viewDelayMs;
    out["rollbacks"] = figures.rollbacks;
    out["late_at_arrival"] = figures.lateAtArrival;
    return out;
}

inline nlohmann::json arbitrationJson(const protocol::Session& session) {
    const auto* host = dynamic_cast<const protocol::HostSession*>(&session);
    return arbitrationJson(session.confirmedState().rules.arbitration,
                           host != nullptr ? std::optional(host->arbitration()) : std::nullopt);
}

} // namespace speed
