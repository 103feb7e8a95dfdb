#pragma once

#include "speed/net/DnsSd.hpp"

#include "speed/common/RuleOptions.hpp"
#include "speed/protocol/Discovery.hpp"

#include <optional>
#include <string>
#include <vector>

namespace speed::net {

// A host on the LAN as a player sees it, found by the game's own datagrams, by DNS-SD, or both.
struct LanHost {
    std::string name;      // DNS-SD's instance name when it has one (UTF-8, "Taro #2" on a clash), else HERE's
    std::string address;   // the best of `addresses` to join it by (protocol::addressRank)
    std::vector<std::string> addresses; // "192.0.2.7:50001", "[fe80::1%eth0]:50001"
    int version = 0;
    bool busy = false;
    bool passwordNeeded = false;
    std::optional<RuleOptions> rules; // none for another version's, or a token this version cannot read
    std::uint64_t hostId = 0; // its HEREs' HOSTID, or its TXT id (0: none known)
    bool viaDatagram = false;
    bool viaDnsSd = false;
    std::optional<TimeMs> firstHeardAt; // its first and last HERE (the finder's clock); none by DNS-SD alone
    std::optional<TimeMs> lastHeardAt;
};

// One row per host: the datagrams' hosts (one per HOSTID), each joined by the DNS-SD instances
// found at one of its addresses; the other DNS-SD instances grouped by name and port (one per
// interface and protocol otherwise). Datagram hosts first, each list in the order found.
std::vector<LanHost> mergeLanHosts(const std::vector<protocol::FoundHost>& heard, const std::vector<FoundService>& announced);

} // namespace speed::net
