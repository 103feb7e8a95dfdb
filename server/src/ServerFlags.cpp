#include "ServerFlags.hpp"

#include "speed/settings/SettingsFile.hpp"

#include "speed/common/Version.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <limits>

namespace speed {
namespace {

// The flags only hosting or joining reads.
const std::vector<std::string> kNetworkOnly{"--join", "--port", "--wait", "--grace", "--no-resume", "--games"};

// The first of `names` given on the command line, or empty.
std::string firstGiven(const CLI::App& app, const std::vector<std::string>& names) {
    const auto given =
        std::find_if(names.begin(), names.end(), [&](const std::string& name) { return app.count(name) > 0; });
    return given == names.end() ? std::string() : *given;
}

} // namespace

std::vector<std::string> levelList() {
    std::vector<std::string> words;
    for (BotLevel level : allBotLevels())
        words.emplace_back(toString(level));
    return words;
}

namespace {

std::string levelWords() {
    std::string text;
    for (const std::string& word : levelList())
        text += (text.empty() ? "" : ", ") + word;
    return text;
}

} // namespace

void addServerFlags(CLI::App& app, ServerFlags& flags) {
    app.set_version_flag("--version", std::string("speed-server ") + kVersion);
    app.add_option("--config", flags.configPath, settingsFileHelp());
    app.add_option("--log-level", flags.logLevel, "trace, debug, info, warn, error or off")
        ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
        ->capture_default_str();
    app.add_option("--selfplay", flags.selfplayGames, "play N bot-vs-bot games in-process on virtual time")
        ->check(CLI::Range(1, std::numeric_limits<int>::max()));
    app.add_option("--seed", flags.selfplay.seed,
                   "seed of the first game (game i uses seed+i); default 1 with --selfplay and --simulate, "
                   "a fresh one each run when hosting or joining");
    app.add_option("--level", flags.level,
                   "CPU level: " + levelWords() +
                       " (max: the test bot; default: max for --selfplay and "
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
    addSimulateFlags(app, flags.simulate, levelList());
    addNetworkFlags(app, flags.network);
}

std::string flagRefusal(const CLI::App& app) {
    const bool selfplay = app.count("--selfplay") > 0;
    const bool simulate = app.count("--simulate") > 0;
    if (selfplay && simulate) return "--selfplay and --simulate are two modes: give one of them";
    if (simulate) {
        if (app.count("--vs-level") > 0) {
            return "--vs-level is --selfplay's; with --simulate give the client's seat its level with --client-level "
                   "(and the host's with --host-level)";
        }
        if (const std::string flag = firstGiven(app, kNetworkOnly); !flag.empty()) {
            return flag + " is for hosting or joining; --simulate plays on a simulated network";
        }
        if (app.count("--level") > 0 && app.count("--host-level") > 0 && app.count("--client-level") > 0) {
            return "--level would set no seat: --host-level and --client-level give both seats their levels";
        }
        return {};
    }
    if (selfplay) {
        if (const std::string flag = firstGiven(app, faultFlags()); !flag.empty()) {
            return flag + " is --simulate's; --selfplay plays in-process with no network";
        }
        if (const std::string flag = firstGiven(app, {"--host-level", "--client-level"}); !flag.empty()) {
            return flag +
                   " is --simulate's; --selfplay alternates the seats: give the levels with --level and --vs-level";
        }
        if (app.count("--arbitration") > 0) return "--arbitration decides races over a network; --selfplay has none";
        if (app.count("--jobs") > 0) return "--jobs is --simulate's; --selfplay plays its games one after another";
        if (const std::string flag = firstGiven(app, kNetworkOnly); !flag.empty()) {
            return flag + " is for hosting or joining; --selfplay plays in-process with no network";
        }
        return {};
    }
    if (const std::string flag = firstGiven(app, faultFlags()); !flag.empty()) {
        return flag + " is --simulate's; hosting and joining play on the real network";
    }
    if (const std::string flag = firstGiven(app, {"--host-level", "--client-level"}); !flag.empty()) {
        return flag + " is --simulate's; hosting and joining play one seat: give its level with --level";
    }
    if (app.count("--vs-level") > 0) return "--vs-level is --selfplay's; hosting and joining play one seat (--level)";
    if (app.count("--jobs") > 0) return "--jobs is --simulate's; hosting and joining play one match";
    return {};
}

} // namespace speed
