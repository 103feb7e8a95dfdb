#include "SelfPlay.hpp"

#include "speed/common/BotMatch.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ostream>

#include <fmt/format.h>

namespace speed {
namespace {

// Index 0 is level A (options.level), 1 level B (options.vsLevel).
constexpr std::size_t kA = 0;
constexpr std::size_t kB = 1;

struct SelfPlayTotals {
    int finished = 0;
    int draws = 0;
    std::array<int, kSeats> wins{};     // by seat
    std::array<int, 2> levelWins{};     // by level: A, B
    std::array<long long, 2> actions{}; // plays and refills by level: A, B
    long long gameMs = 0;               // virtual time of every game
    long long moves = 0;
    long long flips = 0;
    long long violations = 0;
    std::string firstViolation;
    double seconds = 0;
};

SelfPlayTotals playGames(const SelfPlayOptions& options) {
    SelfPlayTotals totals;
    // Wall-clock time only measures the benchmark; the games themselves run on virtual time.
    const auto start = std::chrono::steady_clock::now();
    for (int game = 0; game < options.games; ++game) {
        BotMatchSetup setup;
        setup.rules = options.rules;
        setup.seed = options.seed + static_cast<std::uint64_t>(game);
        // A sits on seat 0 in even games, on seat 1 in odd ones.
        const int seatOfA = game % kSeats;
        setup.levels =
            seatOfA == 0 ? std::array{options.level, options.vsLevel} : std::array{options.vsLevel, options.level};
        const BotMatchReport report = playBotMatch(setup);
        totals.actions[kA] += report.actions[static_cast<std::size_t>(seatOfA)];
        totals.actions[kB] += report.actions[static_cast<std::size_t>(1 - seatOfA)];
        totals.gameMs += report.durationMs;
        totals.moves += report.moves;
        totals.flips += report.flips;
        totals.violations += report.invariantViolations;
        if (totals.firstViolation.empty() && !report.firstViolation.empty()) {
            totals.firstViolation = fmt::format("game seed {}: {}", setup.seed, report.firstViolation);
        }
        const std::size_t seat0Level = seatOfA == 0 ? kA : kB;
        const std::size_t seat1Level = seatOfA == 0 ? kB : kA;
        switch (report.result) {
        case GameResult::Seat0Wins: ++totals.wins[0]; ++totals.levelWins[seat0Level]; ++totals.finished; break;
        case GameResult::Seat1Wins: ++totals.wins[1]; ++totals.levelWins[seat1Level]; ++totals.finished; break;
        case GameResult::Draw: ++totals.draws; ++totals.finished; break;
        case GameResult::Playing: break;
        }
    }
    totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return totals;
}

double perGame(const SelfPlayOptions& options, double value) { return options.games > 0 ? value / options.games : 0.0; }

// A's share of the decided games (draws left out) with its 95% Wilson score interval, which
// stays inside [0, 1] and is honest near 0 and 1 where the normal approximation is not.
struct WinRate {
    double rate = 0;
    double low = 0;
    double high = 1;
};

WinRate winRateOfA(const SelfPlayTotals& t) {
    const double decided = t.levelWins[kA] + t.levelWins[kB];
    if (decided <= 0) return {};
    constexpr double z = 1.959964; // two-sided 95%
    const double p = t.levelWins[kA] / decided;
    const double z2n = z * z / decided;
    const double centre = (p + z2n / 2) / (1 + z2n);
    const double half = z * std::sqrt(p * (1 - p) / decided + z2n / (4 * decided)) / (1 + z2n);
    return {p, std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

double meanGameSeconds(const SelfPlayOptions& options, const SelfPlayTotals& t) {
    return perGame(options, static_cast<double>(t.gameMs)) / 1000.0;
}

// Plays and refills per minute of game time (SPEED! calls included in the time), per level.
double actionsPerMinute(const SelfPlayTotals& t, std::size_t level) {
    return t.gameMs > 0 ? static_cast<double>(t.actions[level]) * 60'000.0 / static_cast<double>(t.gameMs) : 0.0;
}

void printSummary(const SelfPlayOptions& options, const SelfPlayTotals& t, std::ostream& out) {
    const std::string levels = options.level == options.vsLevel
                                   ? fmt::format("at level {}", toString(options.level))
                                   : fmt::format("{} against {}", botTitle(options.level), botTitle(options.vsLevel));
    out << fmt::format("self-play: {} games from seed {} {} ({} deal, {} jokers, hand {}, {} refill)\n", options.games,
                       options.seed, levels, toString(options.rules.deal), options.rules.jokers, options.rules.handSize,
                       toString(options.rules.refill));
    out << fmt::format("  finished   {}  (seat 0 won {}, seat 1 won {}, draws {})\n", t.finished, t.wins[0], t.wins[1],
                       t.draws);
    const WinRate rate = winRateOfA(t);
    out << fmt::format("  by level   A {} won {}, B {} won {}: ", toString(options.level), t.levelWins[kA],
                       toString(options.vsLevel), t.levelWins[kB]);
    out << fmt::format("A takes {:.1f}% of the decided games (95% CI {:.1f}-{:.1f}%)\n", 100 * rate.rate,
                       100 * rate.low, 100 * rate.high);
    out << fmt::format("  game time  {:.1f} s mean; actions/min A {:.1f}, B {:.1f}\n", meanGameSeconds(options, t),
                       actionsPerMinute(t, kA), actionsPerMinute(t, kB));
    out << fmt::format("  moves/game {:.1f}  (SPEED! flips/game {:.1f})\n", perGame(options, static_cast<double>(t.moves)),
                       perGame(options, static_cast<double>(t.flips)));
    out << fmt::format("  invariant violations {}{}\n", t.violations, t.firstViolation.empty() ? "" : "  first: " + t.firstViolation);
    out << fmt::format("  {:.0f} games/s ({:.3f} s wall clock)\n", t.seconds > 0 ? options.games / t.seconds : 0.0, t.seconds);
}

nlohmann::json toJson(const SelfPlayOptions& options, const SelfPlayTotals& t) {
    const WinRate rate = winRateOfA(t);
    return {
        {"games", options.games},
        {"seed", options.seed},
        {"level", std::string(toString(options.level))},
        {"vs_level", std::string(toString(options.vsLevel))},
        {"names", {std::string(botProfile(options.level).name), std::string(botProfile(options.vsLevel).name)}},
        {"finished", t.finished},
        {"wins", {t.wins[0], t.wins[1]}},
        {"level_wins", {t.levelWins[kA], t.levelWins[kB]}},
        {"win_rate", rate.rate},
        {"win_rate_ci95", {rate.low, rate.high}},
        {"draws", t.draws},
        {"mean_game_seconds", meanGameSeconds(options, t)},
        {"actions_per_minute", {actionsPerMinute(t, kA), actionsPerMinute(t, kB)}},
        {"invariant_violations", t.violations},
        {"moves_per_game", perGame(options, static_cast<double>(t.moves))},
        {"games_per_second", t.seconds > 0 ? options.games / t.seconds : 0.0},
        {"seconds", t.seconds},
    };
}

} // namespace

int runSelfPlay(const SelfPlayOptions& options, std::ostream& out) {
    const SelfPlayTotals totals = playGames(options);
    printSummary(options, totals, out);
    if (options.json) out << toJson(options, totals).dump() << '\n';
    return totals.violations == 0 && totals.finished == options.games ? 0 : 1;
}

} // namespace speed
