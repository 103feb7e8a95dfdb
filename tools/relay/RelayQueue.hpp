#pragma once

#include "speed/sim/FaultModel.hpp"

#include <cstdint>
#include <queue>
#include <string>
#include <vector>

namespace speed {

enum class RelayDirection { ToHost, ToClient };

struct RelayDelivery {
    RelayDirection direction = RelayDirection::ToHost;
    std::string bytes;
};

// The pure half of the fault relay: each direction passes through its own seeded FaultModel
// (the very one the in-process simulator uses), and the damaged copies wait here until due.
class RelayQueue {
public:
    RelayQueue(const sim::FaultSettings& faults, std::uint64_t seed);

    void push(TimeMs now, RelayDirection direction, std::string_view bytes);
    std::vector<RelayDelivery> takeDue(TimeMs now);
    TimeMs nextDueMs() const; // kNever when empty

    const sim::FaultCounters& counters(RelayDirection direction) const;

private:
    struct Pending {
        TimeMs at = 0;
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
