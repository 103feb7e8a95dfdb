#include "UdpRelay.hpp"

#include "speed/net/UdpAddress.hpp"

#include <asio/buffer.hpp>
#include <spdlog/spdlog.h>

namespace speed {

using asio::ip::udp;

namespace {
constexpr std::size_t kDatagramBytes = 65536;
}

UdpRelay::UdpRelay(udp::socket clientSide, udp::socket hostSide, udp::endpoint host, RelayQueue& queue,
                   const MonotonicClock& clock)
    : m_clientSide{std::move(clientSide), {}, std::vector<char>(kDatagramBytes)},
      m_hostSide{std::move(hostSide), {}, std::vector<char>(kDatagramBytes)},
      m_host(host), m_queue(queue), m_clock(clock), m_timer(m_clientSide.socket.get_executor()) {}

void UdpRelay::start() {
    armReceive(m_clientSide, RelayDirection::ToHost);
    armReceive(m_hostSide, RelayDirection::ToClient);
}

void UdpRelay::stop() {
    m_stopped = true;
    std::error_code ignored;
    m_clientSide.socket.close(ignored);
    m_hostSide.socket.close(ignored);
    m_timer.cancel();
}

void UdpRelay::armReceive(Side& side, RelayDirection direction) {
    side.socket.async_receive_from(asio::buffer(side.buffer), side.sender,
                                   [this, &side, direction](const std::error_code& error, std::size_t length) {
                                       if (m_stopped || error == asio::error::operation_aborted) return;
                                       if (!error) onDatagram(side, direction, length);
                                       armReceive(side, direction);
                                   });
}

void UdpRelay::onDatagram(Side& side, RelayDirection direction, std::size_t length) {
    if (direction == RelayDirection::ToHost) {
        if (m_client != side.sender) spdlog::info("client is {}", endpointText(side.sender));
        m_client = side.sender;
    } else if (side.sender != m_host) {
        return; // only the host talks to the host side
    }
    m_queue.push(nowUs(), direction, std::string_view(side.buffer.data(), length));
    deliverDue();
}

void UdpRelay::deliverDue() {
    for (const auto& delivery : m_queue.takeDue(nowUs())) {
        std::error_code ec;
        if (delivery.direction == RelayDirection::ToHost) {
            m_hostSide.socket.send_to(asio::buffer(delivery.bytes), m_host, 0, ec);
        } else if (m_client) {
            m_clientSide.socket.send_to(asio::buffer(delivery.bytes), *m_client, 0, ec);
        }
        if (ec) spdlog::debug("relay send: {}", ec.message());
        else ++m_forwarded;
    }
    armTimer();
}

TimeUs UdpRelay::nowUs() const {
    const auto elapsed = std::chrono::steady_clock::now() - m_clock.toTimePoint(0);
    return std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
}

void UdpRelay::armTimer() {
    const TimeUs due = m_queue.nextDueUs();
    if (due == m_armedFor || due == kNeverUs) return;
    m_armedFor = due;
    m_timer.expires_at(m_clock.toTimePoint(0) + std::chrono::microseconds(due));
    m_timer.async_wait([this, due](const std::error_code& error) {
        if (error || m_stopped || m_armedFor != due) return;
        m_armedFor = kNeverUs;
        deliverDue();
    });
}

} // namespace speed
