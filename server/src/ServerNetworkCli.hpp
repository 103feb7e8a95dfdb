#pragma once

#include "speed/common/RuleOptions.hpp"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace speed {

// speed-server's network flags: --join, --port, --games, --wait, --grace, --no-resume.
struct NetworkFlags {
    std::string join;           // HOST[:PORT]: join only
    std::optional<int> port;    // overrides setup.ini's port
    std::optional<int> waitSeconds; // overrides setup.ini's wait
    std::optional<int> graceSeconds; // overrides setup.ini's grace
    int games = 0;
    bool noResume = false; // keep no ticket or journal: the match ends with this process
    bool noAnnounce = false; // a waiting host does not answer the LAN's searches
};

void addNetworkFlags(CLI::App& app, NetworkFlags& flags);

// What main already parsed and the network mode needs too.
struct CommonFlags {
    std::string configPath;
    std::optional<std::string> level; // --level when given; else setup.ini's [cpu] level
    std::optional<std::uint64_t> seed; // --seed when given; else a fresh one each run
    bool json = false;
    std::optional<Arbitration> arbitration; // --arbitration when given; else setup.ini's [rules]
};

// Host, join, or setup.ini's peer procedure. Returns the exit code (2: bad setup.ini or flags).
int runNetworkMode(const NetworkFlags& flags, const CommonFlags& common);

} // namespace speed
