#include "SelfPlay.hpp"

#include "speed/common/BotMatch.hpp"

#include <nlohmann/json.hpp>

#include <chrono>
#include <ostream>

#include <fmt/format.h>

namespace speed {

int runSelfPlay(const SelfPlayOptions& options, std::ostream& out) {
    int finished = 0;
    int draws = 0;
    std::array<int, kSeats> wins{};
    long long totalMoves = 0;
    long long totalFlips = 0;
    long long violations = 0;
    std::string firstViolation;

    // Wall-clock time only measures the benchmark; the games themselves run on virtual time.
    const auto start = std::chrono::steady_clock::now();
    for (int game = 0; game < options.games; ++game) {
        BotMatchSetup setup;
        setup.rules = options.rules;
        setup.seed = options.seed + static_cast<std::uint64_t>(game);
        setup.levels = {options.level, options.level};
        const BotMatchReport report = playBotMatch(setup);
        totalMoves += report.moves;
        totalFlips += report.flips;
        violations += report.invariantViolations;
        if (firstViolation.empty() && !report.firstViolation.empty()) {
            firstViolation = fmt::format("game seed {}: {}", setup.seed, report.firstViolation);
        }
        switch (report.result) {
        case GameResult::Seat0Wins: ++wins[0]; ++finished; break;
        case GameResult::Seat1Wins: ++wins[1]; ++finished; break;
        case GameResult::Draw: ++draws; ++finished; break;
        case GameResult::Playing: break;
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double gamesPerSecond = seconds > 0 ? options.games / seconds : 0.0;
    const double movesPerGame = options.games > 0 ? static_cast<double>(totalMoves) / options.games : 0.0;

    out << fmt::format("self-play: {} games from seed {} at level {} ({} deal, {} jokers, hand {}, {} refill)\n",
                       options.games, options.seed, toString(options.level), toString(options.rules.deal),
                       options.rules.jokers, options.rules.handSize, toString(options.rules.refill));
    out << fmt::format("  finished   {}  (seat 0 won {}, seat 1 won {}, draws {})\n", finished, wins[0], wins[1],
                       draws);
    out << fmt::format("  moves/game {:.1f}  (SPEED! flips/game {:.1f})\n", movesPerGame,
                       options.games > 0 ? static_cast<double>(totalFlips) / options.games : 0.0);
    out << fmt::format("  invariant violations {}{}\n", violations, firstViolation.empty() ? "" : "  first: " + firstViolation);
    out << fmt::format("  {:.0f} games/s ({:.3f} s wall clock)\n", gamesPerSecond, seconds);
    if (options.json) {
        const nlohmann::json summary = {
            {"games", options.games},
            {"seed", options.seed},
            {"level", std::string(toString(options.level))},
            {"finished", finished},
            {"wins", {wins[0], wins[1]}},
            {"draws", draws},
            {"invariant_violations", violations},
            {"moves_per_game", movesPerGame},
            {"games_per_second", gamesPerSecond},
            {"seconds", seconds},
        };
        out << summary.dump() << '\n';
    }
    return violations == 0 && finished == options.games ? 0 : 1;
}

} // namespace speed
