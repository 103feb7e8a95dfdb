// speed: the SFML window. Parses flags, checks fonts and the display, runs the table.
#include "app/CardDeckChoice.hpp"
#include "render/Fonts.hpp"
#include "app/ClientOptions.hpp"
#include "app/Display.hpp"
#include "app/FontLookup.hpp"
#include "app/GameStatsKeeper.hpp"
#include "app/HostList.hpp"
#include "match/LocalMatch.hpp"
#include "match/NoMatch.hpp"
#include "match/TutorialMatch.hpp"
#include "app/NetworkPlay.hpp"
#include "app/StatsReport.hpp"
#include "app/WindowApp.hpp"
#include "app/WindowLanguage.hpp"
#include "text/Words.hpp"

#include "speed/common/Random.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <iostream>

namespace {

using namespace speed::client;

// What the window opens on: the start screen, a game against the CPU, or network play as
// setup.ini (or --join, --host) says. Null with `exitCode` set when it cannot start.
std::unique_ptr<MatchDriver> firstMatch(const ClientOptions& options, std::uint64_t seed, bool startScreen, int& exitCode) {
    if (startScreen) return std::make_unique<NoMatch>(options.rules);
    if (options.twoPlayers) {
        LocalMatchSetup setup;
        setup.rules = options.rules;
        setup.seed = seed;
        setup.mode = LocalMode::TwoPlayers;
        return std::make_unique<LocalMatch>(setup, 0);
    }
    if (options.tutorial) return std::make_unique<TutorialMatch>(0);
    if (options.vsCpu) {
        LocalMatchSetup setup;
        setup.rules = options.rules;
        setup.seed = seed;
        setup.cpuLevel = options.cpuLevel;
        setup.cpuMoves = !options.cpuIdle;
        setup.localBot = options.localBot;
        return std::make_unique<LocalMatch>(setup, 0);
    }
    NetworkSetup setup;
    if (const auto problem = networkSetupFor(options, seed, setup)) {
        std::cerr << "speed: " << describe(*problem, options.configPath) << '\n';
        exitCode = 2;
        return nullptr;
    }
    auto driver = std::make_unique<NetworkDriver>(setup, 0);
    if (options.games > 0 && !driver->failure().empty()) { // scripted: no window to show it in
        std::cerr << "speed: " << driver->failure() << '\n';
        exitCode = 1;
        return nullptr;
    }
    return driver;
}

// The highest rung of the CPU ladder beaten, from the statistics; nothing when none, or when the
// file cannot be read (the window says why once it is open).
struct LadderOnFile {
    std::optional<speed::BotLevel> highestBeaten;
    bool playedCpu = false; // any game against the CPU is on file
};
LadderOnFile ladderOnFile() {
    GameStatsKeeper keeper(&speed::store::GameStats::openDefault);
    LadderOnFile found{keeper.highestRungBeaten(), false};
    if (const auto summary = keeper.summary()) {
        for (const speed::store::OpponentSummary& opponent : summary->opponents) {
            found.playedCpu = found.playedCpu || (opponent.kind == speed::store::OpponentKind::Cpu && opponent.played > 0);
        }
    }
    return found;
}

// The report of whatever match the window showed last (the player may have switched).
int report(const WindowApp& app, int windowExit) {
    setLanguage(Language::English); // the terminal and --json are read by scripts: English
    const MatchDriver& shown = app.match();
    if (const auto* network = dynamic_cast<const NetworkDriver*>(&shown)) {
        printNetworkResults(*network, app.figures(), app.options(), std::cout);
        if (!network->failure().empty()) std::cerr << "speed: " << network->failure() << '\n';
        return windowExit != 0 ? windowExit : networkExitCode(*network, app.options());
    }
    if (dynamic_cast<const NoMatch*>(&shown) != nullptr) return windowExit;
    const ResultSummary summary = app.results();
    printResults(summary, app.options().json, std::cout);
    return windowExit != 0 ? windowExit : resultsExitCode(summary);
}

// speed --stats: no window, no display needed.
int printStatistics(bool json) {
    speed::store::OpenedStats opened = speed::store::GameStats::openDefault();
    if (!opened.error.empty()) {
        std::cerr << "speed: " << opened.error << '\n';
        return 1;
    }
    speed::store::StatsSummary summary;
    if (const std::string error = opened.stats->readSummary(summary); !error.empty()) {
        std::cerr << "speed: " << error << '\n';
        return 1;
    }
    if (json) printStatsJson(summary, opened.stats->file().string(), std::cout);
    else printStatsTable(summary, opened.stats->file().string(), std::cout);
    return 0;
}

// speed --list-hosts: no window, no display needed. The search starts with the time, as the
// finder's clock does: the listing's times are since the search began.
int listHosts(const ClientOptions& options) {
    const std::uint16_t port = options.connectFlags.port.value_or(options.settings.network.port);
    constexpr speed::TimeMs kListenMs = 3000; // three rounds: a host that misses one answers the next
    const HostListing listing = findHosts(port, kListenMs);
    if (options.json) printHostJson(listing, std::cout);
    else printHostTable(listing, std::cout);
    return listing.problem.empty() ? 0 : 1;
}

} // namespace

int main(int argc, char** argv) {
    ClientOptions options;
    if (const auto exitCode = parseClientOptions(argc, argv, options)) return *exitCode;

    // Logs go to stderr so stdout carries only the results (and --json last).
    auto logger = spdlog::stderr_color_mt("speed");
    spdlog::set_default_logger(logger);
    spdlog::set_pattern("[%H:%M:%S.%e] [%l] %v");
    spdlog::set_level(spdlog::level::from_str(options.logLevel));
    spdlog::flush_on(spdlog::level::trace);

    if (options.showStats) return printStatistics(options.json);
    if (options.listHosts) return listHosts(options);
    if (options.listCards) {
        printDecks(installedDecks(), options.json, std::cout);
        return 0;
    }
    if (options.cardsFromFlag) {
        const DeckChoice choice = chooseDeck(installedDecks(), options.cards);
        if (choice.noticeKey == "cards.not_installed") {
            std::cerr << "speed: no card deck named \"" << options.cards
                      << "\" is installed; speed --list-cards lists those that are\n";
            return 2;
        }
    }

    const FontChoice fontFiles = chooseFonts(options.fontDirectory.string(), options.japaneseFont.string(), fontconfigLookup);
    for (const MissingFace& face : fontFiles.missing) { // the window's game log says it again
        spdlog::warn("{}", trfIn(Language::English, "window.font_missing", face.wanted, face.package, face.instead));
    }
    Fonts fonts;
    if (const std::string error = loadFonts(fonts, fontFiles.latinRegular, fontFiles.latinBold); !error.empty()) {
        std::cerr << "speed: " << error << '\n';
        return 2;
    }
    const DisplayCheck display;
    if (!display.problem().empty()) {
        std::cerr << "speed: " << display.problem() << "; run it on a desktop, or headless with: xvfb-run -a speed --vs-cpu\n";
        return 2;
    }
    if (const std::string error = loadJapaneseFont(fonts, fontFiles.japanese, fontFiles.japaneseBold); !error.empty()) {
        spdlog::warn("{}: the window speaks English only", error);
    }
    // Once the window can open (without a display, its one line is all the terminal gets).
    spdlog::info("settings: {}", speed::describe(speed::SettingsFile{options.configPath, options.configSource}));
    spdlog::info("fonts: {} ({}), Japanese {} ({}{})", fonts.latinName(), fontFiles.latinRegular,
                 fonts.hasJapanese ? fonts.japaneseName() : "none", fontFiles.japanese,
                 fonts.hasJapaneseBold ? ", bold " + fontFiles.japaneseBold : std::string());
    applyLanguage(options.language, fonts.hasJapanese);
    // No --level: the CPU ladder starts where the player is (the statistics say how far).
    if (!options.cpuLevelGiven) {
        const LadderOnFile ladder = ladderOnFile();
        const std::optional<speed::BotLevel> chosen =
            options.cpuLevelInFile ? std::optional<speed::BotLevel>(options.cpuLevel) : std::nullopt;
        options.cpuLevel = ladderStartLevel(chosen, ladder.highestBeaten, ladder.playedCpu);
    }
    const std::uint64_t seed = options.seed.value_or(speed::freshDealSeed());
    const bool startScreen = opensOnStartScreen(options);
    int exitCode = 0;
    std::unique_ptr<MatchDriver> match = firstMatch(options, seed, startScreen, exitCode);
    if (!match) return exitCode;
    WindowApp app(options, fonts, fontFiles, std::move(match), startScreen);
    const int windowExit = app.run(); // the window owns the match until it is destroyed below
    return report(app, windowExit);
}
