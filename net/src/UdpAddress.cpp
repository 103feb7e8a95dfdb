#include "speed/net/UdpAddress.hpp"

#include <asio/ip/v6_only.hpp>

namespace speed {

using asio::ip::udp;

ResolveResult resolveUdp(asio::io_context& io, const HostPort& target) {
    std::error_code ec;
    const auto literal = asio::ip::make_address(target.host, ec);
    if (!ec) return {udp::endpoint(literal, target.port), {}, {}};
    udp::resolver resolver(io);
    const auto results = resolver.resolve(target.host, std::to_string(target.port),
                                          udp::resolver::numeric_service, ec);
    if (ec || results.empty()) {
        const std::string why = ec ? ec.message() : std::string("no address");
        return {std::nullopt, "cannot resolve host \"" + target.host + "\": " + why, why};
    }
    for (const auto& entry : results) {
        if (entry.endpoint().address().is_v4()) return {entry.endpoint(), {}, {}};
    }
    return {results.begin()->endpoint(), {}, {}};
}

std::vector<asio::ip::address> resolveAllUdp(asio::io_context& io, const HostPort& target) {
    std::error_code ec;
    const auto literal = asio::ip::make_address(target.host, ec);
    if (!ec) return {plainAddress(literal)};
    udp::resolver resolver(io);
    const auto results = resolver.resolve(target.host, std::to_string(target.port), udp::resolver::numeric_service, ec);
    std::vector<asio::ip::address> addresses;
    if (ec) return addresses;
    for (const auto& entry : results) addresses.push_back(plainAddress(entry.endpoint().address()));
    return addresses;
}

asio::ip::address plainAddress(const asio::ip::address& address) {
    if (address.is_v6() && address.to_v6().is_v4_mapped()) return asio::ip::make_address_v4(asio::ip::v4_mapped, address.to_v6());
    return address;
}

std::string endpointText(const udp::endpoint& endpoint) {
    const std::string host = plainAddress(endpoint.address()).to_string();
    return formatHostPort({host, endpoint.port()});
}

std::optional<udp::endpoint> endpointFromText(const std::string& text) {
    const auto parsed = parseHostPort(text, 0);
    if (!parsed.value || parsed.value->port == 0) return std::nullopt;
    std::error_code ec;
    const auto address = asio::ip::make_address(parsed.value->host, ec);
    if (ec) return std::nullopt;
    return udp::endpoint(address, parsed.value->port);
}

udp::endpoint inFamilyOf(const udp::endpoint& endpoint, const udp& protocol) {
    const auto address = endpoint.address();
    if (protocol == udp::v6() && address.is_v4()) {
        return {asio::ip::make_address_v6(asio::ip::v4_mapped, address.to_v4()), endpoint.port()};
    }
    return endpoint;
}

namespace {

SocketResult bindSocket(asio::io_context& io, const udp::endpoint& local, bool dualStack) {
    SocketResult result;
    udp::socket socket(io);
    std::error_code ec;
    socket.open(local.protocol(), ec);
    if (!ec && dualStack) socket.set_option(asio::ip::v6_only(false), ec);
    if (!ec) socket.bind(local, ec);
    if (ec) {
        result.portInUse = ec == asio::error::address_in_use;
        result.error = ec.message();
        result.systemError = result.error;
        return result;
    }
    result.socket.emplace(std::move(socket));
    return result;
}

} // namespace

SocketResult openHostSocket(asio::io_context& io, std::uint16_t port) {
    SocketResult dual = bindSocket(io, udp::endpoint(udp::v6(), port), true);
    if (dual.socket || dual.portInUse) {
        if (dual.portInUse) dual.error = "UDP port " + std::to_string(port) + " is already in use";
        return dual;
    }
    SocketResult v4 = bindSocket(io, udp::endpoint(udp::v4(), port), false);
    if (v4.portInUse) v4.error = "UDP port " + std::to_string(port) + " is already in use";
    else if (!v4.socket) v4.error = "cannot bind UDP port " + std::to_string(port) + ": " + v4.error;
    return v4;
}

SocketResult openJoinSocket(asio::io_context& io, const udp::endpoint& peer) {
    SocketResult result = bindSocket(io, udp::endpoint(peer.protocol(), 0), false);
    if (!result.socket) result.error = "cannot open a UDP socket: " + result.error;
    return result;
}

} // namespace speed

