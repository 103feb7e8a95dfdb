#include "speed/net/LocalAddresses.hpp"

#include <catch2/catch.hpp>

using namespace speed;

TEST_CASE("only addresses another computer can reach are offered to a friend", "[net]") {
    CHECK(isShareableAddress("192.168.1.20"));
    CHECK(isShareableAddress("10.0.0.2"));
    CHECK(isShareableAddress("2001:db8::5"));
    CHECK(isShareableAddress("fd12:3456::1")); // a unique local address: a LAN's own
    CHECK_FALSE(isShareableAddress("127.0.0.1"));
    CHECK_FALSE(isShareableAddress("127.5.5.5"));
    CHECK_FALSE(isShareableAddress("::1"));
    CHECK_FALSE(isShareableAddress("0.0.0.0"));
    CHECK_FALSE(isShareableAddress("::"));
    CHECK_FALSE(isShareableAddress("fe80::1"));
    CHECK_FALSE(isShareableAddress("224.0.0.1"));
    CHECK_FALSE(isShareableAddress("::ffff:10.0.0.2"));
    CHECK_FALSE(isShareableAddress("not an address"));
    CHECK_FALSE(isShareableAddress(""));
}

TEST_CASE("this machine's LAN addresses are shareable, IPv4 first, each once", "[net]") {
    const std::vector<std::string> addresses = lanAddresses();
    bool seenV6 = false;
    for (std::size_t i = 0; i < addresses.size(); ++i) {
        INFO(addresses[i]);
        CHECK(isShareableAddress(addresses[i]));
        const bool v6 = addresses[i].find(':') != std::string::npos;
        CHECK((v6 || !seenV6)); // no IPv4 after an IPv6
        seenV6 = seenV6 || v6;
        for (std::size_t j = 0; j < i; ++j) CHECK(addresses[j] != addresses[i]);
    }
}
