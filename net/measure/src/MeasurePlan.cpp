#include "speed/measure/MeasurePlan.hpp"

namespace speed {

std::string validate(const MeasurePlan& plan) {
    if (plan.mode == MeasureMode::Pow2 && (plan.maxExponent < 0 || plan.maxExponent > MeasurePlan::kMaxExponent)) {
        return "--max-exp must be 0..15 (2^15 = 32768 bytes; a UDP datagram holds at most 65,507)";
    }
    if (plan.mode == MeasureMode::Fixed && (plan.size < 1 || plan.size > MeasurePlan::kMaxProbeBytes)) {
        return "--size must be 1..65507 bytes (the largest UDP payload over IPv4)";
    }
    if (plan.count < 1 || plan.count > 1'000'000) return "--count must be 1..1000000";
    if (plan.warmup < 0 || plan.warmup > 100'000) return "--warmup must be 0..100000";
    if (plan.intervalMs < 0 || plan.intervalMs > 60'000) return "--interval must be 0..60000 ms";
    if (plan.timeoutMs < 1 || plan.timeoutMs > 60'000) return "--timeout must be 1..60000 ms";
    return {};
}

std::vector<int> planSizes(const MeasurePlan& plan) {
    if (plan.mode == MeasureMode::Fixed) return {plan.size};
    std::vector<int> sizes;
    for (int exponent = 0; exponent <= plan.maxExponent; ++exponent) sizes.push_back(1 << exponent);
    return sizes;
}

std::vector<int> probeSchedule(const MeasurePlan& plan) {
    const std::vector<int> sizes = planSizes(plan);
    std::vector<int> schedule;
    schedule.reserve(sizes.size() * static_cast<std::size_t>(plan.count));
    for (int round = 0; round < plan.count; ++round) {
        schedule.insert(schedule.end(), sizes.begin(), sizes.end());
    }
    return schedule;
}

} // namespace speed
