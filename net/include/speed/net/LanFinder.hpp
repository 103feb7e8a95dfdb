#pragma once

#include "speed/net/MonotonicClock.hpp"

#include "speed/protocol/Discovery.hpp"

#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>
#include <asio/steady_timer.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace speed {

// Where a round of FINDs goes on `port`: each IPv4 interface's broadcast address, IPv6's
// all-nodes group (ff02::1) on each interface that is up and multicast, and this machine itself
// (loopback has neither broadcast nor multicast), IPv4 and IPv6.
std::vector<asio::ip::udp::endpoint> findTargets(std::uint16_t port);

// Finds the hosts that wait on `port` on the LAN with the game's own datagrams: a round of FINDs
// every second (protocol::HostFinder) from one IPv4 and one IPv6 socket, the answers kept. Runs on
// `io`'s thread; read hosts() there too.
class LanFinder {
public:
    LanFinder(asio::io_context& io, std::uint16_t port, std::function<std::uint64_t()> random, const MonotonicClock& clock);
    ~LanFinder();
    LanFinder(const LanFinder&) = delete;
    LanFinder& operator=(const LanFinder&) = delete;

    // The first round now, then one every HostFinder::kRoundIntervalMs until stop().
    void start();
    void stop();

    std::vector<protocol::FoundHost> hosts() const;
    const protocol::FinderStats& stats() const { return m_finder.stats(); }
    // Why nothing can be sent (no socket of either family could be opened); empty when it can.
    const std::string& problem() const { return m_problem; }
    long long sendErrors() const { return m_sendErrors; }
    long long datagramsSent() const { return m_sent; }

private:
    struct Side {
        std::optional<asio::ip::udp::socket> socket;
        asio::ip::udp::endpoint sender;
        std::array<char, 2048> buffer{};
    };
    void round();
    void armReceive(Side& side);

    const MonotonicClock& m_clock;
    std::uint16_t m_port;
    protocol::HostFinder m_finder;
    asio::steady_timer m_timer;
    Side m_v4;
    Side m_v6;
    std::string m_problem;
    long long m_sendErrors = 0;
    long long m_sent = 0;
    bool m_running = false;
};

} // namespace speed
