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

// What is wrong with a `HOST[:PORT]` that does not parse.
enum class HostPortProblem : std::uint8_t {
    None,
    Empty,           // nothing at all
    UnclosedBracket, // "[::1": a '[' without its ']'
    AfterBracket,    // "[::1]x": something other than ":PORT" after the ']'
    EmptyPort,       // "host:" or "[::1]:": a ':' with no port after it
    EmptyHost,       // ":5" or "[]"
    BadPort,         // the port is not a number from 1 to 65535
};

// A problem with what its words need: each program words it (describe() in English for the
// terminal and the log, the window from its own catalogue in its language).
struct HostPortError {
    HostPortProblem kind = HostPortProblem::None;
    std::string text{}; // the whole address as given
    std::string port{}; // BadPort: the port as given

    bool failed() const { return kind != HostPortProblem::None; }
    friend bool operator==(const HostPortError&, const HostPortError&) = default;
};

// "bad port \"70000\": expected 1..65535": English for terminals and logs; empty for no problem.
std::string describe(const HostPortError& error);

struct HostPortResult {
    std::optional<HostPort> value;
    HostPortError error; // set when value is empty
};

// Parses `HOST[:PORT]` as typed on a command line or in setup.ini: "example.org", "10.0.0.2:5000",
// "::1" (a bare IPv6 address has no port), "[::1]:5000". A missing port means `defaultPort`.
HostPortResult parseHostPort(std::string_view text, std::uint16_t defaultPort);

// "host:port", with brackets around an IPv6 address.
std::string formatHostPort(const HostPort& hostPort);

} // namespace speed
