#include "SelfPlay.hpp"

#include "speed/common/BotMatch.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <ostream>

#include <fmt/format.h>

namespace speed {
namespace {

struct SelfPlayTotals {
    int finished = 0;
    int draws = 0;
    std::array<int, kSeats> wins{};
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
        setup.levels = {options.level, options.level};
        const BotMatchReport report = playBotMatch(setup);
        totals.moves += report.moves;
        totals.flips += report.flips;
        totals.violations += report.invariantViolations;
        if (totals.firstViolation.empty() && !report.firstViolation.empty()) {
            totals.firstViolation = fmt::format("game seed {}: {}", setup.seed, report.firstViolation);
        }
        switch (report.result) {
        case GameResult::Seat0Wins: ++totals.wins[0]; ++totals.finished; break;
        case GameResult::Seat1Wins: ++totals.wins[1]; ++totals.finished; break;
        case GameResult::Draw: ++totals.draws; ++totals.finished; break;
        case GameResult::Playing: break;
        }
    }
    totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return totals;
}

double perGame(const SelfPlayOptions& options, double value) { return options.games > 0 ? value / options.games : 0.0; }

void printSummary(const SelfPlayOptions& options, const SelfPlayTotals& t, std::ostream& out) {
    out << fmt::format("self-play: {} games from seed {} at level {} ({} deal, {} jokers, hand {}, {} refill)\n",
                       options.games, options.seed, toString(options.level), toString(options.rules.deal),
                       options.rules.jokers, options.rules.handSize, toString(options.rules.refill));
    out << fmt::format("  finished   {}  (seat 0 won {}, seat 1 won {}, draws {})\n", t.finished, t.wins[0], t.wins[1],
                       t.draws);
    out << fmt::format("  moves/game {:.1f}  (SPEED! flips/game {:.1f})\n", perGame(options, static_cast<double>(t.moves)),
                       perGame(options, static_cast<double>(t.flips)));
    out << fmt::format("  invariant violations {}{}\n", t.violations, t.firstViolation.empty() ? "" : "  first: " + t.firstViolation);
    out << fmt::format("  {:.0f} games/s ({:.3f} s wall clock)\n", t.seconds > 0 ? options.games / t.seconds : 0.0, t.seconds);
}

nlohmann::json toJson(const SelfPlayOptions& options, const SelfPlayTotals& t) {
    return {
        {"games", options.games},
        {"seed", options.seed},
        {"level", std::string(toString(options.level))},
        {"finished", t.finished},
        {"wins", {t.wins[0], t.wins[1]}},
        {"draws", t.draws},
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
