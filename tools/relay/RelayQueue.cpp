#include "RelayQueue.hpp"

namespace speed {

RelayQueue::RelayQueue(const sim::FaultSettings& faults, std::uint64_t seed)
    : m_toHost(faults, seed * 2 + 1), m_toClient(faults, seed * 2 + 2) {}

void RelayQueue::push(TimeMs now, RelayDirection direction, std::string_view bytes) {
    auto& model = direction == RelayDirection::ToHost ? m_toHost : m_toClient;
    for (auto& delivery : model.transmit(now, bytes)) {
        m_pending.push({delivery.at, m_order++, {direction, std::move(delivery.bytes)}});
    }
}

std::vector<RelayDelivery> RelayQueue::takeDue(TimeMs now) {
    std::vector<RelayDelivery> due;
    while (!m_pending.empty() && m_pending.top().at <= now) {
        due.push_back(m_pending.top().delivery);
        m_pending.pop();
    }
    return due;
}

TimeMs RelayQueue::nextDueMs() const { return m_pending.empty() ? kNever : m_pending.top().at; }

const sim::FaultCounters& RelayQueue::counters(RelayDirection direction) const {
    return direction == RelayDirection::ToHost ? m_toHost.counters() : m_toClient.counters();
}

} // namespace speed
