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

std::string_view describe(Reflector reflector) {
    switch (reflector) {
    case Reflector::SpeedEcho: return "a speed host or reflector (ECHO)";
    case Reflector::PlainEcho: return "a plain UDP echo (each probe came back unchanged)";
    case Reflector::None: break;
    }
    return "nothing";
}

std::string_view wordOf(Reflector reflector) {
    switch (reflector) {
    case Reflector::SpeedEcho: return "speed_echo";
    case Reflector::PlainEcho: return "plain_echo";
    case Reflector::None: break;
    }
    return "none";
}

// A late answer to an earlier probe is skipped either way: its ID (or its bytes) are not this one's.
bool UdpProber::isEchoOf(std::size_t length, std::uint32_t probeId, const std::string& probe) {
    const std::string_view received(m_buffer.data(), length);
    if (received == probe) {
        m_reflector = Reflector::PlainEcho;
        return true;
    }
    const auto decoded = protocol::decodeDatagram(received);
    if (!decoded.ok()) return false;
    const auto* echo = std::get_if<protocol::Echo>(&decoded.message->body);
    if (echo == nullptr || echo->id != probeId) return false;
    m_reflector = Reflector::SpeedEcho;
    return true;
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
        if (isEchoOf(length, id, probe)) {
            outcome.rttUs = microsecondsBetween(sentAt, receivedAt);
            break;
        }
    }
    return outcome;
}

} // namespace speed
