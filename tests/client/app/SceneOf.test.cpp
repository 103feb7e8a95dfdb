#include "app/SceneOf.hpp"

#include "app/TableInput.hpp"
#include "match/LocalMatch.hpp"
#include "match/NoMatch.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

TEST_CASE("scene: the table names the running CPU's level, not the one saved for the next game", "[client][words]") {
    LocalMatchSetup setup;
    setup.cpuLevel = BotLevel::Hard;
    LocalMatch match(setup, 0);
    TableLayout layout = computeLayout(1024, 720, {});
    TableMotion motion;
    TableInput input(layout, motion);
    ClientOptions options;
    options.vsCpu = true;
    options.cpuLevel = BotLevel::Normal; // Settings saved "normal" for the next game
    const TableScene scene = sceneOf(match, input, motion, options, 0);
    CHECK(scene.opponentName == "CPU \xC2\xB7 hard");
    CHECK(scene.statusDetail.find("CPU (hard)") != std::string::npos);
    CHECK(scene.statusDetail.find("normal") == std::string::npos);
}

TEST_CASE("scene: no game, no table: the start screen's felt and a status bar in words", "[client][words]") {
    NoMatch match(RuleOptions{});
    TableLayout layout = computeLayout(1024, 720, {});
    TableMotion motion;
    TableInput input(layout, motion);
    const TableScene scene = sceneOf(match, input, motion, ClientOptions{}, 0);
    CHECK_FALSE(scene.hasTable);
    CHECK(scene.statusWord == "Start");
    CHECK(scene.statusDetail == "choose a game");
}
