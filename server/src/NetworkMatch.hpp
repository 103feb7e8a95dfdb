#pragma once

#include "speed/net/Connector.hpp"

#include "speed/common/Bot.hpp"

#include <iosfwd>

namespace speed {

// speed-server's networked modes: host, --join, or setup.ini's peer (docs/NETWORK.md).
struct NetworkMatchOptions {
    ConnectOptions connect;
    BotLevel level = BotLevel::Normal;
    std::uint64_t seed = 1; // deals (host) and the bot's reaction times
    int games = 0;          // 0: until the other side ends the session or a signal comes
    bool json = false;
};

// Runs until the match ends, the connection fails, or SIGINT/SIGTERM (which send SHUTDOWN).
// Progress lines and, with json, one JSON object last go to `out`; failures to `errors`.
// Returns the exit code: 0 when the games were played or a signal ended it, 1 otherwise.
int runNetworkMatch(const NetworkMatchOptions& options, std::ostream& out, std::ostream& errors);

} // namespace speed
