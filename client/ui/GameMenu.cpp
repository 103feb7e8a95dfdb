#include "ui/GameMenu.hpp"

#include "table/LevelWords.hpp"
#include "text/Words.hpp"

#include <fmt/format.h>

namespace speed::client::ui {

std::vector<MenuEntry> gameMatchEntries(const GameMenuContext& context) {
    const bool over = gameFinished(context.info);
    const bool paused = protocol::isPaused(context.info);
    std::vector<MenuEntry> entries;
    entries.push_back({tr(over ? "menu.game.next_game" : "menu.game.start_next_game"), "N", over, {UiAction::NextGame}, false});
    entries.push_back({tr(paused ? "menu.game.resume" : "menu.game.pause"), "P", context.info == GameInfo::Play || paused,
                       {UiAction::TogglePause}, false});
    return entries;
}

std::vector<MenuEntry> playVsCpuEntries(BotLevel current) {
    std::vector<MenuEntry> entries;
    for (BotLevel level : ladderLevels()) {
        UiCommand command{UiAction::PlayVsCpu};
        command.level = level;
        entries.push_back({botTitleWords(level), "", true, command, level == current});
    }
    return entries;
}

MatchCommandOutcome applyMatchCommand(MatchDriver& match, const UiCommand& command, TimeMs now) {
    switch (command.action) {
    case UiAction::NextGame:
        if (match.startNextGame(now)) {
            return {true, fmt::format("game {} starts, seed {}", match.gameNumber(), match.gameSeed())};
        }
        return {false, fmt::format("next game refused: {} is not over", gameInfoName(match.info()))};
    case UiAction::TogglePause: {
        const GameInfo before = match.info();
        if (match.togglePause(now)) {
            return {true, fmt::format("state {} -> {}", gameInfoName(before), gameInfoName(match.info()))};
        }
        return {false, fmt::format("pause refused in state {}", gameInfoName(before))};
    }
    default:
        return {false, {}};
    }
}

} // namespace speed::client::ui
