#include "Simulate.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <mutex>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

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

constexpr std::array<const char*, kSeats> kSeatNames{"host", "client"};

nlohmann::json faultsJson(const sim::FaultSettings& f) {
    return {{"loss", f.lossRate}, {"dup", f.duplicateRate}, {"reorder", f.reorderRate}, {"corrupt", f.corruptRate},
            {"delay_ms", f.delayMs}, {"jitter_ms", f.jitterMs}};
}

nlohmann::json seatJson(const sim::SeatFigures& seat) {
    return {{"actions", seat.actions},     {"cards_played", seat.cardsPlayed}, {"proposals", seat.proposals},
            {"refusals", seat.refusals},   {"races_won", seat.racesWon},       {"races_lost", seat.racesLost},
            {"rollbacks", seat.rollbacks}};
}

// Who won a game, from the host's confirmed table: "host", "client", "draw", or "none" for a
// game that did not finish.
const char* winnerWord(const sim::SimulationReport& report) {
    if (!report.finished) return "none";
    switch (report.result) {
    case GameResult::Seat0Wins: return kSeatNames[0];
    case GameResult::Seat1Wins: return kSeatNames[1];
    case GameResult::Draw: return "draw";
    case GameResult::Playing: break;
    }
    return "none";
}

nlohmann::json stopJson(const std::optional<protocol::SessionStop>& stop) {
    return stop ? nlohmann::json(protocol::describe(*stop)) : nlohmann::json(nullptr);
}

// One game's entry of `games`.
nlohmann::json gameJson(std::uint64_t seed, const sim::SimulationReport& r) {
    nlohmann::json seats = nlohmann::json::array();
    for (const sim::SeatFigures& seat : r.seats) seats.push_back(seatJson(seat));
    return {
        {"seed", seed},
        {"winner", winnerWord(r)},
        {"connected", r.connected},
        {"finished", r.finished},
        {"diverged", r.diverged},
        {"clean_shutdown", r.cleanShutdown},
        {"invariant_violations", r.invariantViolations},
        {"virtual_ms", r.durationMs},
        {"steps", r.steps},
        {"datagrams_sent", r.datagramsSent},
        {"resends", r.resends},
        {"contested_races", r.races.size()},
        {"rollbacks", r.rollbacks},
        {"local_lag_ms", static_cast<double>(r.lagUs) / 1000.0},
        {"seats", std::move(seats)},
        {"host_stop", stopJson(r.hostStop)},
        {"client_stop", stopJson(r.clientStop)},
    };
}

nlohmann::json seatsJson(const SimulateOptions& options, const sim::SimulationTotals& totals) {
    nlohmann::json seats = nlohmann::json::array();
    for (std::size_t seat = 0; seat < kSeats; ++seat) {
        nlohmann::json line = seatJson(totals.seats[seat]);
        line["seat"] = kSeatNames[seat];
        line["level"] = std::string(toString(options.levels[seat]));
        line["wins"] = totals.wins[seat];
        seats.push_back(std::move(line));
    }
    return seats;
}

std::string levelsWords(const SimulateOptions& options) {
    if (options.levels[0] == options.levels[1]) return fmt::format("at level {}", toString(options.levels[0]));
    return fmt::format("host at level {}, client at level {}", toString(options.levels[0]),
                       toString(options.levels[1]));
}

std::string faultWords(const sim::FaultSettings& f) {
    return fmt::format("loss {} dup {} reorder {} corrupt {} delay {} ms jitter {} ms", f.lossRate, f.duplicateRate,
                       f.reorderRate, f.corruptRate, f.delayMs, f.jitterMs);
}

bool sameFaults(const sim::FaultSettings& a, const sim::FaultSettings& b) {
    return faultsJson(a) == faultsJson(b);
}

nlohmann::json toJson(const SimulateOptions& options, const sim::SimulationTotals& totals, nlohmann::json games,
                      double seconds) {
    const SeatShare host = hostShare(totals);
    return {
        {"game_count", totals.games},
        {"games", std::move(games)},
        {"seed", options.seed},
        {"levels", {std::string(toString(options.levels[0])), std::string(toString(options.levels[1]))}},
        {"seats", seatsJson(options, totals)},
        {"faults", {{"to_host", faultsJson(options.toHost)}, {"to_client", faultsJson(options.toClient)}}},
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
    if (sameFaults(options.toHost, options.toClient)) {
        out << fmt::format("simulate: {} games from seed {} {}, each way: {}\n", t.games, options.seed,
                           levelsWords(options), faultWords(options.toHost));
    } else {
        out << fmt::format("simulate: {} games from seed {} {}; to the host: {}; to the client: {}\n", t.games,
                           options.seed, levelsWords(options), faultWords(options.toHost),
                           faultWords(options.toClient));
    }
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
    for (std::size_t seat = 0; seat < kSeats; ++seat) {
        const sim::SeatFigures& f = t.seats[seat];
        out << fmt::format("  {:<6} ({}): won {}, cards played {}, proposals {} (refused {}), contested races won {} "
                           "lost {}, plays taken back {}\n",
                           kSeatNames[seat], toString(options.levels[seat]), t.wins[seat], f.cardsPlayed, f.proposals,
                           f.refusals, f.racesWon, f.racesLost, f.rollbacks);
    }
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

namespace {

constexpr std::array<const char*, 6> kFaultNames{"loss", "dup", "reorder", "corrupt", "delay", "jitter"};

// --NAME for both directions, --NAME-to-host and --NAME-to-client for one.
template <typename T, typename Check>
void addDirected(CLI::App& app, DirectedFlag<T>& flag, const std::string& name, const std::string& what, Check check) {
    app.add_option("--" + name, flag.both, "simulate: " + what + ", both ways")->check(check);
    app.add_option("--" + name + "-to-host", flag.toHost, "simulate: " + what + ", client to host")->check(check);
    app.add_option("--" + name + "-to-client", flag.toClient, "simulate: " + what + ", host to client")->check(check);
}

template <typename T>
void resolve(const DirectedFlag<T>& flag, T& toHost, T& toClient) {
    if (flag.both) toHost = toClient = *flag.both;
    if (flag.toHost) toHost = *flag.toHost;
    if (flag.toClient) toClient = *flag.toClient;
}

} // namespace

void addSimulateFlags(CLI::App& app, SimulateFlags& flags, const std::vector<std::string>& levels) {
    app.add_option("--simulate", flags.games,
                   "play N bot-vs-bot games through the protocol over a simulated hostile network")
        ->check(CLI::Range(1, std::numeric_limits<int>::max()));
    app.add_option("--host-level", flags.hostLevel, "with --simulate: the host's seat's level (default: --level)")
        ->check(CLI::IsMember(levels));
    app.add_option("--client-level", flags.clientLevel, "with --simulate: the client's seat's level (default: --level)")
        ->check(CLI::IsMember(levels));
    const CLI::Range rate(0.0, 1.0);
    const CLI::Range ms(0, 60'000);
    addDirected(app, flags.loss, "loss", "probability a datagram is lost", rate);
    addDirected(app, flags.dup, "dup", "probability a datagram is duplicated", rate);
    addDirected(app, flags.reorder, "reorder", "probability a datagram is held back behind later ones", rate);
    addDirected(app, flags.corrupt, "corrupt", "probability a datagram is damaged (bit flips or truncation)", rate);
    addDirected(app, flags.delay, "delay", "one-way delay in ms", ms);
    addDirected(app, flags.jitter, "jitter", "extra random delay in ms, 0..MS", ms);
    app.add_option("--jobs", flags.jobs,
                   "with --simulate: play N games at once, one per thread (0: one per CPU core; default 1); "
                   "the results are those of one game after another")
        ->check(CLI::Range(0, kMaxSimulateJobs));
}

std::vector<std::string> faultFlags() {
    std::vector<std::string> names;
    for (const char* name : kFaultNames) {
        for (const char* direction : {"", "-to-host", "-to-client"}) {
            names.push_back(std::string("--") + name + direction);
        }
    }
    return names;
}

std::vector<std::string> simulateOnlyFlags() {
    std::vector<std::string> names{"--host-level", "--client-level", "--jobs"};
    for (std::string& name : faultFlags()) names.push_back(std::move(name));
    return names;
}

SimulateOptions simulateOptionsFrom(const SimulateFlags& flags, BotLevel level) {
    SimulateOptions options;
    options.games = flags.games;
    options.jobs = flags.jobs > 0 ? flags.jobs : static_cast<int>(std::clamp(std::thread::hardware_concurrency(), 1U, 256U));
    options.levels = {flags.hostLevel ? *parseBotLevel(*flags.hostLevel) : level,
                      flags.clientLevel ? *parseBotLevel(*flags.clientLevel) : level};
    resolve(flags.loss, options.toHost.lossRate, options.toClient.lossRate);
    resolve(flags.dup, options.toHost.duplicateRate, options.toClient.duplicateRate);
    resolve(flags.reorder, options.toHost.reorderRate, options.toClient.reorderRate);
    resolve(flags.corrupt, options.toHost.corruptRate, options.toClient.corruptRate);
    resolve(flags.delay, options.toHost.delayMs, options.toClient.delayMs);
    resolve(flags.jitter, options.toHost.jitterMs, options.toClient.jitterMs);
    return options;
}

namespace {

using OnGame = std::function<void(std::uint64_t, const sim::SimulationReport&)>;

// Games each thread plays in a batch: enough that a long game does not keep the others waiting
// long at the batch's end, few enough that a batch's reports take little room.
constexpr int kGamesPerThreadInBatch = 16;

// Plays the games `jobs` at a time, in batches, each thread taking the batch's next game; then
// adds the batch's reports in the order of the games. A game depends only on its own seed, so
// the totals and the `games` entries are those of one game after another.
sim::SimulationTotals simulateAtOnce(const sim::SimulationSetup& first, int games, int jobs, const OnGame& onGame) {
    sim::SimulationTally tally(games);
    const int batch = jobs * kGamesPerThreadInBatch;
    struct Played {
        std::uint64_t seed = 0;
        sim::SimulationReport report;
    };
    std::vector<Played> played;
    for (int from = 0; from < games; from += batch) {
        const int count = std::min(batch, games - from);
        played.assign(static_cast<std::size_t>(count), {});
        std::atomic<int> next{0};
        std::mutex failureMutex;
        std::exception_ptr failure;
        {
            std::vector<std::jthread> threads;
            for (int thread = 0; thread < std::min(jobs, count); ++thread) {
                threads.emplace_back([&] {
                    try {
                        for (int game = next++; game < count; game = next++) {
                            const sim::SimulationSetup setup = sim::gameSetup(first, from + game);
                            played[static_cast<std::size_t>(game)] = {setup.seed, sim::simulateGame(setup)};
                        }
                    } catch (...) {
                        const std::lock_guard lock(failureMutex);
                        if (!failure) failure = std::current_exception();
                        next = count; // the others stop at their next game
                    }
                });
            }
        } // the threads are joined here
        if (failure) std::rethrow_exception(failure);
        for (const Played& game : played) {
            tally.add(game.seed, game.report);
            if (onGame) onGame(game.seed, game.report);
        }
    }
    return std::move(tally).finish();
}

} // namespace

int runSimulate(const SimulateOptions& options, std::ostream& out) {
    sim::SimulationSetup setup;
    setup.seed = options.seed;
    setup.rules = options.rules;
    setup.levels = options.levels;
    setup.hostToClient = options.toClient;
    setup.clientToHost = options.toHost;
    nlohmann::json games = nlohmann::json::array();
    const auto onGame = [&](std::uint64_t seed, const sim::SimulationReport& report) {
        games.push_back(gameJson(seed, report));
    };
    // Wall-clock time only measures the benchmark; the games run on virtual time. The games'
    // JSON entries are made as they end, so with --json they count in the time.
    const auto start = std::chrono::steady_clock::now();
    const sim::SimulationTotals totals =
        options.jobs > 1 ? simulateAtOnce(setup, options.games, options.jobs, options.json ? onGame : OnGame{})
                         : sim::simulateGames(setup, options.games, options.json ? onGame : OnGame{});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    printSummary(options, totals, seconds, out);
    if (options.json) out << toJson(options, totals, std::move(games), seconds).dump() << '\n';
    const bool sound = totals.divergences == 0 && totals.invariantViolations == 0;
    return sound && totals.finished == totals.games ? 0 : 1;
}

} // namespace speed
