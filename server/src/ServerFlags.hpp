#pragma once

#include "SelfPlay.hpp"
#include "ServerNetworkCli.hpp"
#include "Simulate.hpp"

#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace speed {

// Everything speed-server's command line says, for every mode.
struct ServerFlags {
    std::string configPath; // --config; empty: chooseSettingsFile() decides (main resolves it)
    std::string logLevel = "info";
    int selfplayGames = 0;
    std::string level = "max";
    std::string vsLevel;     // --selfplay's opponent; empty: the same as level
    std::string arbitration; // empty: setup.ini's [rules] arbitration
    SelfPlayOptions selfplay;
    SimulateFlags simulate;
    NetworkFlags network;
};

std::vector<std::string> levelList(); // the CPU levels' words, lowest first

// Registers every flag of every mode on `app`.
void addServerFlags(CLI::App& app, ServerFlags& flags);

// After parsing: why the flags given cannot be taken together, in English (a flag that the mode
// chosen would not read, or two modes at once); empty when they can. speed-server prints it and
// exits 2, so that no flag is silently ignored.
std::string flagRefusal(const CLI::App& app);

} // namespace speed
