#include "Simulate.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ostream>

namespace speed {
namespace {

// The host's share of the decided games with its Wilson 95% interval (sound near 0 and 1 too).
struct SeatShare {
    double rate = 0;
    double low = 0;
    double high = 0;
    int decided = 0;
};

SeatShare hostShare(const sim::SimulationTotals& totals) {
    SeatShare share;
    share.decided = totals.wins[0] + totals.wins[1];
    if (share.decided == 0) return share;
    constexpr double kZ = 1.959964; // 95%
    const double n = share.decided;
    const double p = totals.wins[0] / n;
    const double centre = (p + kZ * kZ / (2 * n)) / (1 + kZ * kZ / n);
    const double half = kZ * std::sqrt(p * (1 - p) / n + kZ * kZ / (4 * n * n)) / (1 + kZ * kZ / n);
    share.rate = p;
    share.low = std::max(0.0, centre - half);
    share.high = std::min(1.0, centre + half);
    return share;
}

double perThousand(long long count, long long of) {
    return of > 0 ? 1000.0 * static_cast<double>(count) / static_cast<double>(of) : 0.0;
}

nlohmann::json toJson(const SimulateOptions& options, const sim::SimulationTotals& totals, double seconds) {
    const SeatShare host = hostShare(totals);
    const sim::FaultSettings& f = options.faults;
    return {
        {"games", totals.games},
        {"seed", options.seed},
        {"level", std::string(toString(options.level))},
        {"faults", {{"loss", f.lossRate}, {"dup", f.duplicateRate}, {"reorder", f.reorderRate},
                    {"corrupt", f.corruptRate}, {"delay_ms", f.delayMs}, {"jitter_ms", f.jitterMs}}},
        {"connected", totals.connected},
        {"finished", totals.finished},
        {"divergences", totals.divergences},
        {"invariant_violations", totals.invariantViolations},
        {"wins", {totals.wins[0], totals.wins[1]}},
        {"host_win_rate", host.rate},
        {"host_win_rate_ci95", {host.low, host.high}},
        {"arbitration", std::string(toString(options.rules.arbitration))},
        {"contested_races", totals.contestedRaces},
        {"host_bias_ms", totals.hostBiasMs},
        {"order_accuracy", totals.orderAccuracy},
        {"ordered_races", totals.orderedRaces},
        {"rollbacks", totals.rollbacks},
        {"rollbacks_per_1000_plays", perThousand(totals.rollbacks, totals.plays)},
        {"local_lag_ms", {{"p50", static_cast<double>(totals.lagP50Us) / 1000.0}, {"max", static_cast<double>(totals.lagMaxUs) / 1000.0}}},
        {"tie_window_ms", static_cast<double>(totals.tieP50Us) / 1000.0},
        {"races", {{"client_lost", totals.clientLostRaces},
                   {"client_lost_per_1000_client_plays",
                    perThousand(totals.clientLostRaces, totals.proposals)},
                   {"client_lost_though_first", totals.clientLostRacesMadeFirst},
                   {"winner_lead_p50_ms", static_cast<double>(totals.trueLeadP50Us) / 1000.0},
                   {"lead_error_ms", {{"p50", static_cast<double>(totals.leadErrorP50Us) / 1000.0},
                                      {"p99", static_cast<double>(totals.leadErrorP99Us) / 1000.0},
                                      {"max", static_cast<double>(totals.leadErrorMaxUs) / 1000.0}}}}},
        {"draws", totals.draws},
        {"clean_shutdowns", totals.cleanShutdowns},
        {"datagrams_sent", totals.datagramsSent},
        {"resends", totals.resends},
        {"proposals", totals.proposals},
        {"rejections", totals.rejections},
        {"refused_transitions", totals.refusedTransitions},
        {"move_confirm_ms", {{"p50", totals.confirmP50Ms}, {"p99", totals.confirmP99Ms}, {"max", totals.confirmMaxMs}}},
        {"virtual_seconds", static_cast<double>(totals.virtualMs) / 1000.0},
        {"stop_reasons", sim::stopReasonLines(totals.stoppedGames)},
        {"games_per_second", seconds > 0 ? totals.games / seconds : 0.0},
        {"seconds", seconds},
    };
}

void printSummary(const SimulateOptions& options, const sim::SimulationTotals& t, double seconds, std::ostream& out) {
    const sim::FaultSettings& f = options.faults;
    out << fmt::format("simulate: {} games from seed {} at level {}, each way: loss {} dup {} reorder {} corrupt {} "
                       "delay {} ms jitter {} ms\n",
                       t.games, options.seed, toString(options.level), f.lossRate, f.duplicateRate, f.reorderRate,
                       f.corruptRate, f.delayMs, f.jitterMs);
    out << fmt::format("  finished   {} of {} (host won {}, client won {}, draws {}); clean shutdowns {}\n", t.finished,
                       t.games, t.wins[0], t.wins[1], t.draws, t.cleanShutdowns);
    const SeatShare host = hostShare(t);
    out << fmt::format("  host won {:.1f}% of {} decided games (95% interval {:.1f}-{:.1f}%)\n", 100 * host.rate,
                       host.decided, 100 * host.low, 100 * host.high);
    out << fmt::format("  arbitration {}: local lag p50 {:.1f} ms (max {:.1f}), tie window {:.1f} ms; {} contested "
                       "races, host bias {:+.2f} ms, the earlier play won {:.2f}% of {} further apart than the tie "
                       "window; {} plays taken back ({:.2f} per 1000 plays)\n",
                       toString(options.rules.arbitration), static_cast<double>(t.lagP50Us) / 1000.0,
                       static_cast<double>(t.lagMaxUs) / 1000.0, static_cast<double>(t.tieP50Us) / 1000.0,
                       t.contestedRaces, t.hostBiasMs, 100 * t.orderAccuracy, t.orderedRaces, t.rollbacks,
                       perThousand(t.rollbacks, t.plays));
    out << fmt::format("  races the client lost {} ({} though it played first); the winner's lead p50 {:.1f} ms, the "
                       "host's reported lead off by p50 {:.3f} ms, p99 {:.3f} ms, max {:.3f} ms\n",
                       t.clientLostRaces, t.clientLostRacesMadeFirst, static_cast<double>(t.trueLeadP50Us) / 1000.0,
                       static_cast<double>(t.leadErrorP50Us) / 1000.0, static_cast<double>(t.leadErrorP99Us) / 1000.0,
                       static_cast<double>(t.leadErrorMaxUs) / 1000.0);
    out << fmt::format("  divergences {}  invariant violations {}{}  refused transitions {}\n", t.divergences,
                       t.invariantViolations, t.firstViolation.empty() ? "" : "  first: " + t.firstViolation,
                       t.refusedTransitions);
    out << fmt::format("  datagrams {}  resends {}  client proposals {} (refused {})\n", t.datagramsSent, t.resends,
                       t.proposals, t.rejections);
    out << fmt::format("  move confirmed in p50 {} ms, p99 {} ms, max {} ms (virtual)\n", t.confirmP50Ms,
                       t.confirmP99Ms, t.confirmMaxMs);
    for (const std::string& reason : sim::stopReasonLines(t.stoppedGames)) out << "  stopped: " << reason << '\n';
    out << fmt::format("  {:.0f} games/s ({:.3f} s wall clock)\n", seconds > 0 ? t.games / seconds : 0.0, seconds);
}

} // namespace

void addSimulateFlags(CLI::App& app, SimulateOptions& options) {
    sim::FaultSettings& f = options.faults;
    app.add_option("--simulate", options.games,
                   "play N bot-vs-bot games through the protocol over a simulated hostile network")
        ->check(CLI::PositiveNumber);
    app.add_option("--loss", f.lossRate, "simulate: probability a datagram is lost")->check(CLI::Range(0.0, 1.0));
    app.add_option("--dup", f.duplicateRate, "simulate: probability a datagram is duplicated")->check(CLI::Range(0.0, 1.0));
    app.add_option("--reorder", f.reorderRate, "simulate: probability a datagram is held back behind later ones")
        ->check(CLI::Range(0.0, 1.0));
    app.add_option("--corrupt", f.corruptRate, "simulate: probability a datagram is damaged (bit flips or truncation)")
        ->check(CLI::Range(0.0, 1.0));
    app.add_option("--delay", f.delayMs, "simulate: one-way delay in ms")->check(CLI::Range(0, 60'000));
    app.add_option("--jitter", f.jitterMs, "simulate: extra random delay in ms, 0..MS")->check(CLI::Range(0, 60'000));
}

int runSimulate(const SimulateOptions& options, std::ostream& out) {
    sim::SimulationSetup setup;
    setup.seed = options.seed;
    setup.rules = options.rules;
    setup.levels = {options.level, options.level};
    setup.hostToClient = options.faults;
    setup.clientToHost = options.faults;
    // Wall-clock time only measures the benchmark; the games run on virtual time.
    const auto start = std::chrono::steady_clock::now();
    const sim::SimulationTotals totals = sim::simulateGames(setup, options.games);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    printSummary(options, totals, seconds, out);
    if (options.json) out << toJson(options, totals, seconds).dump() << '\n';
    const bool sound = totals.divergences == 0 && totals.invariantViolations == 0;
    return sound && totals.finished == totals.games ? 0 : 1;
}

} // namespace speed
