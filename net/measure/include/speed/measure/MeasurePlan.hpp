#pragma once

#include <string>
#include <vector>

namespace speed {

enum class MeasureMode { Pow2, Fixed };

// What speed-measure is asked to do. Sizes are bytes of UDP payload per probe.
struct MeasurePlan {
    static constexpr int kMaxProbeBytes = 65507;    // the largest UDP payload over IPv4
    static constexpr int kEthernetPayloadBytes = 1472; // 1500 - 20 (IPv4) - 8 (UDP)
    static constexpr int kMaxExponent = 15;         // 2^15 = 32768; 2^16 would exceed 65507

    MeasureMode mode = MeasureMode::Pow2;
    int maxExponent = 10; // pow2: sizes 1, 2, 4 .. 2^maxExponent
    int size = 1500;      // fixed: this size
    int count = 10;       // pow2: how many sets; fixed: how many probes
    int warmup = 10;      // probes sent first and not counted
    int intervalMs = 0;   // 0: back to back (each probe as soon as the last one came back or was lost)
    int timeoutMs = 1000; // a probe not back by then is lost
};

// Empty when the plan can run, else what is wrong (for the command line's error message).
std::string validate(const MeasurePlan& plan);

// The distinct sizes, smallest first.
std::vector<int> planSizes(const MeasurePlan& plan);

// The counted probes' sizes in sending order: pow2 sends set after set, fixed one size N times.
std::vector<int> probeSchedule(const MeasurePlan& plan);

} // namespace speed
