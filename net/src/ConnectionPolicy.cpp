#include "speed/net/ConnectionPolicy.hpp"

#include <algorithm>
#include <utility>

namespace speed {

ConnectionPolicy::ConnectionPolicy(ConnectOptions configured)
    : m_configured(std::move(configured)), m_attempt(m_configured) {}

void ConnectionPolicy::begin(TimeMs now) {
    m_attempt = m_configured;
    m_joinedLocalHost = false;
    m_giveUpAt = laterBy(now, m_configured.waitMs); // kNever: a host that waits until cancelled
}

// No peer, and our port is taken: another copy on this machine hosts there (started twice with
// the same settings). Join it instead of giving up, briefly: see kLocalHostAnswerMs.
bool ConnectionPolicy::joinLocalHostAfter(ConnectorFailure failure) {
    if (m_joinedLocalHost || m_configured.peer || failure != ConnectorFailure::PortInUse) return false;
    m_attempt = m_configured;
    m_attempt.peer = HostPort{"127.0.0.1", m_configured.hostPort};
    m_attempt.joinOnly = true;
    m_attempt.waitMs = std::min<TimeMs>(m_configured.waitMs, kLocalHostAnswerMs);
    m_joinedLocalHost = true;
    return true;
}

bool ConnectionPolicy::portHeldByAnotherProgram(ConnectorFailure failure) const {
    return m_joinedLocalHost && failure == ConnectorFailure::NoHostAnswered;
}

void ConnectionPolicy::connectNextWith(const ConnectOptions& next) {
    const std::uint64_t dealSeed = m_configured.session.dealSeed;
    m_configured = next;
    m_configured.session.dealSeed = dealSeed;
}

bool hostsAnewAfter(protocol::SessionRole role, const protocol::SessionEvent& ended) {
    using protocol::EndCause;
    const bool givenUp = ended.cause == EndCause::PeerLost || ended.cause == EndCause::RecordDamaged ||
                         ended.cause == EndCause::Stalled;
    return ended.kind == protocol::SessionEventKind::Ended && role == protocol::SessionRole::Host && givenUp;
}

} // namespace speed
