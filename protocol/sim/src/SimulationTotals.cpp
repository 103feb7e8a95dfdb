#include "speed/sim/Simulation.hpp"

#include <algorithm>
#include <cstdlib>

namespace speed::sim {
namespace {

constexpr std::size_t kMaxStopReasonsKept = 20;

template <typename T>
T percentile(const std::vector<T>& sorted, double fraction) {
    if (sorted.empty()) return 0;
    const auto index = static_cast<std::size_t>(fraction * static_cast<double>(sorted.size() - 1) + 0.5);
    return sorted[std::min(index, sorted.size() - 1)];
}

void addGame(SimulationTotals& totals, const SimulationReport& report, std::uint64_t seed) {
    totals.connected += report.connected ? 1 : 0;
    totals.finished += report.finished ? 1 : 0;
    totals.divergences += report.diverged ? 1 : 0;
    totals.cleanShutdowns += report.cleanShutdown ? 1 : 0;
    totals.invariantViolations += report.invariantViolations;
    if (totals.firstViolation.empty() && !report.firstViolation.empty()) {
        totals.firstViolation = "game seed " + std::to_string(seed) + ": " + report.firstViolation;
    }
    if (report.finished) {
        switch (report.result) {
        case GameResult::Seat0Wins: ++totals.wins[0]; break;
        case GameResult::Seat1Wins: ++totals.wins[1]; break;
        case GameResult::Draw: ++totals.draws; break;
        case GameResult::Playing: break;
        }
    } else if (totals.stopReasons.size() < kMaxStopReasonsKept) {
        const std::string prefix = "game seed " + std::to_string(seed) + ": ";
        if (!report.hostStopReason.empty()) totals.stopReasons.push_back(prefix + "host: " + report.hostStopReason);
        if (!report.clientStopReason.empty()) totals.stopReasons.push_back(prefix + "client: " + report.clientStopReason);
        if (report.hostStopReason.empty() && report.clientStopReason.empty()) {
            totals.stopReasons.push_back(prefix + "abandoned after " + std::to_string(report.durationMs) + " virtual ms");
        }
    }
    totals.datagramsSent += report.datagramsSent;
    totals.resends += report.resends;
    totals.proposals += report.proposals;
    totals.rejections += report.rejections;
    totals.refusedTransitions += report.refusedTransitions;
    totals.virtualMs += report.durationMs;
}

} // namespace

SimulationTotals simulateGames(const SimulationSetup& first, int games) {
    SimulationTotals totals;
    totals.games = games;
    std::vector<TimeMs> confirmations;
    std::vector<std::int64_t> trueLeads;
    std::vector<std::int64_t> leadErrors;
    for (int game = 0; game < games; ++game) {
        SimulationSetup setup = first;
        setup.seed = first.seed + static_cast<std::uint64_t>(game);
        const SimulationReport report = simulateGame(setup);
        addGame(totals, report, setup.seed);
        confirmations.insert(confirmations.end(), report.confirmMs.begin(), report.confirmMs.end());
        for (const SimulationReport::LostRace& race : report.clientLostRaces) {
            trueLeads.push_back(race.trueLeadUs);
            leadErrors.push_back(std::abs(race.reportedLeadUs - race.trueLeadUs));
            if (race.trueLeadUs < 0) ++totals.clientLostRacesMadeFirst;
        }
    }
    totals.clientLostRaces = static_cast<long long>(trueLeads.size());
    std::sort(trueLeads.begin(), trueLeads.end());
    std::sort(leadErrors.begin(), leadErrors.end());
    totals.trueLeadP50Us = percentile(trueLeads, 0.50);
    totals.leadErrorP50Us = percentile(leadErrors, 0.50);
    totals.leadErrorP99Us = percentile(leadErrors, 0.99);
    totals.leadErrorMaxUs = leadErrors.empty() ? 0 : leadErrors.back();
    std::sort(confirmations.begin(), confirmations.end());
    totals.confirmations = static_cast<long long>(confirmations.size());
    totals.confirmP50Ms = percentile(confirmations, 0.50);
    totals.confirmP99Ms = percentile(confirmations, 0.99);
    totals.confirmMaxMs = confirmations.empty() ? 0 : confirmations.back();
    return totals;
}

} // namespace speed::sim
