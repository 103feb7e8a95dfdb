#include "ui/StartScreen.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client::ui;

TEST_CASE("start screen: a typed join address is trimmed and checked before joining", "[client][ui]") {
    CHECK(checkJoinAddress("  192.168.1.20 ", 50001).address == "192.168.1.20");
    CHECK(checkJoinAddress("192.168.1.20", 50001).problem.empty());
    CHECK(checkJoinAddress("[::1]:6000", 50001).problem.empty());
    CHECK(checkJoinAddress("host.lan:50002", 50001).address == "host.lan:50002");
    CHECK(checkJoinAddress("", 50001).problem.find("type the host's address") == 0);
    CHECK(checkJoinAddress("   ", 50001).problem.find("type the host's address") == 0);
    CHECK_FALSE(checkJoinAddress("host:70000", 50001).problem.empty());
    CHECK_FALSE(checkJoinAddress("host:", 50001).problem.empty());
}

TEST_CASE("start screen: the player's levels leave out the test bot", "[client][ui]") {
    const auto& levels = playerLevels();
    CHECK(levels.size() == 3);
    CHECK(std::find(levels.begin(), levels.end(), BotLevel::Max) == levels.end());
}
