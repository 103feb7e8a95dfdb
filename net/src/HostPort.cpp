#include "speed/net/HostPort.hpp"

#include <charconv>

namespace speed {
namespace {

std::optional<std::uint16_t> parsePort(std::string_view text) {
    unsigned value = 0;
    const char* end = text.data() + text.size();
    const auto [rest, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc{} || rest != end || value < 1 || value > 65535) {
        return std::nullopt;
    }
    return static_cast<std::uint16_t>(value);
}

HostPortResult failure(std::string error) { return {std::nullopt, std::move(error)}; }

} // namespace

HostPortResult parseHostPort(std::string_view text, std::uint16_t defaultPort) {
    if (text.empty()) return failure("empty address: expected HOST or HOST:PORT");
    std::string_view host = text;
    std::string_view port;
    if (text.front() == '[') {
        const auto close = text.find(']');
        if (close == std::string_view::npos) return failure("'[' without ']' in \"" + std::string(text) + "\"");
        host = text.substr(1, close - 1);
        const auto rest = text.substr(close + 1);
        if (!rest.empty() && rest.front() != ':') {
            return failure("expected ':PORT' after ']' in \"" + std::string(text) + "\"");
        }
        if (!rest.empty()) port = rest.substr(1);
        if (!rest.empty() && port.empty()) return failure("empty port in \"" + std::string(text) + "\"");
    } else if (const auto colon = text.find(':'); colon != std::string_view::npos &&
                                                   text.find(':', colon + 1) == std::string_view::npos) {
        host = text.substr(0, colon); // exactly one ':' is HOST:PORT; more is a bare IPv6 address
        port = text.substr(colon + 1);
        if (port.empty()) return failure("empty port in \"" + std::string(text) + "\"");
    }
    if (host.empty()) return failure("empty host in \"" + std::string(text) + "\"");
    HostPort result{std::string(host), defaultPort};
    if (!port.empty()) {
        const auto parsed = parsePort(port);
        if (!parsed) return failure("bad port \"" + std::string(port) + "\": expected 1..65535");
        result.port = *parsed;
    }
    return {result, {}};
}

std::string formatHostPort(const HostPort& hostPort) {
    const bool isIpv6 = hostPort.host.find(':') != std::string::npos;
    const std::string host = isIpv6 ? "[" + hostPort.host + "]" : hostPort.host;
    return host + ":" + std::to_string(hostPort.port);
}

} // namespace speed
