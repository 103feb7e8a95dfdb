#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace speed {

struct HostPort {
    std::string host; // a host name, an IPv4 address or an IPv6 address (without brackets)
    std::uint16_t port = 0;
    friend bool operator==(const HostPort&, const HostPort&) = default;
};

struct HostPortResult {
    std::optional<HostPort> value;
    std::string error; // set when value is empty
};

// Parses `HOST[:PORT]` as typed on a command line or in setup.ini: "example.org", "10.0.0.2:5000",
// "::1" (a bare IPv6 address has no port), "[::1]:5000". A missing port means `defaultPort`.
HostPortResult parseHostPort(std::string_view text, std::uint16_t defaultPort);

// "host:port", with brackets around an IPv6 address.
std::string formatHostPort(const HostPort& hostPort);

} // namespace speed
