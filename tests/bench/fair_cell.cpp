// One fair-races cell with different delays and jitter each way, which speed-server's
// --simulate does not take yet: identical normal bots through the protocol simulator, seeded,
// on virtual time. Prints one line: the host's share of the decided games with its 95%
// interval, the host bias, the order accuracy and the contested races, and whether the tables
// stayed one. Used by hand beside tests/bench/fair_races.py.
// Usage: fair-cell GAMES SEED DELAY_TO_HOST JITTER_TO_HOST DELAY_TO_CLIENT JITTER_TO_CLIENT
#include "speed/sim/Simulation.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
    using namespace speed;
    if (argc != 7) {
        std::fprintf(stderr, "usage: fair-cell GAMES SEED DELAY_TO_HOST JITTER_TO_HOST DELAY_TO_CLIENT JITTER_TO_CLIENT\n");
        return 2;
    }
    const int games = std::atoi(argv[1]);
    sim::SimulationSetup setup;
    setup.seed = std::strtoull(argv[2], nullptr, 10);
    setup.levels = {BotLevel::Normal, BotLevel::Normal};
    setup.rules.arbitration = Arbitration::Fair;
    setup.clientToHost.delayMs = std::atoi(argv[3]);
    setup.clientToHost.jitterMs = std::atoi(argv[4]);
    setup.hostToClient.delayMs = std::atoi(argv[5]);
    setup.hostToClient.jitterMs = std::atoi(argv[6]);
    const sim::SimulationTotals t = sim::simulateGames(setup, games);
    const int decided = t.wins[0] + t.wins[1];
    const double share = decided > 0 ? static_cast<double>(t.wins[0]) / decided : 0.5;
    const double half = decided > 0 ? 1.96 * std::sqrt(share * (1 - share) / decided) : 0;
    std::printf("to host %s+%s ms, to client %s+%s ms: host wins %.4f (%.4f-%.4f) of %d decided, bias %+.2f ms, "
                "order %.2f%% of %lld ordered races (%lld contested), divergences %d, invariant violations %lld\n",
                argv[3], argv[4], argv[5], argv[6], share, share - half, share + half, decided, t.hostBiasMs,
                100 * t.orderAccuracy, t.orderedRaces, t.contestedRaces, t.divergences, t.invariantViolations);
    return t.divergences == 0 && t.invariantViolations == 0 ? 0 : 1;
}
