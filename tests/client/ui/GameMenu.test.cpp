#include "ui/GameMenu.hpp"

#include "match/LocalMatch.hpp"
#include "text/Words.hpp"

#include "support/InJapanese.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace speed;
using namespace speed::client;
using namespace speed::client::ui;

using speed::test::InJapanese;
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
    CHECK(entryFor(over, UiAction::NextGame).label == "Next game");
    CHECK(entryFor(playing, UiAction::NextGame).label == "Start next game");
    CHECK_FALSE(entryFor(over, UiAction::TogglePause).enabled);
}

TEST_CASE("game menu: the match items speak Japanese when the window does, keys unchanged") {
    const InJapanese japanese;
    const auto playing = gameMatchEntries({GameInfo::Play});
    CHECK(entryFor(playing, UiAction::TogglePause).label == "一時停止");
    CHECK(entryFor(playing, UiAction::TogglePause).shortcut == "P");
    CHECK(entryFor(playing, UiAction::NextGame).label == "次のゲームを始める");
    CHECK(entryFor(playing, UiAction::NextGame).shortcut == "N");
    CHECK(entryFor(gameMatchEntries({GameInfo::Pause0}), UiAction::TogglePause).label == "再開");
    CHECK(entryFor(gameMatchEntries({GameInfo::Win}), UiAction::NextGame).label == "次のゲーム");
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

TEST_CASE("game menu: play vs CPU ticks the opponent in force, and only it") {
    for (BotLevel current : ladderLevels()) {
        INFO(toString(current));
        const auto entries = playVsCpuEntries(current);
        CHECK(std::count_if(entries.begin(), entries.end(), [](const MenuEntry& entry) { return entry.ticked; }) == 1);
        for (const MenuEntry& entry : entries) CHECK(entry.ticked == (entry.command.level == current));
    }
    const auto none = playVsCpuEntries(BotLevel::Max); // the test bot (--level max) is not offered: no tick
    CHECK(std::none_of(none.begin(), none.end(), [](const MenuEntry& entry) { return entry.ticked; }));
}

TEST_CASE("game menu: play vs CPU names the bots in Japanese when the window does") {
    const InJapanese japanese;
    const auto entries = playVsCpuEntries();
    REQUIRE(entries.size() == ladderLevels().size());
    CHECK(entries.front().label == "ハナ（入門）");
    CHECK(entries.back().label == "タクミ（達人）");
    for (const MenuEntry& entry : entries) {
        CHECK(entry.label.find("（") != std::string::npos);
        CHECK(entry.label.find("max") == std::string::npos);
    }
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

TEST_CASE("help menu: the About page names the faces loaded for both languages, the ImGui version filled in") {
    CHECK(trf("help.about.program", "1.86", "DejaVu Sans", "Noto Sans CJK JP")
              .find("Dear ImGui 1.86; text in DejaVu Sans, Japanese text in Noto Sans CJK JP.") != std::string::npos);
    const InJapanese japanese;
    const std::string about = trf("help.about.program", "1.86", "DejaVu Sans", "IPAPGothic");
    CHECK(about.find("Dear ImGui 1.86") != std::string::npos);
    CHECK(about.find("文字はDejaVu Sans、日本語の文字はIPAPGothicです") != std::string::npos);
    CHECK(about.find("二人対戦") != std::string::npos);
    CHECK(about.find("IPAGothic") == std::string::npos); // no face named but the one loaded
    CHECK(std::string(tr("help.tab.how_to_play")) == "遊び方");
}
