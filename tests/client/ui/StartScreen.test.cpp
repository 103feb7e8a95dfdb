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

TEST_CASE("start screen: the player's levels are the ladder and leave out the test bot", "[client][ui]") {
    const auto& levels = playerLevels();
    CHECK(levels.size() >= 5);
    CHECK(levels == ladderLevels());
    CHECK(std::find(levels.begin(), levels.end(), BotLevel::Max) == levels.end());
}

TEST_CASE("start screen: it opens on setup.ini's level, or normal when that is the test bot", "[client][ui]") {
    const auto& levels = playerLevels();
    CHECK(levels[static_cast<std::size_t>(playerLevelIndex(BotLevel::Hard))] == BotLevel::Hard);
    CHECK(levels[static_cast<std::size_t>(playerLevelIndex(BotLevel::Novice))] == BotLevel::Novice);
    CHECK(levels[static_cast<std::size_t>(playerLevelIndex(BotLevel::Max))] == BotLevel::Normal);
}
