#pragma once

#include "speed/common/Random.hpp"
#include "speed/common/Time.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

// A hostile network for one direction, pure and seeded: given a datagram sent at `now`, it says
// when (and in what shape) copies of it arrive. Used by the in-process simulator and by the
// fault relay over real sockets.
namespace speed::sim {

struct FaultSettings {
    double lossRate = 0.0;      // probability a datagram is dropped
    double duplicateRate = 0.0; // probability a second copy is delivered (its own delay)
    double reorderRate = 0.0;   // probability a datagram is held back behind later ones
    double corruptRate = 0.0;   // probability a delivered copy is damaged
    double truncateShare = 0.5; // of the damaged copies, the share cut short (the rest get 1-3 bit flips)
    TimeMs delayMs = 0;         // one-way base delay
    TimeMs jitterMs = 0;        // plus a uniform extra delay in [0, jitterMs]
    TimeMs reorderHoldMs = 0;   // extra delay of a reordered datagram; 0 means 2 * (delayMs + jitterMs) + 10
};

struct Delivery {
    TimeMs at = 0;
    std::string bytes;
};

struct FaultCounters {
    long long sent = 0;
    long long lost = 0;
    long long duplicated = 0;
    long long reordered = 0;
    long long corrupted = 0;
    long long truncated = 0;
};

class FaultModel {
public:
    FaultModel(FaultSettings settings, std::uint64_t seed);

    // Zero, one or two deliveries of `bytes` sent at `now`, each at or after `now`.
    std::vector<Delivery> transmit(TimeMs now, std::string_view bytes);
    // The same into `into` (cleared first, its room kept), taking `bytes` for the last undamaged
    // copy: the simulator's loop makes no vector and copies no datagram it need not.
    void transmit(TimeMs now, std::string&& bytes, std::vector<Delivery>& into);

    void setSettings(const FaultSettings& settings) { m_settings = settings; }
    const FaultSettings& settings() const { return m_settings; }
    const FaultCounters& counters() const { return m_counters; }

private:
    bool chance(double probability);
    TimeMs deliveryDelay();
    std::string damaged(std::string_view bytes);

    FaultSettings m_settings;
    SplitMix64 m_rng;
    FaultCounters m_counters;
};

} // namespace speed::sim
