#pragma once

#include "speed/net/LanHosts.hpp"

#include <cstdint>
#include <ostream>
#include <vector>

// `speed --list-hosts [--json]`: the hosts waiting on the LAN, found with the game's own
// datagrams and with DNS-SD, as a table for people or one JSON object.
namespace speed::client {

struct HostListing {
    std::uint16_t port = 0;
    TimeMs listenedMs = 0;
    std::vector<net::LanHost> hosts; // firstHeardAt / lastHeardAt: ms since the search began
    std::string dnsSdProblem;        // why DNS-SD found nothing (no Avahi daemon ...); empty when it looked
    protocol::FinderStats stats;
    std::string problem; // why nothing could be sent
};

// Looks for `listenMs` on `port`, a round every second; blocks.
HostListing findHosts(std::uint16_t port, TimeMs listenMs);

void printHostTable(const HostListing& listing, std::ostream& out);
void printHostJson(const HostListing& listing, std::ostream& out);

} // namespace speed::client
