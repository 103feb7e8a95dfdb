// speed: the SFML window. Parses flags, checks fonts and the display, runs the table.
#include "render/CardArt.hpp"
#include "app/ClientOptions.hpp"
#include "app/Display.hpp"
#include "match/LocalMatch.hpp"
#include "app/NetworkPlay.hpp"
#include "app/WindowApp.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <chrono>
#include <iostream>

namespace {

// Without --vs-cpu: find the other player by setup.ini (or --join) and play over UDP.
int playNetwork(const speed::client::ClientOptions& options, const speed::client::Fonts& fonts, std::uint64_t seed) {
    using namespace speed::client;
    NetworkSetup setup;
    if (const auto problem = networkSetupFor(options, seed, setup)) {
        std::cerr << "speed: " << *problem << '\n';
        return 2;
    }
    auto driver = std::make_unique<NetworkDriver>(setup, 0);
    NetworkDriver& match = *driver;
    if (options.games > 0 && !match.failure().empty()) { // scripted: no window to show it in
        std::cerr << "speed: " << match.failure() << '\n';
        return 1;
    }
    WindowApp app(options, fonts, std::move(driver));
    const int windowExit = app.run(); // the window owns the driver until it is destroyed below
    printNetworkResults(match, app.figures(), options, std::cout);
    if (!match.failure().empty()) std::cerr << "speed: " << match.failure() << '\n';
    return windowExit != 0 ? windowExit : networkExitCode(match, options);
}

} // namespace

int main(int argc, char** argv) {
    using namespace speed::client;
    ClientOptions options;
    if (const auto exitCode = parseClientOptions(argc, argv, options)) return *exitCode;

    // Logs go to stderr so stdout carries only the results (and --json last).
    auto logger = spdlog::stderr_color_mt("speed");
    spdlog::set_default_logger(logger);
    spdlog::set_pattern("[%H:%M:%S.%e] [%l] %v");
    spdlog::set_level(spdlog::level::from_str(options.logLevel));
    spdlog::flush_on(spdlog::level::trace);

    Fonts fonts;
    if (const std::string error = loadFonts(fonts, options.fontDirectory); !error.empty()) {
        std::cerr << "speed: " << error << '\n';
        return 2;
    }
    const DisplayCheck display;
    if (!display.problem().empty()) {
        std::cerr << "speed: " << display.problem() << "; run it on a desktop, or headless with: xvfb-run -a speed --vs-cpu\n";
        return 2;
    }
    const std::uint64_t seed = options.seed.value_or(static_cast<std::uint64_t>(
        std::chrono::system_clock::now().time_since_epoch().count()) % 1'000'000);
    if (!options.vsCpu) return playNetwork(options, fonts, seed);
    LocalMatchSetup setup;
    setup.rules = options.rules;
    setup.seed = seed;
    setup.cpuLevel = options.cpuLevel;
    setup.cpuMoves = !options.cpuIdle;
    setup.localBot = options.localBot;
    WindowApp app(options, fonts, std::make_unique<LocalMatch>(setup, 0));
    const int windowExit = app.run();
    const ResultSummary summary = app.results();
    printResults(summary, options.json, std::cout);
    return windowExit != 0 ? windowExit : resultsExitCode(summary);
}
