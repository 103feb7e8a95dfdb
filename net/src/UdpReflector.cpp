#include "speed/net/UdpReflector.hpp"

#include "speed/protocol/Codec.hpp"
#include "speed/protocol/Probe.hpp"

#include <asio/buffer.hpp>
#include <spdlog/spdlog.h>

#include <variant>

namespace speed {
namespace {

constexpr std::size_t kMaxDatagramBytes = 65'536;
constexpr std::size_t kMaxRemembered = 4096; // addresses whose last answer is kept (loop check)
constexpr std::uint16_t kFirstUnprivilegedPort = 1024;
constexpr auto kReflectionWindow = std::chrono::milliseconds(200); // a bounce comes back sooner

} // namespace

UdpReflector::UdpReflector(asio::ip::udp::socket socket) : m_socket(std::move(socket)), m_buffer(kMaxDatagramBytes) {}

void UdpReflector::start() { armReceive(); }

void UdpReflector::armReceive() {
    m_socket.async_receive_from(asio::buffer(m_buffer), m_sender,
                                [this](const std::error_code& error, std::size_t length) { onReceive(error, length); });
}

void UdpReflector::onReceive(const std::error_code& error, std::size_t length) {
    if (error == asio::error::operation_aborted || error == asio::error::bad_descriptor) return;
    if (!error) {
        ++m_counts.received;
        answer(std::string(m_buffer.data(), length));
    } else {
        spdlog::debug("receive: {}", error.message());
    }
    armReceive();
}

void UdpReflector::answer(const std::string& bytes) {
    const auto now = std::chrono::steady_clock::now();
    Sent& lastSent = m_lastSent[m_sender];
    m_counts.addresses = m_lastSent.size();
    std::string reply;
    if (const auto echo = protocol::answerProbe(bytes)) {
        reply = *echo;
        ++m_counts.echoes;
    } else {
        // An ECHO is an answer, another reflector's perhaps: never answered, even damaged.
        const auto decoded = protocol::decodeDatagram(bytes);
        const bool anAnswer = bytes.rfind("ECHO ", 0) == 0 ||
                              (decoded.ok() && std::holds_alternative<protocol::Echo>(decoded.message->body));
        const bool ownAnswer = bytes == lastSent.bytes && now - lastSent.at < kReflectionWindow;
        if (anAnswer || m_sender.port() < kFirstUnprivilegedPort || ownAnswer) {
            ++m_counts.dropped;
            spdlog::debug("not answered: {} bytes from {}", bytes.size(), m_sender.address().to_string());
            return;
        }
        reply = bytes;
        ++m_counts.unchanged;
    }
    std::error_code ec;
    m_socket.send_to(asio::buffer(reply), m_sender, 0, ec);
    if (ec) spdlog::debug("send to {}: {}", m_sender.address().to_string(), ec.message());
    if (m_lastSent.size() > kMaxRemembered) m_lastSent.clear();
    else lastSent = Sent{std::move(reply), now};
}

} // namespace speed
