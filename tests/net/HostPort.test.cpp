#include "speed/net/ConnectOptions.hpp"
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
    CHECK(parseHostPort("", 1).error.kind == HostPortProblem::Empty);
    CHECK(parseHostPort("host:", 1).error.kind == HostPortProblem::EmptyPort);
    CHECK(parseHostPort("[::1]:", 1).error.kind == HostPortProblem::EmptyPort);
    CHECK(parseHostPort(":5", 1).error.kind == HostPortProblem::EmptyHost);
    CHECK(parseHostPort("[]", 1).error.kind == HostPortProblem::EmptyHost);
    CHECK(parseHostPort("host:70000", 1).error.kind == HostPortProblem::BadPort);
    CHECK(parseHostPort("host:0", 1).error.kind == HostPortProblem::BadPort);
    CHECK(parseHostPort("host:5x", 1).error.kind == HostPortProblem::BadPort);
    CHECK(parseHostPort("[::1", 1).error.kind == HostPortProblem::UnclosedBracket);
    CHECK(parseHostPort("[::1]x", 1).error.kind == HostPortProblem::AfterBracket);
    for (const char* bad : {"", "host:", ":5", "host:70000", "[::1", "[::1]x"}) {
        const HostPortResult parsed = parseHostPort(bad, 1);
        CHECK_FALSE(parsed.value);
        CHECK(parsed.error.failed());
    }
    CHECK_FALSE(parseHostPort("host:5", 1).error.failed());
}

TEST_CASE("a HOST[:PORT] problem keeps the text and the port as given", "[net]") {
    CHECK(parseHostPort("[::1]x", 1).error == HostPortError{HostPortProblem::AfterBracket, "[::1]x", ""});
    CHECK(parseHostPort("host:70000", 1).error == HostPortError{HostPortProblem::BadPort, "host:70000", "70000"});
    CHECK(parseHostPort("[::1]:0", 1).error == HostPortError{HostPortProblem::BadPort, "[::1]:0", "0"});
}

// The terminals' and logs' English, as the programs have always printed it.
TEST_CASE("a HOST[:PORT] problem's English for terminals and logs", "[net]") {
    CHECK(describe(parseHostPort("", 1).error) == "empty address: expected HOST or HOST:PORT");
    CHECK(describe(parseHostPort("host:", 1).error) == "empty port in \"host:\"");
    CHECK(describe(parseHostPort(":5", 1).error) == "empty host in \":5\"");
    CHECK(describe(parseHostPort("host:70000", 1).error) == "bad port \"70000\": expected 1..65535");
    CHECK(describe(parseHostPort("[::1", 1).error) == "'[' without ']' in \"[::1\"");
    CHECK(describe(parseHostPort("[::1]x", 1).error) == "expected ':PORT' after ']' in \"[::1]x\"");
    CHECK(describe(HostPortError{}).empty());
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

TEST_CASE("a peer that does not parse says where it was written", "[net]") {
    Settings settings;
    settings.network.peer = "10.0.0.2:99999";
    const ConnectOptionsResult fromFile = connectOptionsFrom(settings, {});
    REQUIRE(fromFile.problem);
    CHECK(fromFile.problem->source == PeerSource::SetupPeer);
    CHECK(fromFile.problem->error.kind == HostPortProblem::BadPort);
    CHECK(describe(*fromFile.problem, "/etc/s.ini") == "/etc/s.ini peer: bad port \"99999\": expected 1..65535");
    ConnectFlags flags;
    flags.join = "[::1";
    const ConnectOptionsResult fromFlag = connectOptionsFrom(settings, flags);
    REQUIRE(fromFlag.problem);
    CHECK(fromFlag.problem->source == PeerSource::JoinFlag);
    CHECK(fromFlag.problem->error.kind == HostPortProblem::UnclosedBracket);
    CHECK(describe(*fromFlag.problem, "setup.ini") == "--join: '[' without ']' in \"[::1\"");
    flags.join.reset();
    flags.hostOnly = true; // the file's peer is not read
    CHECK_FALSE(connectOptionsFrom(settings, flags).problem);
}
