#include "speed/measure/UdpProber.hpp"

#include "ReceiveStamped.hpp"

#include "speed/protocol/Codec.hpp"
#include "speed/protocol/MeasureWire.hpp"
#include "speed/protocol/Probe.hpp"

#include <asio/buffer.hpp>

#include <poll.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <netinet/in.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <variant>

namespace speed {
namespace {

using Clock = std::chrono::steady_clock;

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

std::string UdpProber::nextProbe(int sizeBytes, std::string_view payloadText, std::size_t answerChars) {
    const auto sinceStart = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - m_startedAt);
    const auto now = static_cast<std::uint32_t>(sinceStart.count());
    const bool signs = m_measureKey && !payloadText.empty() && protocol::signedFieldChars(payloadText.front()) != 0;
    const std::size_t requestChars = payloadText.size() + (signs ? protocol::kMeasureTagChars : 0);
    const std::size_t least = protocol::minimumProbeBytesFor(m_nextId, now, m_nextSeq, requestChars, answerChars);
    const std::size_t size = std::max(static_cast<std::size_t>(std::max(sizeBytes, 0)), least);
    // A signed form ('v', 'k') gets its tag: the request's characters counted it already.
    return protocol::encodeProbe(m_nextId++, size, now, m_nextSeq++, payloadText, signs ? &*m_measureKey : nullptr);
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

std::optional<ReceivedDatagram> UdpProber::receiveWithin(std::chrono::microseconds timeout, bool& refused) {
    setReceiveTimeout(std::max(timeout, std::chrono::microseconds(1)));
    std::error_code ec;
    auto datagram = receiveOne(0, ec);
    if (!datagram && ec.value() == ECONNREFUSED) refused = true;
    return datagram;
}

std::string UdpProber::setDscp(int dscp) { return speed::setDscp(m_socket, dscp); }

std::string setDscp(asio::ip::udp::socket& socket, int dscp) {
    const int tos = (dscp & 0x3f) << 2;
    const int handle = socket.native_handle();
    std::error_code ec;
    const bool v6 = socket.local_endpoint(ec).address().is_v6();
    // An IPv6 socket sends IPv4-mapped datagrams too: both are set, and only the right one must take.
    const int result = v6 ? ::setsockopt(handle, IPPROTO_IPV6, IPV6_TCLASS, &tos, sizeof tos)
                          : ::setsockopt(handle, IPPROTO_IP, IP_TOS, &tos, sizeof tos);
    if (result != 0) return std::strerror(errno);
    if (v6) (void)::setsockopt(handle, IPPROTO_IP, IP_TOS, &tos, sizeof tos);
    return {};
}

std::optional<ProbeAnswer> readProbeAnswer(std::string_view datagram, const protocol::Key* measureKey) {
    if (const auto probe = protocol::readProbe(datagram)) { // our PROBE sent back as it was
        return ProbeAnswer{probe->id, probe->seq, true, std::nullopt, 0, std::nullopt};
    }
    const auto echo = protocol::readEcho(datagram); // read in place: an answer allocates nothing
    if (!echo) return std::nullopt;
    ProbeAnswer answer{echo->id, echo->seq, false, std::nullopt, 0, std::nullopt};
    const char form = echo->payload.empty() ? 'x' : echo->payload.front();
    if (form == 'V' || form == 'K') answer.signedValid = measureKey != nullptr && protocol::measureTagValid(*measureKey, datagram);
    if (form == 'T' || form == 'U' || form == 'Q' || form == 'V' || form == 'K') {
        const protocol::MeasurePayload read = protocol::readMeasurePayload(echo->payload);
        if (const auto* stamps = std::get_if<protocol::EchoStamps>(&read)) answer.stamps = *stamps;
        if (const auto* counted = std::get_if<protocol::CountedEchoStamps>(&read)) {
            answer.stamps = counted->stamps;
            answer.answer = counted->answer;
        }
        if (const auto* counts = std::get_if<protocol::RunCounts>(&read)) answer.runCounts = *counts;
    }
    return answer;
}

} // namespace speed
