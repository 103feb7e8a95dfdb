#include "speed/net/LanFinder.hpp"

#include "speed/net/UdpAddress.hpp"

#include <asio/ip/multicast.hpp>
#include <asio/ip/v6_only.hpp>

#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>

#include <algorithm>

namespace speed {

using asio::ip::udp;

std::vector<udp::endpoint> findTargets(std::uint16_t port) {
    std::vector<udp::endpoint> targets{udp::endpoint(asio::ip::address_v4::loopback(), port),
                                       udp::endpoint(asio::ip::address_v6::loopback(), port)};
    ifaddrs* list = nullptr;
    if (::getifaddrs(&list) != 0) return targets;
    const auto add = [&](const udp::endpoint& target) {
        if (std::find(targets.begin(), targets.end(), target) == targets.end()) targets.push_back(target);
    };
    for (const ifaddrs* entry = list; entry != nullptr; entry = entry->ifa_next) {
        if (entry->ifa_addr == nullptr || (entry->ifa_flags & IFF_UP) == 0 || (entry->ifa_flags & IFF_LOOPBACK) != 0) continue;
        if (entry->ifa_addr->sa_family == AF_INET && (entry->ifa_flags & IFF_BROADCAST) != 0 && entry->ifa_broadaddr != nullptr) {
            const auto* broadcast = reinterpret_cast<const sockaddr_in*>(entry->ifa_broadaddr);
            add(udp::endpoint(asio::ip::address_v4(ntohl(broadcast->sin_addr.s_addr)), port));
        } else if (entry->ifa_addr->sa_family == AF_INET6 && (entry->ifa_flags & IFF_MULTICAST) != 0) {
            const unsigned index = ::if_nametoindex(entry->ifa_name);
            if (index == 0) continue;
            asio::ip::address_v6 allNodes = asio::ip::make_address_v6("ff02::1");
            allNodes.scope_id(index);
            add(udp::endpoint(allNodes, port));
        }
    }
    ::freeifaddrs(list);
    return targets;
}

LanFinder::LanFinder(asio::io_context& io, std::uint16_t port, std::function<std::uint64_t()> random, const MonotonicClock& clock)
    : m_clock(clock), m_port(port), m_finder(std::move(random)), m_timer(io) {
    std::error_code ec;
    m_v4.socket.emplace(io);
    m_v4.socket->open(udp::v4(), ec);
    if (!ec) m_v4.socket->set_option(asio::socket_base::broadcast(true), ec);
    if (!ec) m_v4.socket->bind(udp::endpoint(udp::v4(), 0), ec);
    std::string why4 = ec ? ec.message() : std::string();
    if (ec) m_v4.socket.reset();
    ec.clear();
    m_v6.socket.emplace(io);
    m_v6.socket->open(udp::v6(), ec);
    if (!ec) m_v6.socket->set_option(asio::ip::v6_only(true), ec);
    if (!ec) m_v6.socket->set_option(asio::ip::multicast::hops(1), ec); // the link only
    if (!ec) m_v6.socket->bind(udp::endpoint(udp::v6(), 0), ec);
    if (ec) m_v6.socket.reset();
    if (!m_v4.socket && !m_v6.socket) m_problem = "cannot open a UDP socket to look for hosts: " + why4;
}

LanFinder::~LanFinder() { stop(); }

void LanFinder::start() {
    if (m_running || !m_problem.empty()) return;
    m_running = true;
    if (m_v4.socket) armReceive(m_v4);
    if (m_v6.socket) armReceive(m_v6);
    round();
}

void LanFinder::stop() {
    m_running = false;
    m_timer.cancel();
    std::error_code ignored;
    if (m_v4.socket) m_v4.socket->close(ignored);
    if (m_v6.socket) m_v6.socket->close(ignored);
}

std::vector<protocol::FoundHost> LanFinder::hosts() const { return m_finder.hosts(m_clock.nowMs()); }

void LanFinder::round() {
    if (!m_running) return;
    const std::string request = m_finder.nextRound(m_clock.nowMs());
    for (const udp::endpoint& target : findTargets(m_port)) {
        Side& side = target.address().is_v4() ? m_v4 : m_v6;
        if (!side.socket) continue;
        std::error_code ec;
        side.socket->send_to(asio::buffer(request), target, 0, ec);
        if (ec) ++m_sendErrors; // an interface without a route, a firewall: the others still go
        else ++m_sent;
    }
    m_timer.expires_after(std::chrono::milliseconds(protocol::HostFinder::kRoundIntervalMs));
    m_timer.async_wait([this](const std::error_code& error) {
        if (!error) round();
    });
}

void LanFinder::armReceive(Side& side) {
    side.socket->async_receive_from(asio::buffer(side.buffer), side.sender, [this, &side](const std::error_code& error, std::size_t length) {
        if (error == asio::error::operation_aborted || !m_running) return;
        if (!error) m_finder.receive(m_clock.nowMs(), endpointText(side.sender), std::string_view(side.buffer.data(), length));
        armReceive(side);
    });
}

} // namespace speed
