#pragma once

#include "speed/common/Time.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace speed::client {

// A match this machine hosted on a port and can still take back: its journal in the state
// folder, written within the grace (a window or speed-server killed, or closed, mid-match).
struct WaitingMatch {
    std::string peerName;  // whom it was played with
    int game = 0;          // the game under way (0: none dealt yet)
    TimeMs graceLeftMs = 0; // how long the other player's seat is still kept
};

// The match waiting in `stateDir` for a host on `port`, if its journal is complete and was last
// written less than `graceMs` ago: hosting on that port takes it back (Connector::hostSession).
// Read under the port's lock (PortLock), released before returning; nothing when another live
// program holds that lock (its match is its own) or the journal cannot be read.
std::optional<WaitingMatch> findWaitingMatch(const std::filesystem::path& stateDir, std::uint16_t port, TimeMs graceMs);

// The player gave the waiting match up: its journal is closed and deleted, as a host that does
// not take a journal back does. A client that comes back with its ticket is then told the host
// holds no such match (DENY NO_MATCH) and joins as a new player.
void dismissWaitingMatch(const std::filesystem::path& stateDir, std::uint16_t port);

} // namespace speed::client
