// speed-server: the headless peer. Its seat is always played by the bot.
#include "SelfPlay.hpp"
#include "Simulate.hpp"
#include "speed/common/Version.hpp"
#include "speed/settings/Settings.hpp"
#include "ServerNetworkCli.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <iostream>

namespace {


} // namespace

int main(int argc, char** argv) {
    CLI::App app{"speed-server: headless Speed peer. Its seat is played by the CPU opponent.\n"
                 "Modes:\n"
                 "  (no mode flag)  host on setup.ini's port, or with a peer in setup.ini join it,\n"
                 "                  else host (SPEC 4); --port, --wait and --games adjust it\n"
                 "  --join HOST[:PORT]  join that host as a client\n"
                 "  --selfplay N    bot-vs-bot games in-process on virtual time (no network)\n"
                 "  --simulate N    bot-vs-bot games through the protocol over a simulated hostile\n"
                 "                  network (--loss --dup --reorder --corrupt --delay --jitter)\n"
                 "Every mode plays setup.ini's [rules]; --json prints one JSON object last."};
    app.set_version_flag("--version", std::string("speed-server ") + speed::kVersion);

    std::string configPath = "setup.ini";
    std::string logLevel = "info";
    int selfplayGames = 0;
    speed::SelfPlayOptions selfplay;
    std::string level = "max";
    app.add_option("--config", configPath, "setup.ini to read")->capture_default_str();
    app.add_option("--log-level", logLevel, "trace, debug, info, warn, error or off")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
        ->capture_default_str();
    app.add_option("--selfplay", selfplayGames, "play N bot-vs-bot games in-process on virtual time")
        ->check(CLI::PositiveNumber);
    app.add_option("--seed", selfplay.seed, "seed of the first game (game i uses seed+i)")->capture_default_str();
    app.add_option("--level", level,
                   "CPU level: easy, normal, hard, max (default: max for --selfplay and --simulate, "
                   "setup.ini's [cpu] level otherwise)")
        ->check(CLI::IsMember({"easy", "normal", "hard", "max"}));
    app.add_flag("--json", selfplay.json, "print one JSON object last");
    speed::SimulateOptions simulate;
    speed::addSimulateFlags(app, simulate);
    speed::NetworkFlags network;
    speed::addNetworkFlags(app, network);

    CLI11_PARSE(app, argc, argv);
    spdlog::set_level(spdlog::level::from_str(logLevel));

    if (selfplayGames > 0 || simulate.games > 0) {
        const speed::SettingsResult loaded = speed::loadSettings(configPath);
        if (!loaded.settings) {
            std::cerr << "speed-server: " << loaded.error->describe() << '\n';
            return 2;
        }
        selfplay.rules = loaded.settings->rules;
        simulate.rules = loaded.settings->rules;
    }
    if (selfplayGames > 0) {
        selfplay.games = selfplayGames;
        selfplay.level = *speed::parseBotLevel(level);
        return speed::runSelfPlay(selfplay, std::cout);
    }
    if (simulate.games > 0) {
        simulate.seed = selfplay.seed;
        simulate.level = *speed::parseBotLevel(level);
        simulate.json = selfplay.json;
        return speed::runSimulate(simulate, std::cout);
    }
    // No other mode: host, join, or follow setup.ini's peer (SPEC 4).
    speed::CommonFlags common{configPath, std::nullopt, selfplay.seed, selfplay.json};
    if (app.count("--level") > 0) common.level = level;
    return speed::runNetworkMode(network, common);
}
