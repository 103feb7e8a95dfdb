#pragma once

#include "ui/UiCommand.hpp"

#include "match/GameInfo.hpp"
#include "match/MatchDriver.hpp"

#include <optional>
#include <string>
#include <vector>

namespace speed::client::ui {

// What the Game menu needs to know about the match to enable its items.
struct GameMenuContext {
    GameInfo info = GameInfo::Nothing;
};

struct MenuEntry {
    std::string label;
    std::string shortcut; // shown right of the label, e.g. "N"
    bool enabled = true;
    UiCommand command;
    bool ticked = false; // shown with a tick: the CPU opponent in force
};

// The Game menu's match items (next game, pause/resume) for this state, labelled in the current
// language. Pure: the overlay draws them with ImGui and pushes the command of the one clicked.
std::vector<MenuEntry> gameMatchEntries(const GameMenuContext& context);

// One entry per level of the CPU ladder for the "Play vs CPU" submenu, slowest first, each
// named after its bot in the current language ("Hana (novice)", "ハナ（入門）"); max, the test
// bot, is not offered. `current`, the opponent in force (the one the Settings dialog shows as its
// level, and the next CPU game plays), is ticked.
std::vector<MenuEntry> playVsCpuEntries(BotLevel current = BotLevel::Normal);

// What applying a match command did, for the debug log (in English, as the log is).
struct MatchCommandOutcome {
    bool applied = false;
    std::string text; // e.g. "game 2 starts, seed 5", "state PLAY -> PAUSE_0", "next game refused: ..."
};

// Applies NextGame or TogglePause to the match (the same as the N and P keys). Other actions
// are the window's and come back as not applied.
MatchCommandOutcome applyMatchCommand(MatchDriver& match, const UiCommand& command, TimeMs now);

} // namespace speed::client::ui
