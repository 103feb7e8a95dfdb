#pragma once

#include "speed/common/Bot.hpp"
#include "speed/common/RuleOptions.hpp"
#include "speed/net/ConnectOptions.hpp"
#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsFile.hpp"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace speed::client {

// The command line of `speed` (`speed --help` lists it).
struct ClientOptions {
    std::string configPath = "setup.ini";  // chooseSettingsFile(): --config, ./setup.ini, or the user's
    SettingsSource configSource = SettingsSource::CurrentFolder;
    std::string logLevel = "info";
    bool vsCpu = false;
    bool twoPlayers = false;            // --two-players: two people on one keyboard, offline
    BotLevel cpuLevel = BotLevel::Normal;
    bool cpuLevelGiven = false;         // --level named it: the ladder's own start (ladderStartLevel) does not apply
    bool cpuLevelInFile = false;        // setup.ini's [cpu] level names it: the level chosen last
    std::optional<BotLevel> localBot;   // --bot L
    bool cpuIdle = false;               // --cpu-idle: the opponent never moves
    bool tutorial = false;              // --tutorial: "Learn to play" at once
    std::string screenshotPath;         // --screenshot FILE
    double screenshotAfterSeconds = 2;  // --after S
    int games = 0;                      // --games N (0: play until the window closes)
    bool json = false;
    bool listHosts = false;             // --list-hosts: print the hosts found on the LAN (with --json as JSON) and exit
    bool showStats = false;             // --stats: print the statistics (with --json as JSON) and exit
    std::optional<std::uint64_t> seed;
    bool dumpLayout = false;
    bool checkFrames = false;           // --check-frames: each frame's table against the game's state (tests)
    std::string recordFramesDir;        // --record-frames DIR: every frame drawn saved as a PNG (looking at motion)
    unsigned widthPx = 1024;
    unsigned heightPx = 720;
    std::filesystem::path fontDirectory; // --font-dir: DejaVuSans.ttf's folder (empty: ask fontconfig)
    std::filesystem::path japaneseFont;  // --japanese-font: the Japanese face's file (empty: ask fontconfig)
    UiLanguage language = UiLanguage::Auto; // [player] language (or --language)
    std::string cards = "auto";         // [player] cards (or --cards): auto, built-in or a deck's name
    bool cardsFromFlag = false;         // --cards was given: a deck that is not installed is an error
    std::string cardBack = "deck";      // [player] card_back: deck (its own), built-in or another deck's name
    bool reducedMotion = false;         // [player] motion = reduced (or --reduced-motion)
    bool listCards = false;             // --list-cards: print the installed decks (with --json as JSON) and exit
    RuleOptions rules;
    std::string showDialog;             // --show measure|settings|help|log|trace: open it at start
    bool measureNow = false;            // --measure-now: start the measurement dialog's run at once
    // Network play (unless --vs-cpu): setup.ini as read at start (its defaults when it could not
    // be used) or as saved since, and the command line's --join, --host, --port, --wait and
    // --grace over it (--host: host at once, without the start screen).
    Settings settings;
    ConnectFlags connectFlags;
    bool soundOn = true;                // setup.ini's [player] sound: false starts muted (M unmutes)
    int soundVolume = PlayerSettings::kDefaultVolume; // [player] volume, 0..100
    bool noSound = false;               // --no-sound: never open an audio device
    int uiScalePercent = 100;           // [player] ui_scale (or --ui-scale), in percent
    std::optional<SettingsError> settingsProblem; // setup.ini could not be used: defaults, and the window says why
};

// True when the window opens on its start screen: nothing on the command line or in setup.ini
// says whom to play (no --vs-cpu, --join, --host, peer or --games).
bool opensOnStartScreen(const ClientOptions& options);

// Parses argv. Returns an exit code when the program should stop now (--help, --version, a bad
// flag), nothing when it should run.
std::optional<int> parseClientOptions(int argc, char** argv, ClientOptions& options);

} // namespace speed::client
