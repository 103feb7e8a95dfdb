// One row per host on the LAN, whichever way it was found (docs/NETWORK.md, "Finding hosts").
#include "speed/net/LanHosts.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::net;

namespace {

protocol::FoundHost heard(std::string name, std::vector<std::string> addresses, std::uint64_t id) {
    protocol::FoundHost host;
    host.name = std::move(name);
    host.addresses = std::move(addresses);
    host.address = host.addresses.front();
    host.hostId = id;
    host.version = protocol::kProtocolVersion;
    host.firstSeenAt = 10;
    host.lastSeenAt = 20;
    return host;
}

FoundService announced(std::string name, std::string address, std::uint16_t port, bool ipv6 = false) {
    FoundService service;
    service.name = std::move(name);
    service.address = std::move(address);
    service.port = port;
    service.version = protocol::kProtocolVersion;
    service.rules = "0C6AF";
    service.ipv6 = ipv6;
    service.busy = true;
    return service;
}

} // namespace

TEST_CASE("LAN hosts: a host found both ways is one row, named as DNS-SD names it", "[lan]") {
    const auto hosts = mergeLanHosts({heard("Taro", {"192.0.2.1:50001", "[fe80::1%eth0]:50001"}, 1)},
                                     {announced("Taro #2", "fe80::1%eth0", 50001, true), announced("Taro #2", "192.0.2.1", 50001)});
    REQUIRE(hosts.size() == 1);
    CHECK(hosts[0].name == "Taro #2");
    CHECK(hosts[0].address == "192.0.2.1:50001");
    CHECK(hosts[0].viaDatagram);
    CHECK(hosts[0].viaDnsSd);
    CHECK_FALSE(hosts[0].busy); // its HEREs tell its state as of the last round
    CHECK(hosts[0].firstHeardAt == 10);
}

TEST_CASE("LAN hosts: a host heard at a link-local address and announced at its LAN ones is one row, by its id", "[lan]") {
    FoundService service = announced("hana", "10.77.0.1", 50007);
    service.hostId = 7;
    const auto hosts = mergeLanHosts({heard("hana", {"[fe80::1%eth0]:50007"}, 7)}, {service});
    REQUIRE(hosts.size() == 1);
    CHECK(hosts[0].address == "10.77.0.1:50007"); // the LAN address DNS-SD found is the better one
    CHECK(hosts[0].viaDatagram);
    CHECK(hosts[0].viaDnsSd);
    service.hostId = 8; // another host's id: its own row
    CHECK(mergeLanHosts({heard("hana", {"[fe80::1%eth0]:50007"}, 7)}, {service}).size() == 2);
}

TEST_CASE("LAN hosts: DNS-SD alone, one row per instance, its IPv4 address first, its rules read", "[lan]") {
    const auto hosts = mergeLanHosts({}, {announced("Hana", "fe80::2%eth0", 50001, true), announced("Hana", "192.0.2.2", 50001),
                                          announced("Ken", "192.0.2.3", 50002)});
    REQUIRE(hosts.size() == 2);
    CHECK(hosts[0].name == "Hana");
    CHECK(hosts[0].address == "192.0.2.2:50001");
    CHECK(hosts[0].addresses.size() == 2);
    CHECK(hosts[0].busy);
    REQUIRE(hosts[0].rules);
    CHECK(hosts[0].rules->handSize == 6);
    CHECK(hosts[0].rules->jokers == 0);
    CHECK_FALSE(hosts[0].firstHeardAt);
    CHECK(hosts[1].name == "Ken");
    CHECK(hosts[1].address == "192.0.2.3:50002");
}

TEST_CASE("LAN hosts: two hosts of one name stay apart, either way", "[lan]") {
    const auto hosts = mergeLanHosts({heard("Taro", {"192.0.2.1:50001"}, 1), heard("Taro", {"192.0.2.9:50001"}, 2)},
                                     {announced("Taro", "192.0.2.5", 50001)});
    REQUIRE(hosts.size() == 3);
    CHECK(hosts[0].address == "192.0.2.1:50001");
    CHECK(hosts[1].address == "192.0.2.9:50001");
    CHECK(hosts[2].address == "192.0.2.5:50001");
    CHECK(hosts[2].viaDnsSd);
    CHECK_FALSE(hosts[2].viaDatagram);
}
