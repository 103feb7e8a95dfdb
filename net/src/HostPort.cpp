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

HostPortResult failure(HostPortProblem kind, std::string_view text, std::string_view port = {}) {
    return {std::nullopt, {kind, std::string(text), std::string(port)}};
}

// The host and the port's text of a bracketed IPv6 address, "[::1]" or "[::1]:5000".
struct Split {
    std::string_view host;
    std::string_view port;
    HostPortProblem problem = HostPortProblem::None;
};

Split splitBracketed(std::string_view text) {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return {{}, {}, HostPortProblem::UnclosedBracket};
    const auto rest = text.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') return {{}, {}, HostPortProblem::AfterBracket};
    const std::string_view port = rest.empty() ? rest : rest.substr(1);
    if (!rest.empty() && port.empty()) return {{}, {}, HostPortProblem::EmptyPort};
    return {text.substr(1, close - 1), port};
}

// Exactly one ':' is HOST:PORT; more is a bare IPv6 address, none a host alone.
Split splitPlain(std::string_view text) {
    const auto colon = text.find(':');
    if (colon == std::string_view::npos || text.find(':', colon + 1) != std::string_view::npos) return {text, {}};
    const std::string_view port = text.substr(colon + 1);
    if (port.empty()) return {{}, {}, HostPortProblem::EmptyPort};
    return {text.substr(0, colon), port};
}

} // namespace

HostPortResult parseHostPort(std::string_view text, std::uint16_t defaultPort) {
    if (text.empty()) return failure(HostPortProblem::Empty, text);
    const Split split = text.front() == '[' ? splitBracketed(text) : splitPlain(text);
    if (split.problem != HostPortProblem::None) return failure(split.problem, text);
    if (split.host.empty()) return failure(HostPortProblem::EmptyHost, text);
    HostPort result{std::string(split.host), defaultPort};
    if (!split.port.empty()) {
        const auto parsed = parsePort(split.port);
        if (!parsed) return failure(HostPortProblem::BadPort, text, split.port);
        result.port = *parsed;
    }
    return {result, {}};
}

std::string describe(const HostPortError& error) {
    const std::string quoted = "\"" + error.text + "\"";
    switch (error.kind) {
    case HostPortProblem::Empty:
        return "empty address: expected HOST or HOST:PORT";
    case HostPortProblem::UnclosedBracket:
        return "'[' without ']' in " + quoted;
    case HostPortProblem::AfterBracket:
        return "expected ':PORT' after ']' in " + quoted;
    case HostPortProblem::EmptyPort:
        return "empty port in " + quoted;
    case HostPortProblem::EmptyHost:
        return "empty host in " + quoted;
    case HostPortProblem::BadPort:
        return "bad port \"" + error.port + "\": expected 1..65535";
    case HostPortProblem::None:
        break;
    }
    return {};
}

std::string formatHostPort(const HostPort& hostPort) {
    const bool isIpv6 = hostPort.host.find(':') != std::string::npos;
    const std::string host = isIpv6 ? "[" + hostPort.host + "]" : hostPort.host;
    return host + ":" + std::to_string(hostPort.port);
}

} // namespace speed
