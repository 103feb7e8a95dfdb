#include "Simulate.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <ostream>

namespace speed {
namespace {

nlohmann::json toJson(const SimulateOptions& options, const sim::SimulationTotals& totals, double seconds) {
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
        {"draws", totals.draws},
        {"clean_shutdowns", totals.cleanShutdowns},
        {"datagrams_sent", totals.datagramsSent},
        {"resends", totals.resends},
        {"proposals", totals.proposals},
        {"rejections", totals.rejections},
        {"refused_transitions", totals.refusedTransitions},
        {"move_confirm_ms", {{"p50", totals.confirmP50Ms}, {"p99", totals.confirmP99Ms}, {"max", totals.confirmMaxMs}}},
        {"virtual_seconds", static_cast<double>(totals.virtualMs) / 1000.0},
        {"stop_reasons", totals.stopReasons},
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
    out << fmt::format("  divergences {}  invariant violations {}{}  refused transitions {}\n", t.divergences,
                       t.invariantViolations, t.firstViolation.empty() ? "" : "  first: " + t.firstViolation,
                       t.refusedTransitions);
    out << fmt::format("  datagrams {}  resends {}  client proposals {} (refused {})\n", t.datagramsSent, t.resends,
                       t.proposals, t.rejections);
    out << fmt::format("  move confirmed in p50 {} ms, p99 {} ms, max {} ms (virtual)\n", t.confirmP50Ms,
                       t.confirmP99Ms, t.confirmMaxMs);
    for (const std::string& reason : t.stopReasons) out << "  stopped: " << reason << '\n';
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
