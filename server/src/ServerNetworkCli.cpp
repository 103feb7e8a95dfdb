#include "ServerNetworkCli.hpp"

#include "NetworkMatch.hpp"
#include "speed/common/Random.hpp"
#include "speed/net/ConnectOptions.hpp"
#include "speed/settings/Settings.hpp"
#include "speed/store/FileMatchKeeper.hpp"
#include "speed/store/XdgDirs.hpp"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <iostream>
#include <limits>

namespace speed {

void addNetworkFlags(CLI::App& app, NetworkFlags& flags) {
    app.add_option("--join", flags.join, "join the host at HOST[:PORT] as a client (port default: setup.ini's)");
    app.add_option("--port", flags.port, "UDP port to host on and to join (overrides setup.ini)")
        ->check(CLI::Range(1, 65535));
    app.add_option("--wait", flags.waitSeconds, "seconds to wait for the other player (overrides setup.ini)")
        ->check(CLI::Range(1, NetworkSettings::kMaxWaitSeconds));
    app.add_option("--grace", flags.graceSeconds,
                   "seconds a match is kept while nothing is heard from the other player (overrides setup.ini)")
        ->check(CLI::Range(NetworkSettings::kMinGraceSeconds, NetworkSettings::kMaxGraceSeconds));
    app.add_flag("--no-announce", flags.noAnnounce,
                 "while hosting, do not answer players on the LAN who look for a host (setup.ini's [network] announce = off)");
    app.add_flag("--no-resume", flags.noResume,
                 "keep no resume ticket or match journal: a killed speed-server cannot come back to its match");
    app.add_option("--games", flags.games,
                   "with host or join: end the session and exit once game N of the match is over (the match's "
                   "game numbers: a program restarted during game g plays games g to N; a new player after a "
                   "match was given up gets N games); --json's results and result_games are the games this "
                   "program saw end, match_games the match's last game")
        ->check(CLI::Range(0, std::numeric_limits<int>::max()));
}

namespace {

ConnectFlags connectFlagsOf(const NetworkFlags& flags) {
    ConnectFlags connect;
    if (!flags.join.empty()) connect.join = flags.join;
    if (flags.port) connect.port = static_cast<std::uint16_t>(*flags.port);
    connect.waitSeconds = flags.waitSeconds;
    connect.graceSeconds = flags.graceSeconds;
    connect.noAnnounce = flags.noAnnounce;
    return connect;
}

} // namespace

int runNetworkMode(const NetworkFlags& flags, const CommonFlags& common) {
    // Logs go to stderr: stdout carries progress lines and, with --json, the JSON object last.
    auto logger = spdlog::stderr_color_mt("speed-server");
    logger->set_level(spdlog::get_level());
    spdlog::set_default_logger(logger);

    const auto loaded = loadSettings(common.configPath);
    if (!loaded.settings) {
        std::cerr << "speed-server: " << loaded.error->describe() << '\n';
        return 2;
    }
    if (!loaded.warning.empty()) spdlog::warn("{}", loaded.warning);
    const Settings& settings = *loaded.settings;
    ConnectOptionsResult made = connectOptionsFrom(settings, connectFlagsOf(flags));
    if (made.problem) {
        std::cerr << "speed-server: " << describe(*made.problem, common.configPath) << '\n';
        return 2;
    }
    NetworkMatchOptions options;
    options.connect = std::move(made.options);
    options.connect.session.rules = settings.rules;
    if (common.arbitration) options.connect.session.rules.arbitration = *common.arbitration;
    const std::uint64_t seed = common.seed.value_or(freshDealSeed());
    spdlog::info("seed {} for the deals it hosts and its CPU's choices (--seed {} repeats them)", seed, seed);
    options.connect.session.dealSeed = seed;
    options.connect.session.reportDatagrams = spdlog::should_log(spdlog::level::trace);
    options.level = common.level ? *parseBotLevel(*common.level) : settings.cpuLevel;
    options.seed = seed;
    options.games = flags.games;
    options.json = common.json;
    // The ticket and the journal that let a killed speed-server come back to its match.
    store::FileMatchKeeper keeper(
        store::stateDir(), [](const store::StoreProblem& problem) { spdlog::warn("{}", store::describe(problem)); },
        [](const std::string& news) { spdlog::info("{}", news); });
    if (flags.noResume) spdlog::debug("--no-resume: no ticket or journal is kept");
    else if (keeper.stateDir().empty()) spdlog::warn("no state folder (HOME is not set): a restarted program cannot come back to its match");
    else options.connect.keeper = &keeper;
    return runNetworkMatch(options, std::cout, std::cerr);
}

} // namespace speed
