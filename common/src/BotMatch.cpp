#include "speed/common/BotMatch.hpp"

#include "speed/common/Invariant.hpp"

#include <algorithm>

namespace speed {
namespace {

// Seeds for the bots derived from the game seed, so one number reproduces a whole game.
std::uint64_t botSeed(std::uint64_t gameSeed, int seat) {
    SplitMix64 mix(gameSeed ^ (std::uint64_t{0xB07B07} + static_cast<std::uint64_t>(seat)));
    return mix.next();
}

class BotGame {
public:
    BotGame(const BotMatchSetup& setup, const MoveObserver& observer)
        : m_setup(setup), m_observer(observer), m_match(setup.timing),
          m_bots{Bot(0, setup.levels[0], botSeed(setup.seed, 0)), Bot(1, setup.levels[1], botSeed(setup.seed, 1))} {
        m_match.deal(setup.rules, setup.seed, 0);
    }

    BotMatchReport run() {
        while (!m_match.over() && m_report.moves < m_setup.limits.moveLimit && m_now < m_setup.limits.gameTimeLimitMs) {
            if (!step()) break;
        }
        m_report.result = m_match.state().result;
        m_report.durationMs = m_now;
        return m_report;
    }

private:
    // One instant of the game; false when nothing will ever happen again.
    bool step() {
        if (const auto flip = m_match.advance(m_now)) {
            record(*flip);
            return true;
        }
        TimeMs wake = m_match.nextWakeAt(m_now);
        if (!m_match.speedCalled()) {
            const GameState& state = m_match.state();
            std::array<BotDecision, kSeats> decisions{m_bots[0].decide(state, m_now), m_bots[1].decide(state, m_now)};
            // Both ready at the same millisecond: alternate who goes first, so neither seat is
            // favoured; the second move is arbitrated against the table the first one left.
            const int first = m_tieBreak++ % kSeats;
            bool moved = false;
            for (int k = 0; k < kSeats; ++k) {
                const auto& decision = decisions[static_cast<std::size_t>((first + k) % kSeats)];
                if (decision.move && m_match.play(*decision.move, m_now).accepted()) {
                    record(*decision.move);
                    moved = true;
                }
            }
            if (moved) return true;
            wake = std::min({wake, decisions[0].wakeAt, decisions[1].wakeAt});
        }
        if (wake == kNever) return false; // cannot happen while the referee says someone can act
        m_now = std::max(m_now, wake);
        return true;
    }

    void record(const Move& move) {
        ++m_report.moves;
        if (move.kind == MoveKind::Flip) {
            ++m_report.flips;
        } else {
            ++m_report.actions[static_cast<std::size_t>(move.seat)];
        }
        if (m_observer) m_observer(m_match.state(), move, m_now);
        if (std::string error = conservationError(m_match.state()); !error.empty()) {
            if (m_report.invariantViolations++ == 0) m_report.firstViolation = std::move(error);
        }
    }

    const BotMatchSetup& m_setup;
    const MoveObserver& m_observer;
    Match m_match;
    std::array<Bot, kSeats> m_bots;
    BotMatchReport m_report;
    TimeMs m_now = 0;
    int m_tieBreak = 0;
};

} // namespace

BotMatchReport playBotMatch(const BotMatchSetup& setup, const MoveObserver& observer) {
    return BotGame(setup, observer).run();
}

} // namespace speed
