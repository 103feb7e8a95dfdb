#include "speed/net/LanHosts.hpp"

#include "speed/net/HostPort.hpp"
#include "speed/protocol/Codec.hpp"

#include <algorithm>

namespace speed::net {
namespace {

std::string addressOf(const FoundService& service) { return formatHostPort({service.address, service.port}); }

void addAddress(LanHost& host, const std::string& address) {
    if (std::find(host.addresses.begin(), host.addresses.end(), address) == host.addresses.end()) host.addresses.push_back(address);
    if (host.address.empty() || protocol::addressRank(address) < protocol::addressRank(host.address)) host.address = address;
}

} // namespace

std::vector<LanHost> mergeLanHosts(const std::vector<protocol::FoundHost>& heard, const std::vector<FoundService>& announced) {
    std::vector<LanHost> hosts;
    for (const protocol::FoundHost& found : heard) {
        LanHost host;
        host.name = found.name;
        host.version = found.version;
        host.busy = found.state == protocol::HostState::Busy;
        host.passwordNeeded = found.passwordNeeded;
        if (found.version == protocol::kProtocolVersion) host.rules = found.rules;
        host.viaDatagram = true;
        host.firstHeardAt = found.firstSeenAt;
        host.hostId = found.hostId;
        host.lastHeardAt = found.lastSeenAt;
        for (const std::string& address : found.addresses) addAddress(host, address);
        if (host.addresses.empty()) addAddress(host, found.address);
        hosts.push_back(std::move(host));
    }
    const std::size_t fromDatagrams = hosts.size();
    for (const FoundService& service : announced) {
        const std::string address = addressOf(service);
        // The same host heard by its datagrams: the same host id, or (a host of an earlier release,
        // without one) an address its HEREs came from.
        const auto heardThere = std::find_if(hosts.begin(), hosts.begin() + static_cast<std::ptrdiff_t>(fromDatagrams), [&](const LanHost& host) {
            return (service.hostId != 0 && service.hostId == host.hostId) ||
                   std::find(host.addresses.begin(), host.addresses.end(), address) != host.addresses.end();
        });
        if (heardThere != hosts.begin() + static_cast<std::ptrdiff_t>(fromDatagrams)) {
            // Its datagrams tell its state as of the last round; DNS-SD gives its own name.
            if (!heardThere->viaDnsSd) heardThere->name = service.name;
            heardThere->viaDnsSd = true;
            addAddress(*heardThere, address);
            continue;
        }
        std::string portSuffix(1, ':');
        portSuffix += std::to_string(service.port);
        const auto same = std::find_if(hosts.begin() + static_cast<std::ptrdiff_t>(fromDatagrams), hosts.end(), [&](const LanHost& host) {
            return host.name == service.name && !host.addresses.empty() && host.addresses.front().ends_with(portSuffix);
        });
        LanHost* host = nullptr;
        if (same != hosts.end()) {
            host = &*same;
        } else {
            hosts.emplace_back();
            host = &hosts.back();
            host->name = service.name;
            host->version = service.version;
            host->busy = service.busy;
            host->passwordNeeded = service.passwordNeeded;
            host->rules = protocol::rulesFromToken(service.rules);
            host->viaDnsSd = true;
        }
        addAddress(*host, address);
    }
    return hosts;
}

} // namespace speed::net
