#include "speed/net/ConnectionFailure.hpp"

#include <fmt/format.h>

namespace speed {
namespace {

std::string secondsText(TimeMs ms) {
    return fmt::format("{:g}", static_cast<double>(ms) / 1000.0);
}

std::string describeWait(const ConnectionFailure& failure) {
    if (failure.kind == ConnectorFailure::NoClientCame) {
        return "no other player joined UDP port " + std::to_string(failure.port) + " within " +
               secondsText(failure.waitedMs) + " s; giving up";
    }
    std::string message = "no host answered at " + failure.target + " within " + secondsText(failure.waitedMs) + " s";
    if (failure.portTaken) message += ", and UDP port " + std::to_string(failure.port) + " here is taken";
    return message;
}

} // namespace

std::string describe(const ConnectionFailure& failure) {
    const std::string port = std::to_string(failure.port);
    switch (failure.kind) {
    case ConnectorFailure::CannotResolve:
        return "cannot resolve host \"" + failure.target + "\": " + failure.systemError;
    case ConnectorFailure::NoPasswordKey:
        return "cannot make the password's key (Argon2id needs 64 MiB)";
    case ConnectorFailure::PortInUse:
        return "UDP port " + port + " is already in use";
    case ConnectorFailure::CannotBindPort:
        return "cannot bind UDP port " + port + ": " + failure.systemError;
    case ConnectorFailure::CannotOpenSocket:
        return "cannot open a UDP socket: " + failure.systemError;
    case ConnectorFailure::NoHostAnswered:
    case ConnectorFailure::NoClientCame:
        return describeWait(failure);
    case ConnectorFailure::Refused:
        if (failure.denial == protocol::DenyReason::Version) {
            return protocol::versionMismatchWords("the host at " + failure.target, failure.peerVersion);
        }
        return "could not join " + failure.target + ": " + std::string(protocol::describe(failure.denial));
    case ConnectorFailure::None:
        break;
    }
    return {};
}

} // namespace speed
