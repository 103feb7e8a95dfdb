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
    CHECK(scene.opponentName == "Ren \xC2\xB7 hard");
    CHECK(scene.statusDetail.find("Ren (hard)") != std::string::npos);
    CHECK(scene.statusDetail.find("normal") == std::string::npos);
}

TEST_CASE("scene: the test bot and an idle CPU are just the CPU, without a person's name", "[client][words]") {
    TableLayout layout = computeLayout(1024, 720, {});
    TableMotion motion;
    TableInput input(layout, motion);
    LocalMatchSetup fast;
    fast.cpuLevel = BotLevel::Max;
    const LocalMatch maxMatch(fast, 0);
    CHECK(sceneOf(maxMatch, input, motion, ClientOptions{}, 0).opponentName == "CPU \xC2\xB7 max");
    LocalMatchSetup idle;
    idle.cpuMoves = false;
    const LocalMatch idleMatch(idle, 0);
    CHECK(sceneOf(idleMatch, input, motion, ClientOptions{}, 0).opponentName == "CPU \xC2\xB7 idle");
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

TEST_CASE("After a network game the hint says who has chosen Rematch", "[scene]") {
    CHECK(rematchHint({false, false}, "kenta") == "N: rematch");
    CHECK(rematchHint({false, true}, "kenta") == "kenta wants a rematch \xC2\xB7 N: rematch");
    CHECK(rematchHint({true, false}, "kenta") == "waiting for kenta to choose Rematch");
    CHECK(rematchHint({true, true}, "kenta") == "both chose Rematch: dealing");
}
