#include "speed/common/BotMatch.hpp"

#include "speed/common/Deal.hpp"
#include "speed/common/Invariant.hpp"
#include "speed/common/Referee.hpp"

#include <algorithm>

namespace speed {
namespace {

// Seeds for the bots derived from the game seed, so one number reproduces a whole game.
std::uint64_t botSeed(std::uint64_t gameSeed, int seat) {
    SplitMix64 mix(gameSeed ^ (std::uint64_t{0xB07B07} + static_cast<std::uint64_t>(seat)));
    return mix.next();
}

} // namespace

MatchReport playBotMatch(const MatchSetup& setup, const MoveObserver& observer) {
    MatchReport report;
    GameState state = deal(setup.rules, setup.seed);
    std::array<Bot, kSeats> bots{Bot(0, setup.levels[0], botSeed(setup.seed, 0)),
                                 Bot(1, setup.levels[1], botSeed(setup.seed, 1))};
    TimeMs now = 0;
    int tieBreak = 0;

    auto apply = [&](const Move& move) {
        if (applyMove(state, move) != MoveError::None) return;
        ++report.moves;
        if (move.kind == MoveKind::Flip) ++report.flips;
        if (observer) observer(state, move, now);
        if (std::string error = conservationError(state); !error.empty()) {
            if (report.invariantViolations++ == 0) report.firstViolation = std::move(error);
        }
    };

    while (state.result == GameResult::Playing && report.moves < setup.timing.moveLimit &&
           now < setup.timing.gameTimeLimitMs) {
        if (needsFlip(state)) {
            now += setup.timing.speedCallMs;
            apply(Move::flip());
            continue;
        }
        std::array<BotDecision, kSeats> decisions{bots[0].decide(state, now), bots[1].decide(state, now)};
        // Both ready at the same millisecond: alternate who goes first, so neither seat is
        // favoured; the second move is arbitrated against the table the first one left.
        const int first = tieBreak++ % kSeats;
        bool moved = false;
        for (int k = 0; k < kSeats; ++k) {
            const auto& decision = decisions[static_cast<std::size_t>((first + k) % kSeats)];
            if (decision.move && state.result == GameResult::Playing) {
                apply(*decision.move);
                moved = true;
            }
        }
        if (moved) continue;
        const TimeMs wake = std::min(decisions[0].wakeAt, decisions[1].wakeAt);
        if (wake == kNever) break; // cannot happen while the referee says someone can act
        now = std::max(now, wake);
    }
    report.result = state.result;
    report.durationMs = now;
    return report;
}

} // namespace speed
