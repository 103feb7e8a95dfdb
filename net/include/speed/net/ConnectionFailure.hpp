#pragma once

#include "speed/common/Time.hpp"
#include "speed/protocol/Message.hpp"

#include <cstdint>
#include <string>

namespace speed {

// Why finding the other player failed.
enum class ConnectorFailure : std::uint8_t {
    None,
    CannotResolve,    // the peer's name has no address
    NoPasswordKey,    // the password's key could not be made (no memory for Argon2id)
    PortInUse,        // hosting: another program holds the port
    CannotBindPort,   // hosting: the port could not be bound for another reason
    CannotOpenSocket, // joining: no socket could be opened
    NoHostAnswered,   // joining: nobody answered within the wait
    NoClientCame,     // hosting: nobody joined within the wait
    Refused,          // the host would not play: another version, busy, not invited, the password
};

// A failure with what its words need: each program words it (describe() in English for the
// terminal and the log, the window from its own catalogue in its language).
struct ConnectionFailure {
    ConnectorFailure kind = ConnectorFailure::None;
    std::string target{};   // joining: the host as given (CannotResolve) or its address
    std::uint16_t port = 0; // hosting: the UDP port (and NoHostAnswered with portTaken)
    TimeMs waitedMs = 0;    // NoHostAnswered, NoClientCame: the wait that ran out
    bool portTaken = false; // NoHostAnswered: and the port here is held by another program
    protocol::DenyReason denial = protocol::DenyReason::Busy; // Refused: why
    int peerVersion = 0; // Refused for another version: the host's protocol version (0: not known)
    std::string systemError{}; // CannotResolve, CannotBindPort, CannotOpenSocket: the OS's own words

    bool failed() const { return kind != ConnectorFailure::None; }
    friend bool operator==(const ConnectionFailure&, const ConnectionFailure&) = default;
};

// "no host answered at 192.0.2.1:50001 within 30 s": English for logs and terminals; empty
// for no failure.
std::string describe(const ConnectionFailure& failure);

} // namespace speed
