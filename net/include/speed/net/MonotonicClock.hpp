#pragma once

#include "speed/common/Time.hpp"

#include <chrono>
#include <cstdint>

namespace speed {

// The programs' clock: milliseconds since the process started, never going back. The logic
// only ever sees the numbers this returns (time is injected).
class MonotonicClock {
public:
    TimeMs nowMs() const {
        const auto elapsed = std::chrono::steady_clock::now() - m_start;
        return std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count();
    }
    // The same clock in microseconds, for round trips shorter than a millisecond.
    std::int64_t nowUs() const {
        const auto elapsed = std::chrono::steady_clock::now() - m_start;
        return std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
    }
    std::chrono::steady_clock::time_point toTimePoint(TimeMs ms) const {
        return m_start + std::chrono::milliseconds(ms);
    }

private:
    std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
};

// Nanoseconds of the monotonic clock (steady_clock: CLOCK_MONOTONIC, one clock for every process
// of the machine), for measurement timestamps.
std::uint64_t monotonicNowNs();
// This machine's protocol::monotonicClockId (from the kernel's boot ID); 0 when it cannot be read.
std::uint32_t thisMachineClockId();

} // namespace speed
