#include "app/ClientOptions.hpp"

#include "speed/common/Version.hpp"

#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsKeys.hpp"

#include <filesystem>
#include <CLI/CLI.hpp>

#include <cmath>
#include <iostream>
#include <limits>

namespace speed::client {
namespace {

// Every level's word: the ladder (novice ... expert) and max, the test bot, which only flags and
// setup.ini reach.
std::vector<std::string> levelFlagWords() {
    std::vector<std::string> words;
    for (BotLevel level : allBotLevels()) words.emplace_back(toString(level));
    return words;
}

void addRuleOptions(CLI::App& app, std::string& deal, std::string& refill, std::string& arbitration, RuleOptions& rules) {
    app.add_option("--hand", rules.handSize, "hand slots per player, 1..8")->check(CLI::Range(1, 8))->capture_default_str();
    app.add_option("--jokers", rules.jokers, "jokers in the pack, 0 or 2")->check(CLI::IsMember({0, 2}))->capture_default_str();
    app.add_option("--deal", deal, "shuffle, or colors (one side red, the other black)")
        ->check(CLI::IsMember({"shuffle", "colors"}))->capture_default_str();
    app.add_option("--refill", refill, "manual (drag the deck) or auto")->check(CLI::IsMember({"manual", "auto"}))->capture_default_str();
    app.add_option("--arbitration", arbitration,
                   "as host of a network game: fair (the card played first wins, by the synchronised clock) or "
                   "first-arrival (the card that reaches the host first wins)")
        ->check(CLI::IsMember({"fair", "first-arrival"}))->capture_default_str();
}

// setup.ini gives the defaults ([rules], [cpu] level); a flag on the command line wins. A file
// that cannot be used stops a scripted run (--games, --json); a player gets the window with the
// defaults and a dialog that says what is wrong.
std::optional<int> applySettingsFile(const CLI::App& app, ClientOptions& options) {
    SettingsResult loaded = loadSettings(options.configPath);
    if (loaded.error) {
        std::cerr << "speed: " << loaded.error->describe() << '\n';
        if (options.games > 0 || options.json) return 2;
        std::cerr << "speed: starting with the default settings; the window says what to fix\n";
        options.settingsProblem = *loaded.error;
        loaded.settings = Settings{};
    }
    if (!loaded.warning.empty()) std::cerr << "speed: warning: " << loaded.warning << '\n';
    const Settings& settings = *loaded.settings;
    if (app.count("--level") == 0) options.cpuLevel = settings.cpuLevel;
    options.cpuLevelGiven = app.count("--level") > 0;
    options.cpuLevelInFile = loaded.gives("cpu", "level");
    if (app.count("--hand") == 0) options.rules.handSize = settings.rules.handSize;
    if (app.count("--jokers") == 0) options.rules.jokers = settings.rules.jokers;
    if (app.count("--deal") == 0) options.rules.deal = settings.rules.deal;
    if (app.count("--refill") == 0) options.rules.refill = settings.rules.refill;
    if (app.count("--arbitration") == 0) options.rules.arbitration = settings.rules.arbitration;
    options.settings = settings;
    options.soundOn = settings.player.sound;
    options.soundVolume = settings.player.volume;
    if (app.count("--ui-scale") == 0) options.uiScalePercent = settings.player.uiScalePercent;
    if (app.count("--language") == 0) options.language = settings.player.language;
    if (app.count("--reduced-motion") == 0) options.reducedMotion = settings.player.reducedMotion;
    options.cardBack = settings.player.cardBack;
    options.cardsFromFlag = app.count("--cards") > 0;
    if (!options.cardsFromFlag) options.cards = settings.player.cards;
    return std::nullopt;
}

constexpr const char* kDescription =
    "speed: the Speed card game window. Drag a hand card onto a field pile one rank above or\n"
    "below it (K-A wraps, jokers go anywhere); drag your deck onto an empty slot to refill.\n"
    "With no flags it reads setup.ini: with a [network] peer it joins that host (or hosts and\n"
    "waits when none answers); without one it opens on the start screen (play the CPU, host\n"
    "a game, join one by address). --vs-cpu plays the CPU, --host hosts on [network] port and\n"
    "--join HOST joins at once (--port, --wait and --grace override setup.ini).";

// The flags read as words or numbers first, and made options once the command line parsed.
struct FlagWords {
    std::string level = "normal";
    std::string botLevel;
    double uiScale = 1.0;
    std::string language = "auto";
    std::string deal = "shuffle";
    std::string refill = "manual";
    std::string arbitration = "fair";
    std::uint64_t seed = 0;
    std::optional<std::string> config;
};

// The settings file, the log, and whom to play: the CPU (its level, the bots) or a network game.
void addPlayOptions(CLI::App& app, ClientOptions& options, FlagWords& words) {
    app.add_option("--config", words.config, settingsFileHelp());
    app.add_option("--log-level", options.logLevel, "trace, debug, info, warn, error or off")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))->capture_default_str();
    app.add_flag("--vs-cpu", options.vsCpu, "play offline against the CPU opponent");
    app.add_flag("--two-players", options.twoPlayers,
                 "two players on one keyboard, offline (each player's keys are shown on the table)");
    app.add_flag("--host", options.connectFlags.hostOnly, "host a network game at once and wait for the other player");
    app.add_option("--level", words.level, "CPU opponent: novice, easy, casual, normal, hard, expert (max: the test bot)")
        ->check(CLI::IsMember(levelFlagWords()))
        ->capture_default_str();
    app.add_option("--bot", words.botLevel, "the bot plays the local seat too, at this level")
        ->check(CLI::IsMember(levelFlagWords()));
    app.add_flag("--cpu-idle", options.cpuIdle, "the CPU opponent never moves (practice, tests)");
    app.add_flag("--tutorial", options.tutorial, "start \"Learn to play\", the guided first game, at once");
}

// Scripted runs: a screenshot, a number of games, what is printed, the deal's seed.
void addRunOptions(CLI::App& app, ClientOptions& options, FlagWords& words) {
    auto* shot = app.add_option("--screenshot", options.screenshotPath, "save a PNG of the window, then exit");
    app.add_option("--after", options.screenshotAfterSeconds, "seconds before the screenshot")
        ->needs(shot)->check(CLI::Range(0.0, 3600.0))->capture_default_str();
    app.add_option("--games", options.games,
                   "play N games, print the results, exit (over the network: until game N of the match is over, "
                   "games played before this program came back to the match included; --json's match_games "
                   "says the match's last game)")->check(CLI::Range(1, std::numeric_limits<int>::max()));
    app.add_flag("--json", options.json, "print the results (or --stats) as one JSON object, last");
    app.add_flag("--list-hosts", options.listHosts,
                 "look for hosts waiting on the LAN (setup.ini's port) for a few seconds, print them (with --json as JSON) "
                 "and exit; no window");
    app.add_flag("--stats", options.showStats,
                 "print the statistics of every finished game (per opponent and level) and exit; no window");
    app.add_option("--seed", words.seed, "seed of the first deal (game n uses seed+n-1); random if not given");
    app.add_flag("--check-frames", options.checkFrames,
                 "check every frame's table against the game (cards in flight included) and log what differs");
    app.add_option("--record-frames", options.recordFramesDir,
                   "save every frame drawn as DIR/frame-MS.png (at most 3000), to look at the motion frame by frame; "
                   "DIR is made when missing")
        ->check([](const std::string& folder) -> std::string {
            std::error_code error;
            std::filesystem::create_directories(folder, error);
            if (!std::filesystem::is_directory(folder)) {
                return "cannot make the folder " + folder + (error ? ": " + error.message() : std::string());
            }
            return {};
        });
    app.add_flag("--dump-layout", options.dumpLayout, "log the screen rectangles of the table and the playable moves");
}

// The window: its size, its fonts and its language.
void addWindowOptions(CLI::App& app, ClientOptions& options, FlagWords& words) {
    app.add_option("--width", options.widthPx, "window width in pixels")->check(CLI::Range(320, 8192))->capture_default_str();
    app.add_option("--height", options.heightPx, "window height in pixels")->check(CLI::Range(240, 8192))->capture_default_str();
    app.add_option("--cards", options.cards,
                   "the card deck: a name --list-cards prints, auto (the preferred installed deck) or built-in "
                   "(the cards the game draws itself); overrides setup.ini's [player] cards")
        ->check([](const std::string& name) {
            Settings probe;
            return findSettingsKey("player", "cards")->assign(probe, name) ? std::string() : "not a deck's name: " + name;
        });
    app.add_flag("--reduced-motion", options.reducedMotion,
                 "cards fade in where they land instead of flying, and a win has no confetti (overrides setup.ini's "
                 "[player] motion)");
    app.add_flag("--list-cards", options.listCards,
                 "print the installed card decks (gnome-cards-data, kdegames-card-data-kf5), one name a line "
                 "(with --json as JSON), and exit");
    app.add_option("--font-dir", options.fontDirectory,
                   "directory with DejaVuSans.ttf and DejaVuSans-Bold.ttf (default: DejaVu Sans found through fontconfig)");
    app.add_option("--japanese-font", options.japaneseFont,
                   "the font file of the Japanese words (default: Noto Sans CJK JP, else IPAPGothic, found through fontconfig)");
    app.add_option("--language", words.language,
                   "the window's language: ja, en, or auto (from LC_ALL, LC_MESSAGES, LANG; overrides setup.ini)")
        ->check(CLI::IsMember({"auto", "ja", "en"}));
}

// A dialog at start, the menus' scale and the sound.
void addExtraOptions(CLI::App& app, ClientOptions& options, FlagWords& words) {
    app.add_option("--show", options.showDialog, "open a dialog at start (screenshots, docs)")
        ->check(CLI::IsMember({"measure", "settings", "help", "log", "trace", "stats"}));
    app.add_flag("--measure-now", options.measureNow, "open the measurement dialog and start measuring at once");
    app.add_option("--ui-scale", words.uiScale, "menus, dialogs, status bar and banners this much larger, 0.5..2 (overrides setup.ini)")
        ->check(CLI::Range(0.5, 2.0));
    app.add_flag("--no-sound", options.noSound, "open no audio device: play silently (setup.ini's sound = off only mutes)");
}

// The connection's flags over setup.ini's [network]; --vs-cpu, --host and --join exclude each other.
void addNetworkOptions(CLI::App& app, ConnectFlags& connect) {
    auto* join = app.add_option("--join", connect.join, "join the host at HOST[:PORT] (port default: setup.ini's)");
    app.add_option("--port", connect.port, "UDP port to host on and to join (overrides setup.ini)")->check(CLI::Range(1, 65535));
    app.add_option("--wait", connect.waitSeconds, "seconds to wait for the other player (overrides setup.ini)")
        ->check(CLI::Range(1, NetworkSettings::kMaxWaitSeconds));
    app.add_option("--grace", connect.graceSeconds,
                   "seconds a match is kept while nothing is heard from the other player (overrides setup.ini)")
        ->check(CLI::Range(NetworkSettings::kMinGraceSeconds, NetworkSettings::kMaxGraceSeconds));
    app.add_flag("--no-announce", connect.noAnnounce,
                 "while hosting, do not answer players on the LAN who look for a host (setup.ini's [network] announce = off)");
    CLI::Option* host = app.get_option("--host");
    app.get_option("--vs-cpu")->excludes(join);
    app.get_option("--vs-cpu")->excludes(host);
    app.get_option("--two-players")->excludes(join)->excludes(host)->excludes(app.get_option("--vs-cpu"));
    host->excludes(join);
}

// The words and numbers read as the options they name (each checked by its flag already).
void applyFlagWords(const CLI::App& app, const FlagWords& words, ClientOptions& options) {
    options.cpuLevel = *parseBotLevel(words.level);
    if (!words.botLevel.empty()) options.localBot = parseBotLevel(words.botLevel);
    if (app.count("--seed") > 0) options.seed = words.seed;
    options.rules.deal = *parseDealMode(words.deal);
    options.rules.refill = *parseRefillMode(words.refill);
    options.rules.arbitration = *parseArbitration(words.arbitration);
    options.uiScalePercent = static_cast<int>(std::lround(words.uiScale * 100));
    options.language = *parseUiLanguage(words.language);
}

} // namespace

bool opensOnStartScreen(const ClientOptions& options) {
    return !options.vsCpu && !options.twoPlayers && !options.tutorial && !options.connectFlags.hostOnly && !options.connectFlags.join &&
           options.settings.network.peer.empty() && options.games == 0;
}

std::optional<int> parseClientOptions(int argc, char** argv, ClientOptions& options) {
    CLI::App app{kDescription};
    app.set_version_flag("--version", std::string("speed ") + kVersion);
    FlagWords words;
    // The order of the groups is the order of `speed --help`.
    addPlayOptions(app, options, words);
    addRunOptions(app, options, words);
    addWindowOptions(app, options, words);
    addRuleOptions(app, words.deal, words.refill, words.arbitration, options.rules);
    addExtraOptions(app, options, words);
    addNetworkOptions(app, options.connectFlags);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        return app.exit(error);
    }
    applyFlagWords(app, words, options);
    const SettingsFile file = chooseSettingsFile(words.config);
    options.configPath = file.path;
    options.configSource = file.source;
    return applySettingsFile(app, options);
}

} // namespace speed::client
