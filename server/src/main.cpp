// speed-server: the headless peer. Its seat is always played by the bot.
#include "SelfPlay.hpp"
#include "ServerFlags.hpp"
#include "ServerNetworkCli.hpp"
#include "Simulate.hpp"
#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsFile.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <iostream>
#include <string>

namespace {

constexpr const char* kDescription =
    "speed-server: headless Speed peer. Its seat is played by the CPU opponent.\n"
    "Modes:\n"
    "  (no mode flag)  host on setup.ini's port, or with a peer in setup.ini join it,\n"
    "                  else host; --port, --wait, --grace and --games adjust it\n"
    "  --join HOST[:PORT]  join that host as a client\n"
    "  --selfplay N    bot-vs-bot games in-process on virtual time (no network);\n"
    "                  --level A --vs-level B: level A against level B, seats alternating\n"
    "  --simulate N    bot-vs-bot games through the protocol over a simulated hostile\n"
    "                  network (--loss --dup --reorder --corrupt --delay --jitter, each\n"
    "                  also NAME-to-host and NAME-to-client for one direction);\n"
    "                  --host-level and --client-level give each seat its level;\n"
    "                  --jobs N plays N games at once (same results, N cores)\n"
    "Every mode plays setup.ini's [rules]; --json prints one JSON object last.\n"
    "A flag the chosen mode does not read is refused (exit 2).";

// --selfplay and --simulate: bot against bot on virtual time, with setup.ini's rules.
int runOffline(speed::ServerFlags& flags) {
    const speed::SettingsResult loaded = speed::loadSettings(flags.configPath);
    if (!loaded.settings) {
        std::cerr << "speed-server: " << loaded.error->describe() << '\n';
        return 2;
    }
    const speed::BotLevel level = *speed::parseBotLevel(flags.level);
    if (flags.selfplayGames > 0) {
        flags.selfplay.rules = loaded.settings->rules;
        flags.selfplay.games = flags.selfplayGames;
        flags.selfplay.level = level;
        flags.selfplay.vsLevel = flags.vsLevel.empty() ? level : *speed::parseBotLevel(flags.vsLevel);
        return speed::runSelfPlay(flags.selfplay, std::cout);
    }
    speed::SimulateOptions simulate = speed::simulateOptionsFrom(flags.simulate, level);
    simulate.rules = loaded.settings->rules;
    if (!flags.arbitration.empty()) simulate.rules.arbitration = *speed::parseArbitration(flags.arbitration);
    simulate.seed = flags.selfplay.seed;
    simulate.json = flags.selfplay.json;
    return speed::runSimulate(simulate, std::cout);
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{kDescription};
    speed::ServerFlags flags;
    speed::addServerFlags(app, flags);
    CLI11_PARSE(app, argc, argv);
    flags.configPath = speed::chooseSettingsFile(app.count("--config") > 0 ? std::optional(flags.configPath) : std::nullopt).path;
    if (const std::string refusal = speed::flagRefusal(app); !refusal.empty()) {
        std::cerr << "speed-server: " << refusal << '\n';
        return 2;
    }
    spdlog::set_level(spdlog::level::from_str(flags.logLevel));
    if (flags.selfplayGames > 0 || flags.simulate.games > 0) return runOffline(flags);
    // No other mode: host, join, or follow setup.ini's peer.
    // A match over the network deals from a fresh seed unless one is given: the same first deal
    // every time would be no game. --selfplay and --simulate keep theirs (1) so that runs repeat.
    speed::CommonFlags common{flags.configPath, std::nullopt, std::nullopt, flags.selfplay.json, std::nullopt};
    if (app.count("--seed") > 0) common.seed = flags.selfplay.seed;
    if (app.count("--level") > 0) common.level = flags.level;
    if (!flags.arbitration.empty()) common.arbitration = speed::parseArbitration(flags.arbitration);
    return speed::runNetworkMode(flags.network, common);
}
