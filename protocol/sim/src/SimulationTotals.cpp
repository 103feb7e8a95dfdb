#include "speed/sim/Simulation.hpp"

#include <algorithm>
#include <cstdlib>

namespace speed::sim {
namespace {

constexpr std::size_t kMaxStopReasonsKept = 20; // lines of stopReasonLines, give or take the last game's second

template <typename T>
T percentile(const std::vector<T>& sorted, double fraction) {
    if (sorted.empty()) return 0;
    const auto index = static_cast<std::size_t>(fraction * static_cast<double>(sorted.size() - 1) + 0.5);
    return sorted[std::min(index, sorted.size() - 1)];
}

// The lines stopReasonLines makes of `games`: one per side that stopped, at least one a game.
std::size_t stopLineCount(const std::vector<StoppedGame>& games) {
    std::size_t lines = 0;
    for (const StoppedGame& game : games) {
        lines += std::max<std::size_t>(1, (game.host ? 1U : 0U) + (game.client ? 1U : 0U));
    }
    return lines;
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
    } else if (stopLineCount(totals.stoppedGames) < kMaxStopReasonsKept) {
        totals.stoppedGames.push_back({seed, report.hostStop, report.clientStop, report.durationMs});
    }
    totals.datagramsSent += report.datagramsSent;
    totals.resends += report.resends;
    totals.proposals += report.proposals;
    totals.rejections += report.rejections;
    totals.refusedTransitions += report.refusedTransitions;
    totals.virtualMs += report.durationMs;
    totals.plays += report.plays;
    totals.rollbacks += report.rollbacks;
    for (std::size_t seat = 0; seat < totals.seats.size(); ++seat) {
        SeatFigures& sum = totals.seats[seat];
        const SeatFigures& game = report.seats[seat];
        sum.actions += game.actions;
        sum.cardsPlayed += game.cardsPlayed;
        sum.proposals += game.proposals;
        sum.refusals += game.refusals;
        sum.racesWon += game.racesWon;
        sum.racesLost += game.racesLost;
        sum.rollbacks += game.rollbacks;
    }
}

} // namespace

SimulationTally::SimulationTally(int games) { m_totals.games = games; }

void SimulationTally::add(std::uint64_t seed, const SimulationReport& report) {
    addGame(m_totals, report, seed);
    m_confirmations.insert(m_confirmations.end(), report.confirmMs.begin(), report.confirmMs.end());
    m_lags.push_back(report.lagUs);
    m_ties.push_back(report.tieUs);
    for (const SimulationReport::Race& race : report.races) {
        m_races.push_back(race);
        if (std::abs(race.clientLaterUs) <= report.tieUs) continue;
        ++m_totals.orderedRaces;
        if ((race.clientLaterUs > 0) == race.hostWon) ++m_earlierWon;
    }
    for (const SimulationReport::LostRace& race : report.clientLostRaces) {
        m_trueLeads.push_back(race.trueLeadUs);
        m_leadErrors.push_back(std::abs(race.reportedLeadUs - race.trueLeadUs));
        if (race.trueLeadUs < 0) ++m_totals.clientLostRacesMadeFirst;
    }
}

SimulationTotals SimulationTally::finish() && {
    SimulationTotals totals = std::move(m_totals);
    totals.contestedRaces = static_cast<long long>(m_races.size());
    totals.orderAccuracy = totals.orderedRaces == 0 ? 1.0 : static_cast<double>(m_earlierWon) / static_cast<double>(totals.orderedRaces);
    totals.hostBiasMs = hostBiasMs(std::move(m_races));
    std::sort(m_lags.begin(), m_lags.end());
    std::sort(m_ties.begin(), m_ties.end());
    totals.lagP50Us = percentile(m_lags, 0.50);
    totals.lagMaxUs = m_lags.empty() ? 0 : m_lags.back();
    totals.tieP50Us = percentile(m_ties, 0.50);
    totals.clientLostRaces = static_cast<long long>(m_trueLeads.size());
    std::sort(m_trueLeads.begin(), m_trueLeads.end());
    std::sort(m_leadErrors.begin(), m_leadErrors.end());
    totals.trueLeadP50Us = percentile(m_trueLeads, 0.50);
    totals.leadErrorP50Us = percentile(m_leadErrors, 0.50);
    totals.leadErrorP99Us = percentile(m_leadErrors, 0.99);
    totals.leadErrorMaxUs = m_leadErrors.empty() ? 0 : m_leadErrors.back();
    std::sort(m_confirmations.begin(), m_confirmations.end());
    totals.confirmations = static_cast<long long>(m_confirmations.size());
    totals.confirmP50Ms = percentile(m_confirmations, 0.50);
    totals.confirmP99Ms = percentile(m_confirmations, 0.99);
    totals.confirmMaxMs = m_confirmations.empty() ? 0 : m_confirmations.back();
    return totals;
}

SimulationSetup gameSetup(const SimulationSetup& first, int game) {
    SimulationSetup setup = first;
    setup.seed = first.seed + static_cast<std::uint64_t>(game);
    return setup;
}

SimulationTotals simulateGames(const SimulationSetup& first, int games,
                               const std::function<void(std::uint64_t, const SimulationReport&)>& onGame) {
    SimulationTally tally(games);
    for (int game = 0; game < games; ++game) {
        const SimulationSetup setup = gameSetup(first, game);
        const SimulationReport report = simulateGame(setup);
        tally.add(setup.seed, report);
        if (onGame) onGame(setup.seed, report);
    }
    return std::move(tally).finish();
}

double hostBiasMs(std::vector<SimulationReport::Race> races) {
    if (races.empty()) return 0;
    // Races of one client-later value form one group: the step lies between two distinct values,
    // never inside a group, so the fit depends only on how many races of each value the host won
    // and lost, not on the order the races came in.
    std::sort(races.begin(), races.end(), [](const auto& a, const auto& b) { return a.clientLaterUs < b.clientLaterUs; });
    struct Group {
        std::int64_t clientLaterUs = 0;
        long long change = 0; // moving the step past this group: +1 per race the host won, -1 per race it lost
    };
    std::vector<Group> groups;
    for (const SimulationReport::Race& race : races) {
        if (groups.empty() || groups.back().clientLaterUs != race.clientLaterUs) groups.push_back({race.clientLaterUs, 0});
        groups.back().change += race.hostWon ? 1 : -1;
    }
    // A step at t: the host is said to win every race with clientLater > t. Misplaced with the
    // step below the first group: every race the host lost; moving it past each group changes
    // that by the group's change.
    long long misplaced = std::count_if(races.begin(), races.end(), [](const auto& r) { return !r.hostWon; });
    long long best = misplaced;
    std::size_t bestFrom = 0; // the step lies between groups[bestFrom - 1] and groups[bestFrom]
    std::size_t bestTo = 0;   // ... and every position up to bestTo is as good
    for (std::size_t i = 0; i < groups.size(); ++i) {
        misplaced += groups[i].change;
        if (misplaced < best) {
            best = misplaced;
            bestFrom = bestTo = i + 1;
        } else if (misplaced == best && bestTo == i) {
            bestTo = i + 1;
        }
    }
    const auto at = [&](std::size_t position) -> double {
        // Position p is the gap between groups[p - 1] and groups[p]; its middle, ms.
        const double below = static_cast<double>(groups[position == 0 ? 0 : position - 1].clientLaterUs);
        const double above = static_cast<double>(groups[position == groups.size() ? groups.size() - 1 : position].clientLaterUs);
        return (below + above) / 2.0 / 1000.0;
    };
    // Host bias: how much later than the client the host may be and still win; the step at t
    // (client later by t) means the host wins from t on, so its bias is -t.
    return -(at(bestFrom) + at(bestTo)) / 2.0;
}

std::vector<std::string> stopReasonLines(const std::vector<StoppedGame>& games) {
    std::vector<std::string> lines;
    for (const StoppedGame& game : games) {
        const std::string prefix = "game seed " + std::to_string(game.seed) + ": ";
        if (game.host) lines.push_back(prefix + "host: " + protocol::describe(*game.host));
        if (game.client) lines.push_back(prefix + "client: " + protocol::describe(*game.client));
        if (!game.host && !game.client) {
            lines.push_back(prefix + "abandoned after " + std::to_string(game.durationMs) + " virtual ms");
        }
    }
    return lines;
}

} // namespace speed::sim
