#include "RelayQueue.hpp"

namespace speed {

RelayQueue::RelayQueue(const sim::FaultSettings& faults, std::uint64_t seed) : RelayQueue(faults, faults, seed) {}

RelayQueue::RelayQueue(const sim::FaultSettings& toHost, const sim::FaultSettings& toClient, std::uint64_t seed)
    : m_toHost(toHost, seed * 2 + 1), m_toClient(toClient, seed * 2 + 2) {}

void RelayQueue::push(TimeUs now, RelayDirection direction, std::string_view bytes) {
    auto& model = direction == RelayDirection::ToHost ? m_toHost : m_toClient;
    // The model thinks in milliseconds; its delay is added to the arrival's microsecond.
    const TimeMs nowMs = now / 1000;
    for (auto& delivery : model.transmit(nowMs, bytes)) {
        m_pending.push({now + (delivery.at - nowMs) * 1000, m_order++, {direction, std::move(delivery.bytes)}});
    }
}

std::vector<RelayDelivery> RelayQueue::takeDue(TimeUs now) {
    std::vector<RelayDelivery> due;
    while (!m_pending.empty() && m_pending.top().at <= now) {
        due.push_back(m_pending.top().delivery);
        m_pending.pop();
    }
    return due;
}

TimeUs RelayQueue::nextDueUs() const { return m_pending.empty() ? kNeverUs : m_pending.top().at; }

const sim::FaultCounters& RelayQueue::counters(RelayDirection direction) const {
    return direction == RelayDirection::ToHost ? m_toHost.counters() : m_toClient.counters();
}

} // namespace speed
