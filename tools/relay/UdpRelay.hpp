#pragma once

#include "RelayQueue.hpp"
#include "speed/net/MonotonicClock.hpp"

#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>
#include <asio/steady_timer.hpp>

#include <optional>
#include <vector>

namespace speed {

// A hostile wire between two real programs: the client sends to `listen`, the relay forwards to
// the host from its own socket and sends the host's answers back to the client, every datagram
// passing through RelayQueue's fault models. One client at a time: the most recent sender.
class UdpRelay {
public:
    UdpRelay(asio::ip::udp::socket clientSide, asio::ip::udp::socket hostSide, asio::ip::udp::endpoint host,
             RelayQueue& queue, const MonotonicClock& clock);

    void start();
    void stop();
    long long forwarded() const { return m_forwarded; }

private:
    struct Side {
        asio::ip::udp::socket socket;
        asio::ip::udp::endpoint sender;
        std::vector<char> buffer;
    };
    void armReceive(Side& side, RelayDirection direction);
    void onDatagram(Side& side, RelayDirection direction, std::size_t length);
    void deliverDue();
    void armTimer();

    Side m_clientSide;
    Side m_hostSide;
    TimeUs nowUs() const;
    asio::ip::udp::endpoint m_host;
    std::optional<asio::ip::udp::endpoint> m_client;
    RelayQueue& m_queue;
    const MonotonicClock& m_clock;
    asio::steady_timer m_timer;
    TimeUs m_armedFor = kNeverUs;
    long long m_forwarded = 0;
    bool m_stopped = false;
};

} // namespace speed
