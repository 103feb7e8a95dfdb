#pragma once

#include "speed/common/Move.hpp"

#include <chrono>
#include <cstddef>
#include <vector>

namespace speed {

// How long the host takes to decide this side's proposals, on the wall clock in microseconds:
// from the moment the bot proposes a move to the moment the session reports the host's OK or
// NG for it. The figure `speed-server --json` reports as move_confirm_ms.
class MoveTimer {
public:
    using Clock = std::chrono::steady_clock;

    void proposed(const Move& move, Clock::time_point at = Clock::now());
    void decided(const Move& move, Clock::time_point at = Clock::now()); // a move not proposed is skipped
    void forgetPending() { m_pending.clear(); } // a new game: what was in flight is void

    std::size_t count() const { return m_samplesUs.size(); }
    double p50Ms() const;
    double p99Ms() const;
    double maxMs() const;

private:
    struct Pending {
        Move move;
        Clock::time_point at;
    };
    std::vector<Pending> m_pending;
    std::vector<double> m_samplesUs;
};

} // namespace speed
