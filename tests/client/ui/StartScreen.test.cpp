#include "ui/StartScreen.hpp"

#include "text/Words.hpp"

#include <catch2/catch.hpp>

#include <string>
#include "support/InJapanese.hpp"

using namespace speed;
using namespace speed::client::ui;

using speed::test::InJapanese;
using speed::test::contains;
TEST_CASE("start screen: a typed join address is trimmed and checked before joining", "[client][ui]") {
    CHECK(checkJoinAddress("  192.168.1.20 ", 50001).address == "192.168.1.20");
    CHECK_FALSE(checkJoinAddress("192.168.1.20", 50001).problem);
    CHECK_FALSE(checkJoinAddress("[::1]:6000", 50001).problem);
    CHECK(checkJoinAddress("host.lan:50002", 50001).address == "host.lan:50002");
    CHECK(checkJoinAddress("", 50001).problem->kind == HostPortProblem::Empty);
    CHECK(checkJoinAddress("   ", 50001).problem->kind == HostPortProblem::Empty);
    CHECK(joinProblemWords(*checkJoinAddress("", 50001).problem).find("type the host's address") == 0);
    CHECK(checkJoinAddress("host:70000", 50001).problem->kind == HostPortProblem::BadPort);
    CHECK(checkJoinAddress("host:", 50001).problem->kind == HostPortProblem::EmptyPort);
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

TEST_CASE("start screen: in Japanese the join problems and the host's port are Japanese", "[client][ui]") {
    const InJapanese japanese;
    const std::string empty = joinProblemWords(*checkJoinAddress("", 50001).problem);
    CHECK(contains(empty, "アドレスを入力"));
    CHECK(contains(empty, "192.168.1.20"));
    const std::string bad = joinProblemWords(*checkJoinAddress("host:70000", 50001).problem);
    CHECK(contains(bad, "参加できません"));
    CHECK(contains(bad, "70000"));
    CHECK(contains(bad, "ポート番号"));
    CHECK_FALSE(contains(bad, "bad port")); // the parser's English stays on the terminal
    CHECK_FALSE(checkJoinAddress("192.168.1.20", 50001).problem);
    const std::string port = speed::client::trf("screen.host.port", std::uint16_t{50002});
    CHECK(contains(port, "ポート 50002"));
    CHECK(std::string(speed::client::tr("screen.host.button")) == "ゲームを開く");
    CHECK(std::string(speed::client::tr("screen.play_cpu")) == "CPUと対戦");
}

TEST_CASE("start screen: English again after Japanese", "[client][ui]") {
    { const InJapanese japanese; }
    CHECK(joinProblemWords(*checkJoinAddress("", 50001).problem).find("type the host's address") == 0);
    CHECK(joinProblemWords(*checkJoinAddress("host:", 50001).problem) == "empty port in \"host:\"");
    CHECK(speed::client::trf("screen.host.port", 50001) == "and your friend joins this computer at UDP port 50001:");
}
