// speed-server: the headless peer. Its seat is always played by the bot.
#include "SelfPlay.hpp"
#include "ServerNetworkCli.hpp"
#include "Simulate.hpp"
#include "speed/common/Version.hpp"
#include "speed/settings/Settings.hpp"

#include <CLI/CLI.hpp>
#include <spdlog/spdlog.h>

#include <iostream>
#include <string>
#include <vector>

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
    "                  network (--loss --dup --reorder --corrupt --delay --jitter)\n"
    "Every mode plays setup.ini's [rules]; --json prints one JSON object last.";

struct ServerFlags {
    std::string configPath = "setup.ini";
    std::string logLevel = "info";
    int selfplayGames = 0;
    std::string level = "max";
    std::string vsLevel; // --selfplay's opponent; empty: the same as level
    std::string arbitration; // empty: setup.ini's [rules] arbitration
    speed::SelfPlayOptions selfplay;
    speed::SimulateOptions simulate;
    speed::NetworkFlags network;
};

std::vector<std::string> levelList() {
    std::vector<std::string> words;
    for (speed::BotLevel level : speed::allBotLevels()) words.emplace_back(speed::toString(level));
    return words;
}

std::string levelWords() {
    std::string text;
    for (const std::string& word : levelList()) text += (text.empty() ? "" : ", ") + word;
    return text;
}

void addFlags(CLI::App& app, ServerFlags& flags) {
    app.set_version_flag("--version", std::string("speed-server ") + speed::kVersion);
    app.add_option("--config", flags.configPath, "setup.ini to read")->capture_default_str();
    app.add_option("--log-level", flags.logLevel, "trace, debug, info, warn, error or off")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
        ->capture_default_str();
    app.add_option("--selfplay", flags.selfplayGames, "play N bot-vs-bot games in-process on virtual time")
        ->check(CLI::PositiveNumber);
    app.add_option("--seed", flags.selfplay.seed, "seed of the first game (game i uses seed+i)")->capture_default_str();
    app.add_option("--level", flags.level,
                   "CPU level: " + levelWords() + " (max: the test bot; default: max for --selfplay and "
                   "--simulate, setup.ini's [cpu] level otherwise)")
        ->check(CLI::IsMember(levelList()));
    app.add_option("--vs-level", flags.vsLevel,
                   "with --selfplay: the level playing against --level (default: the same)")
        ->check(CLI::IsMember(levelList()));
    app.add_option("--arbitration", flags.arbitration,
                   "how the host decides two plays on one pile: fair (who was first on the synchronised clock, "
                   "after a short lag both seats share) or first-arrival (whose play reached the host first); "
                   "default: setup.ini's [rules] arbitration")
        ->check(CLI::IsMember({"fair", "first-arrival"}));
    app.add_flag("--json", flags.selfplay.json, "print one JSON object last");
    speed::addSimulateFlags(app, flags.simulate);
    speed::addNetworkFlags(app, flags.network);
}

// --selfplay and --simulate: bot against bot on virtual time, with setup.ini's rules.
int runOffline(ServerFlags& flags) {
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
    flags.simulate.rules = loaded.settings->rules;
    if (!flags.arbitration.empty()) flags.simulate.rules.arbitration = *speed::parseArbitration(flags.arbitration);
    flags.simulate.seed = flags.selfplay.seed;
    flags.simulate.level = level;
    flags.simulate.json = flags.selfplay.json;
    return speed::runSimulate(flags.simulate, std::cout);
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{kDescription};
    ServerFlags flags;
    addFlags(app, flags);
    CLI11_PARSE(app, argc, argv);
    spdlog::set_level(spdlog::level::from_str(flags.logLevel));
    if (flags.selfplayGames > 0 || flags.simulate.games > 0) return runOffline(flags);
    // No other mode: host, join, or follow setup.ini's peer.
    speed::CommonFlags common{flags.configPath, std::nullopt, flags.selfplay.seed, flags.selfplay.json, std::nullopt};
    if (app.count("--level") > 0) common.level = flags.level;
    if (!flags.arbitration.empty()) common.arbitration = speed::parseArbitration(flags.arbitration);
    return speed::runNetworkMode(flags.network, common);
}
