#include "speed/net/HostPort.hpp"
#include "speed/net/UdpAddress.hpp"

#include <catch2/catch.hpp>

using namespace speed;

TEST_CASE("HOST[:PORT] in every form", "[net]") {
    CHECK(parseHostPort("example.org", 50001).value == HostPort{"example.org", 50001});
    CHECK(parseHostPort("127.0.0.1:6000", 50001).value == HostPort{"127.0.0.1", 6000});
    CHECK(parseHostPort("::1", 50001).value == HostPort{"::1", 50001});
    CHECK(parseHostPort("[::1]:6000", 50001).value == HostPort{"::1", 6000});
    CHECK(parseHostPort("[fe80::1%eth0]", 7).value == HostPort{"fe80::1%eth0", 7});
}

TEST_CASE("bad HOST[:PORT] says what is wrong", "[net]") {
    CHECK(parseHostPort("", 1).error.find("empty address") == 0);
    CHECK(parseHostPort("host:", 1).error.find("empty port") == 0);
    CHECK(parseHostPort(":5", 1).error.find("empty host") == 0);
    CHECK(parseHostPort("host:70000", 1).error == "bad port \"70000\": expected 1..65535");
    CHECK(parseHostPort("host:0", 1).error.find("bad port") == 0);
    CHECK(parseHostPort("[::1", 1).error.find("'[' without ']'") == 0);
    CHECK(parseHostPort("[::1]x", 1).error.find("expected ':PORT'") == 0);
}

TEST_CASE("endpoint text round-trips and shows mapped IPv4 as IPv4", "[net]") {
    for (const std::string text : {"127.0.0.1:50001", "[::1]:9", "[2001:db8::1]:65535"}) {
        const auto endpoint = endpointFromText(text);
        REQUIRE(endpoint);
        CHECK(endpointText(*endpoint) == text);
    }
    const asio::ip::udp::endpoint mapped(
        asio::ip::make_address_v6(asio::ip::v4_mapped, asio::ip::make_address_v4("127.0.0.1")), 5);
    CHECK(endpointText(mapped) == "127.0.0.1:5");
    CHECK(inFamilyOf(*endpointFromText("127.0.0.1:5"), asio::ip::udp::v6()) == mapped);
    CHECK_FALSE(endpointFromText("example.org:5"));
    CHECK_FALSE(endpointFromText("127.0.0.1"));
}
