#pragma once

#include "speed/settings/Settings.hpp"
#include "speed/common/Bot.hpp"

#include <optional>
#include <string>
#include <vector>

namespace speed::client::ui {

// What a menu or dialog asks the window to do. The overlay only produces these; WindowApp
// applies them to the match and the window, so menus never touch the game directly.
enum class UiAction {
    NextGame,       // start the next game once this one is over
    TogglePause,    // PLAY <-> PAUSE
    PlayVsCpu,      // replace the match by an offline game against the CPU at `level`
    Quit,           // close the window
    LogPaneToggled, // the message log pane was shown or hidden: lay the table out again
    SettingsSaved,  // setup.ini was written: `settings` apply to the next vs-CPU game
    HostGame,       // host a network game on setup.ini's port and wait for the other player
    JoinGame,       // join the host at `address` (remembered as setup.ini's peer)
    LeaveToStart,   // leave the match (or stop waiting for one): back to the start screen
    PlayVsCpuInstead, // stop waiting and play the CPU at setup.ini's level
    Retry,          // the network match ended: connect again, as before
    ToggleSound,    // mute or unmute the sound effects (as M does)
    ToggleFullscreen, // the whole screen, or back to the window (as F11 does)
    PlayTwoPlayers, // replace the match by an offline game of two players on one keyboard
    LearnToPlay,    // replace the match by the guided lesson ("Learn to play")
    TutorialSkipStep, // the lesson's next step, as if this one were done
    TutorialSkipAll,  // leave the lesson for the start screen (it counts as done)
    TutorialReplay,   // the lesson again from its first step
    ResumeWaiting,  // host again the match this machine's journal keeps for its player
    DismissWaiting, // give that match up: its journal is deleted
};

struct UiCommand {
    UiCommand(UiAction chosen = UiAction::NextGame) : action(chosen) {} // NOLINT: implicit on purpose

    UiAction action;
    BotLevel level = BotLevel::Normal;     // PlayVsCpu
    std::string address;                   // JoinGame: HOST[:PORT] as typed, or a listed host's
    bool listed = false;                   // JoinGame: a host from the LAN list (not kept as setup.ini's peer)
    std::optional<std::string> password;   // JoinGame: the password typed for a listed host (this join only)
    std::optional<Settings> settings;      // SettingsSaved
};

using UiCommands = std::vector<UiCommand>;

} // namespace speed::client::ui
