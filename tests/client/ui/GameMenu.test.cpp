#include "ui/GameMenu.hpp"

#include "match/LocalMatch.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;
using namespace speed::client::ui;

namespace {

LocalMatch idleMatch() {
    LocalMatchSetup setup;
    setup.seed = 4;
    setup.cpuMoves = false;
    return LocalMatch(setup, 0);
}

const MenuEntry& entryFor(const std::vector<MenuEntry>& entries, UiAction action) {
    for (const MenuEntry& entry : entries) {
        if (entry.command.action == action) return entry;
    }
    FAIL("no entry for the action");
    return entries.front();
}

} // namespace

TEST_CASE("game menu: pause is offered while playing, next game only once it is over") {
    const auto playing = gameMatchEntries({GameInfo::Play});
    CHECK(entryFor(playing, UiAction::TogglePause).enabled);
    CHECK(entryFor(playing, UiAction::TogglePause).label == "Pause");
    CHECK_FALSE(entryFor(playing, UiAction::NextGame).enabled);

    const auto paused = gameMatchEntries({GameInfo::Pause0});
    CHECK(entryFor(paused, UiAction::TogglePause).label == "Resume");
    CHECK(entryFor(paused, UiAction::TogglePause).enabled);

    const auto over = gameMatchEntries({GameInfo::Win});
    CHECK(entryFor(over, UiAction::NextGame).enabled);
    CHECK_FALSE(entryFor(over, UiAction::TogglePause).enabled);
}

TEST_CASE("game menu: play vs CPU offers the ladder by its bots' names, never the test bot") {
    const auto entries = playVsCpuEntries();
    REQUIRE(entries.size() == ladderLevels().size());
    REQUIRE(entries.size() >= 5);
    for (std::size_t i = 0; i < entries.size(); ++i) {
        CHECK(entries[i].command.action == UiAction::PlayVsCpu);
        CHECK(entries[i].command.level == ladderLevels()[i]);
        CHECK(entries[i].command.level != BotLevel::Max);
        CHECK(entries[i].enabled);
    }
    CHECK(entries.front().command.level == BotLevel::Novice);
    CHECK(entries.front().label == "Hana (novice)");
    CHECK(entries.back().command.level == BotLevel::Expert);
    for (const MenuEntry& entry : entries) CHECK(entry.label.find("max") == std::string::npos);
}

TEST_CASE("game menu: pause and resume reach the match as the P key does") {
    LocalMatch match = idleMatch();
    match.tick(2000); // the opening SPEED! flip
    REQUIRE(match.info() == GameInfo::Play);
    const MatchCommandOutcome paused = applyMatchCommand(match, {UiAction::TogglePause}, 2100);
    CHECK(paused.applied);
    CHECK(paused.text == "state PLAY -> PAUSE_0");
    CHECK(match.info() == GameInfo::Pause0);
    CHECK(applyMatchCommand(match, {UiAction::TogglePause}, 2200).applied);
    CHECK(match.info() == GameInfo::Play);
}

TEST_CASE("game menu: next game is refused while a game runs and says why") {
    LocalMatch match = idleMatch();
    match.tick(2000);
    const MatchCommandOutcome refused = applyMatchCommand(match, {UiAction::NextGame}, 2100);
    CHECK_FALSE(refused.applied);
    CHECK(refused.text == "next game refused: PLAY is not over");
    CHECK(match.gameNumber() == 1);
}

TEST_CASE("game menu: window actions are not the match's") {
    LocalMatch match = idleMatch();
    for (UiAction action : {UiAction::Quit, UiAction::PlayVsCpu, UiAction::LogPaneToggled, UiAction::SettingsSaved}) {
        CHECK_FALSE(applyMatchCommand(match, {action}, 0).applied);
    }
}
