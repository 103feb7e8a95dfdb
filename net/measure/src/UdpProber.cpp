#include "speed/measure/UdpProber.hpp"

#include "ReceiveStamped.hpp"

#include "speed/protocol/Codec.hpp"
#include "speed/protocol/MeasureWire.hpp"
#include "speed/protocol/Probe.hpp"

#include <asio/buffer.hpp>

#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <cerrno>
#include <cstring>
#include <variant>

namespace speed {
namespace {

using Clock = std::chrono::steady_clock;

constexpr std::string_view kStampRequest = "t";

} // namespace

UdpProber::UdpProber(asio::io_context& io, const asio::ip::udp::endpoint& target)
    : m_socket(io),
      m_startedAt(Clock::now()),
      m_buffer(protocol::kMaxProbeDatagramBytes + 1),
      m_clockId(thisMachineClockId()) {
    std::error_code ec;
    m_socket.open(target.protocol(), ec);
    if (!ec) m_socket.connect(target, ec);
    if (ec) {
        m_openError = ec.message();
        return;
    }
    m_kernelTimestamps = detail::enableKernelTimestamps(m_socket.native_handle());
    // A stream back waits here while this program is descheduled.
    detail::enlargeReceiveBuffer(m_socket.native_handle(), detail::kStreamReceiveBufferBytes);
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

std::string UdpProber::nextProbe(int sizeBytes, std::string_view payloadText) {
    const auto sinceStart = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - m_startedAt);
    return protocol::encodeProbe(m_nextId++, static_cast<std::size_t>(sizeBytes),
                                 static_cast<std::uint32_t>(sinceStart.count()), m_nextSeq++, payloadText);
}

void UdpProber::appendProbe(std::string& out, int sizeBytes, std::string_view payloadText) {
    const auto sinceStart = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - m_startedAt);
    protocol::appendProbe(out, m_nextId++, static_cast<std::size_t>(sizeBytes),
                          static_cast<std::uint32_t>(sinceStart.count()), m_nextSeq++, payloadText);
}

std::error_code UdpProber::send(std::string_view datagram) {
    if (::send(m_socket.native_handle(), datagram.data(), datagram.size(), 0) < 0) {
        return std::error_code(errno, std::system_category());
    }
    return {};
}

void UdpProber::setReceiveTimeout(std::chrono::microseconds timeout) {
    if (timeout == m_receiveTimeout) return;
    m_receiveTimeout = timeout;
    detail::setReceiveTimeout(m_socket.native_handle(), timeout);
}

std::optional<ReceivedDatagram> UdpProber::receiveOne(int flags, std::error_code& ec) {
    const detail::StampedReceive received =
        detail::receiveStamped(m_socket.native_handle(), m_buffer.data(), m_buffer.size(), flags, nullptr, nullptr);
    if (received.length < 0) {
        ec = std::error_code(received.error, std::system_category());
        return std::nullopt;
    }
    ec.clear();
    return ReceivedDatagram{std::string_view(m_buffer.data(), static_cast<std::size_t>(received.length)),
                            received.atNs, received.kernelAtNs};
}

std::optional<ReceivedDatagram> UdpProber::receiveUntil(std::uint64_t deadlineNs, bool& refused) {
    for (;;) {
        const std::uint64_t now = monotonicNowNs();
        std::error_code ec;
        if (auto datagram = receiveOne(MSG_DONTWAIT, ec)) return datagram;
        if (ec.value() == ECONNREFUSED) {
            refused = true;
            continue; // the error is reported once; what comes next may be a datagram
        }
        if (now >= deadlineNs) return std::nullopt;
        const std::uint64_t waitNs = deadlineNs - now;
        const timespec timeout{static_cast<time_t>(waitNs / 1'000'000'000ULL),
                               static_cast<long>(waitNs % 1'000'000'000ULL)};
        pollfd descriptor{m_socket.native_handle(), POLLIN, 0};
        if (::ppoll(&descriptor, 1, &timeout, nullptr) <= 0) return std::nullopt;
    }
}

// A late answer to an earlier probe is skipped either way: its ID (or its bytes) are not this one's.
bool UdpProber::isEchoOf(std::string_view received, std::uint32_t probeId, const std::string& probe,
                         ProbeOutcome& outcome, const ReceivedDatagram& datagram) {
    if (received == probe) {
        m_reflector = Reflector::PlainEcho;
        return true;
    }
    const auto decoded = protocol::decodeDatagram(received);
    if (!decoded.ok()) return false;
    const auto* echo = std::get_if<protocol::Echo>(&decoded.message->body);
    if (echo == nullptr || echo->id != probeId) return false;
    m_reflector = Reflector::SpeedEcho;
    if (echo->payload.front() == 'T') {
        const protocol::MeasurePayload form = protocol::readMeasurePayload(echo->payload);
        if (const auto* stamps = std::get_if<protocol::EchoStamps>(&form)) {
            const auto t2 = static_cast<std::int64_t>(stamps->receivedNs);
            outcome.clock = protocol::ClockSample{static_cast<std::int64_t>(outcome.sentNs), t2, t2 + stamps->heldNs,
                                                  static_cast<std::int64_t>(datagram.kernelAtNs.value_or(datagram.atNs))};
            outcome.sameClock = stamps->clockId != 0 && stamps->clockId == m_clockId;
        }
    }
    return true;
}

ProbeOutcome UdpProber::roundTrip(int sizeBytes, int timeoutMs, bool askStamps) {
    const std::string probe = nextProbe(sizeBytes, askStamps ? kStampRequest : std::string_view{});
    const std::uint32_t id = lastId();
    ProbeOutcome outcome;
    outcome.wireBytes = static_cast<int>(probe.size());

    const auto timeout = std::chrono::microseconds(std::chrono::milliseconds(timeoutMs));
    setReceiveTimeout(timeout);
    outcome.sentNs = monotonicNowNs();
    if (const std::error_code ec = send(probe)) {
        outcome.refused = ec.value() == ECONNREFUSED;
        return outcome;
    }
    const std::uint64_t deadlineNs = outcome.sentNs + static_cast<std::uint64_t>(timeout.count()) * 1000;
    for (;;) {
        std::error_code ec;
        const auto datagram = receiveOne(0, ec);
        if (datagram && isEchoOf(datagram->bytes, id, probe, outcome, *datagram)) {
            outcome.rttUs = static_cast<double>(datagram->atNs - outcome.sentNs) / 1000.0;
            if (datagram->kernelAtNs && *datagram->kernelAtNs >= outcome.sentNs) {
                outcome.kernelRttUs = static_cast<double>(*datagram->kernelAtNs - outcome.sentNs) / 1000.0;
                outcome.wakeupUs = static_cast<double>(datagram->atNs - *datagram->kernelAtNs) / 1000.0;
            }
            break;
        }
        if (ec.value() == ECONNREFUSED) {
            outcome.refused = true;
            break;
        }
        // A timeout, another error, or someone else's datagram: wait out what is left.
        const std::uint64_t now = monotonicNowNs();
        if (now >= deadlineNs) break;
        if (!datagram && ec.value() == EAGAIN) break; // the receive timed out (EWOULDBLOCK is EAGAIN)
        setReceiveTimeout(std::chrono::microseconds((deadlineNs - now + 999) / 1000));
    }
    return outcome;
}

} // namespace speed
