#pragma once

#include "speed/net/HostPort.hpp"

#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>

#include <optional>
#include <vector>
#include <string>

// Addresses and sockets for the UDP transport: the only place that knows Asio's address types.
namespace speed {

struct ResolveResult {
    std::optional<asio::ip::udp::endpoint> endpoint;
    std::string error;
    std::string systemError; // the resolver's own words within `error`
};

// Resolves a host name or address literal; IPv4 first when a name has both (loopback and LANs
// most often speak IPv4). Blocking: call it before the event loop runs.
ResolveResult resolveUdp(asio::io_context& io, const HostPort& target);
// Every address of a host name or literal (IPv4 as such, never mapped); empty when none.
std::vector<asio::ip::address> resolveAllUdp(asio::io_context& io, const HostPort& target);
// An IPv4-mapped IPv6 address as the IPv4 address it is; any other unchanged.
asio::ip::address plainAddress(const asio::ip::address& address);

// "192.0.2.1:50001" or "[2001:db8::1]:50001"; an IPv4-mapped IPv6 address is shown as IPv4.
std::string endpointText(const asio::ip::udp::endpoint& endpoint);

// The inverse of endpointText; empty for anything else (no name lookup).
std::optional<asio::ip::udp::endpoint> endpointFromText(const std::string& text);

// The endpoint in the address family of `protocol` (IPv4 in IPv6 as a mapped address).
asio::ip::udp::endpoint inFamilyOf(const asio::ip::udp::endpoint& endpoint, const asio::ip::udp& protocol);

struct SocketResult {
    std::optional<asio::ip::udp::socket> socket;
    std::string error;
    std::string systemError; // the operating system's own words within `error`
    bool portInUse = false;
};

// A host's socket on `port` of every address: IPv6 with IPv4 mapped when the machine has IPv6,
// else IPv4 only. Never SO_REUSEADDR: of two processes binding one port, exactly one succeeds,
// which is what decides who hosts when two start at once.
SocketResult openHostSocket(asio::io_context& io, std::uint16_t port);

// A socket on an ephemeral port in the family of `peer`, for joining it.
SocketResult openJoinSocket(asio::io_context& io, const asio::ip::udp::endpoint& peer);

} // namespace speed
