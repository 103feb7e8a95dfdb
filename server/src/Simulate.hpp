#pragma once

#include "speed/sim/Simulation.hpp"

#include <array>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
}

namespace speed {

struct SimulateOptions {
    int games = 0;
    std::uint64_t seed = 1;
    std::array<BotLevel, kSeats> levels{BotLevel::Max, BotLevel::Max}; // the host's seat, the client's
    RuleOptions rules;          // setup.ini's [rules]
    sim::FaultSettings toHost;   // the client's datagrams on their way to the host
    sim::FaultSettings toClient; // the host's on their way to the client
    bool json = false;
    int jobs = 1; // games played at once, one per thread
};

// One fault flag as given: the value for both directions (--delay) and for each (--delay-to-host,
// --delay-to-client); a direction's own value wins over both's.
template <typename T>
struct DirectedFlag {
    std::optional<T> both;
    std::optional<T> toHost;
    std::optional<T> toClient;
};

// What the command line says about --simulate: N, the fault flags and the seats' levels.
struct SimulateFlags {
    int games = 0;
    DirectedFlag<double> loss;
    DirectedFlag<double> dup;
    DirectedFlag<double> reorder;
    DirectedFlag<double> corrupt;
    DirectedFlag<TimeMs> delay;
    DirectedFlag<TimeMs> jitter;
    std::optional<std::string> hostLevel;   // --host-level
    std::optional<std::string> clientLevel; // --client-level
    int jobs = 1;                           // --jobs: 0 is one per CPU core
};

inline constexpr int kMaxSimulateJobs = 256;

// Registers --simulate N, --host-level, --client-level, --jobs and the fault flags: --loss, --dup,
// --reorder, --corrupt, --delay, --jitter for both directions, each also as NAME-to-host and
// NAME-to-client for one. --seed, --level and --json are speed-server's shared flags.
void addSimulateFlags(CLI::App& app, SimulateFlags& flags, const std::vector<std::string>& levels);

// The names of the flags addSimulateFlags registers besides --simulate (they mean nothing
// without it), and of those the fault flags alone.
std::vector<std::string> simulateOnlyFlags();
std::vector<std::string> faultFlags();

// The options the flags make: each direction's faults, each seat's level (`level`, from --level,
// unless --host-level or --client-level names the seat's own).
SimulateOptions simulateOptionsFrom(const SimulateFlags& flags, BotLevel level);

// `speed-server --simulate`: N bot-vs-bot games through the full protocol over the simulated
// network. Prints a summary (a line per seat among it) and, with json, one JSON object last:
// the totals, `seats` (per seat: level, wins and the SeatFigures summed) and `games`, one entry
// per game in seed order. Returns the exit code.
int runSimulate(const SimulateOptions& options, std::ostream& out);

} // namespace speed
