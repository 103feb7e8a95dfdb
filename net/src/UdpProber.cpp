#include "speed/net/UdpProber.hpp"

#include "speed/protocol/Codec.hpp"
#include "speed/protocol/Probe.hpp"

#include <asio/buffer.hpp>
#include <poll.h>

#include <variant>

namespace speed {
namespace {

using Clock = std::chrono::steady_clock;

double microsecondsBetween(Clock::time_point from, Clock::time_point to) {
    return std::chrono::duration<double, std::micro>(to - from).count();
}

} // namespace

UdpProber::UdpProber(asio::io_context& io, const asio::ip::udp::endpoint& target)
    : m_socket(io), m_startedAt(Clock::now()), m_buffer(protocol::kMaxProbeDatagramBytes + 1) {
    std::error_code ec;
    m_socket.open(target.protocol(), ec);
    if (!ec) m_socket.connect(target, ec);
    if (!ec) m_socket.non_blocking(true, ec);
    if (ec) m_openError = ec.message();
}

bool UdpProber::waitReadable(Clock::time_point deadline) {
    const auto remaining = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (remaining.count() < 0) return false;
    pollfd descriptor{m_socket.native_handle(), POLLIN, 0};
    return ::poll(&descriptor, 1, static_cast<int>(remaining.count()) + 1) > 0;
}

bool UdpProber::isEchoOf(std::size_t length, std::uint32_t probeId) const {
    const auto decoded = protocol::decodeDatagram(std::string_view(m_buffer.data(), length));
    if (!decoded.ok()) return false;
    const auto* echo = std::get_if<protocol::Echo>(&decoded.message->body);
    return echo != nullptr && echo->id == probeId; // a late echo of an earlier probe is skipped
}

ProbeOutcome UdpProber::roundTrip(int sizeBytes, int timeoutMs) {
    const std::uint32_t id = m_nextId++;
    const auto sinceStart = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - m_startedAt);
    const std::string probe = protocol::encodeProbe(id, static_cast<std::size_t>(sizeBytes),
                                                    static_cast<std::uint32_t>(sinceStart.count()), m_nextSeq++);
    ProbeOutcome outcome;
    outcome.wireBytes = static_cast<int>(probe.size());

    std::error_code ec;
    const auto sentAt = Clock::now();
    m_socket.send(asio::buffer(probe), 0, ec);
    if (ec) {
        outcome.refused = ec == asio::error::connection_refused;
        return outcome;
    }
    const auto deadline = sentAt + std::chrono::milliseconds(timeoutMs);
    while (waitReadable(deadline)) {
        const std::size_t length = m_socket.receive(asio::buffer(m_buffer), 0, ec);
        const auto receivedAt = Clock::now();
        if (ec == asio::error::would_block || ec == asio::error::try_again) continue;
        if (ec) {
            outcome.refused = ec == asio::error::connection_refused;
            if (outcome.refused) break;
            continue;
        }
        if (isEchoOf(length, id)) {
            outcome.rttUs = microsecondsBetween(sentAt, receivedAt);
            break;
        }
    }
    return outcome;
}

} // namespace speed
