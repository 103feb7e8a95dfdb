#pragma once

#include "speed/sim/Simulation.hpp"

#include <iosfwd>

namespace CLI {
class App;
}

namespace speed {

struct SimulateOptions {
    int games = 0;
    std::uint64_t seed = 1;
    BotLevel level = BotLevel::Max;
    RuleOptions rules;              // setup.ini's [rules]
    sim::FaultSettings faults; // the same in both directions
    bool json = false;
};

// Registers --simulate N and the fault flags (--loss, --dup, --reorder, --corrupt, --delay,
// --jitter). --seed, --level and --json are speed-server's shared flags.
void addSimulateFlags(CLI::App& app, SimulateOptions& options);

// `speed-server --simulate`: N bot-vs-bot games through the full protocol over the simulated
// network. Prints a summary and, with json, one JSON object last. Returns the exit code.
int runSimulate(const SimulateOptions& options, std::ostream& out);

} // namespace speed
