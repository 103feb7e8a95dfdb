#pragma once

#include "speed/sim/FaultModel.hpp"

#include <cstdint>
#include <limits>
#include <queue>
#include <string>
#include <vector>

namespace speed {

enum class RelayDirection { ToHost, ToClient };

struct RelayDelivery {
    RelayDirection direction = RelayDirection::ToHost;
    std::string bytes;
};

// Microseconds of the relay's clock: delays are whole milliseconds, but counted from the very
// microsecond a datagram arrived, so that a 5 ms delay is 5 ms and not 4 to 5.
using TimeUs = std::int64_t;
inline constexpr TimeUs kNeverUs = std::numeric_limits<TimeUs>::max();

// The pure half of the fault relay: each direction passes through its own seeded FaultModel
// (the very one the in-process simulator uses), and the damaged copies wait here until due.
class RelayQueue {
public:
    RelayQueue(const sim::FaultSettings& faults, std::uint64_t seed);
    // Each direction its own faults (e.g. 5 ms to the host, 15 ms back).
    RelayQueue(const sim::FaultSettings& toHost, const sim::FaultSettings& toClient, std::uint64_t seed);

    void push(TimeUs now, RelayDirection direction, std::string_view bytes);
    std::vector<RelayDelivery> takeDue(TimeUs now);
    TimeUs nextDueUs() const; // kNeverUs when empty

    const sim::FaultCounters& counters(RelayDirection direction) const;

private:
    struct Pending {
        TimeUs at = 0;
        long long order = 0; // equal times leave in arrival order
        RelayDelivery delivery;
        bool operator>(const Pending& other) const { return at != other.at ? at > other.at : order > other.order; }
    };

    sim::FaultModel m_toHost;
    sim::FaultModel m_toClient;
    std::priority_queue<Pending, std::vector<Pending>, std::greater<>> m_pending;
    long long m_order = 0;
};

} // namespace speed
