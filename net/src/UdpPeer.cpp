#include "speed/net/UdpPeer.hpp"

#include "speed/net/MonotonicClock.hpp"
#include "speed/net/UdpAddress.hpp"

#include <asio/buffer.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <ctime>

#include <linux/sockios.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

namespace speed {

using asio::ip::udp;

namespace {
constexpr std::size_t kReceiveBufferBytes = 65536; // any UDP datagram fits
} // namespace

UdpPeer::UdpPeer(udp::socket socket, std::unique_ptr<protocol::Session> session, const MonotonicClock& clock,
                 SeatTurn seatTurn)
    : m_socket(std::move(socket)), m_timer(m_socket.get_executor()), m_session(std::move(session)), m_clock(clock),
      m_seatTurn(std::move(seatTurn)), m_buffer(kReceiveBufferBytes) {
    std::error_code ec;
    m_family = m_socket.local_endpoint(ec).protocol();
}

void UdpPeer::start() {
    armReceive();
    pump();
}

void UdpPeer::close() {
    m_closed = true;
    std::error_code ignored;
    m_timer.cancel();
    m_socket.close(ignored);
}

void UdpPeer::replaceSession(std::unique_ptr<protocol::Session> session) {
    m_session = std::move(session);
    m_armedFor = kNever;
    pump();
}

std::uint16_t UdpPeer::localPort() const {
    std::error_code ec;
    const auto local = m_socket.local_endpoint(ec);
    return ec ? 0 : local.port();
}

void UdpPeer::timeReads(LatencySamples* delays) {
    m_readDelays = delays;
    if (delays == nullptr) return;
    // The first SIOCGSTAMPNS turns the kernel's receive timestamps on (and has none to give):
    // from then on each datagram read leaves its arrival time for the next call.
    timespec none{};
    if (::ioctl(m_socket.native_handle(), SIOCGSTAMPNS, &none) != 0 && errno != ENOENT) {
        spdlog::debug("no kernel receive timestamps on this socket ({}): reads are not timed", std::strerror(errno));
        m_readDelays = nullptr;
    }
}

// The kernel's time of arrival of the datagram just read (CLOCK_REALTIME), against now. A
// socket that also asks for timestamps as control messages (SO_TIMESTAMPNS) would leave none
// here: this one never does.
void UdpPeer::noteReadDelay() {
    timespec arrived{};
    if (::ioctl(m_socket.native_handle(), SIOCGSTAMPNS, &arrived) != 0) return;
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    const double waitedUs = static_cast<double>(now.tv_sec - arrived.tv_sec) * 1e6 +
                            static_cast<double>(now.tv_nsec - arrived.tv_nsec) / 1e3;
    if (waitedUs >= 0) m_readDelays->add(waitedUs); // the wall clock may have been stepped
}

void UdpPeer::armReceive() {
    m_socket.async_receive_from(asio::buffer(m_buffer), m_sender,
                                [self = shared_from_this()](const std::error_code& error, std::size_t length) {
                                    self->onReceive(error, length);
                                });
}

void UdpPeer::onReceive(const std::error_code& error, std::size_t length) {
    if (m_closed || error == asio::error::operation_aborted || error == asio::error::bad_descriptor) return;
    if (error) {
        // ICMP "port unreachable" and the like: the peer is not there (yet). The session's own
        // timeouts decide when to give up, so keep listening.
        spdlog::debug("receive: {}", error.message());
    } else {
        if (m_readDelays != nullptr) noteReadDelay();
        const std::string_view bytes(m_buffer.data(), length);
        if (m_session->receive(m_clock.nowMs(), senderAddress(), bytes) == protocol::ReceiveResult::AnsweredOnly) {
            // Answered, and nothing in the session changed: the answer goes, and straight back to
            // receiving, without a tick of the session (a measuring side waits on this path).
            sendOutgoing();
            armReceive();
            return;
        }
    }
    armReceive();
    pump();
}

const protocol::PeerAddress& UdpPeer::senderAddress() {
    if (m_senderText.empty() || m_sender != m_senderOfText) {
        m_senderOfText = m_sender;
        m_senderText = endpointText(m_sender);
    }
    return m_senderText;
}

void UdpPeer::pump() {
    if (m_closed) return;
    const TimeMs now = m_clock.nowMs();
    m_session->tick(now);
    const TimeMs seatWake = m_seatTurn ? m_seatTurn(*m_session, now) : kNever;
    sendOutgoing();
    if (m_closed) return; // the seat's turn may have closed this link
    armTimer(std::min(seatWake, m_session->nextWakeMs(now)));
}

void UdpPeer::sendOutgoing() {
    for (const auto& datagram : m_session->takeOutgoing())
        sendTo(datagram.to, datagram.bytes);
}

void UdpPeer::sendTo(const protocol::PeerAddress& address, const std::string& bytes) {
    if (address != m_destinationText) {
        const auto endpoint = endpointFromText(address);
        if (!endpoint) {
            spdlog::warn("not sent: \"{}\" is not an address", address);
            return;
        }
        m_destination = inFamilyOf(*endpoint, m_family);
        m_destinationText = address;
    }
    std::error_code ec;
    m_socket.send_to(asio::buffer(bytes), m_destination, 0, ec);
    if (ec && m_sendErrors++ == 0)
        spdlog::warn("sending to {} failed: {}", address, ec.message());
    else if (ec)
        spdlog::debug("sending to {} failed: {}", address, ec.message());
}

void UdpPeer::armTimer(TimeMs wakeAt) {
    if (wakeAt == m_armedFor) return;
    m_armedFor = wakeAt;
    if (wakeAt == kNever) {
        m_timer.cancel();
        return;
    }
    m_timer.expires_at(m_clock.toTimePoint(wakeAt));
    m_timer.async_wait([self = shared_from_this(), wakeAt](const std::error_code& error) {
        if (error || self->m_closed || self->m_armedFor != wakeAt) return;
        self->m_armedFor = kNever;
        self->pump();
    });
}

} // namespace speed
