#pragma once

#include "speed/common/Move.hpp"
#include "speed/common/GameState.hpp"
#include "speed/common/Random.hpp"
#include "speed/common/Time.hpp"

#include <optional>
#include <string_view>

namespace speed {

enum class BotLevel { Easy, Normal, Hard, Max };

std::string_view toString(BotLevel level);
std::optional<BotLevel> parseBotLevel(std::string_view text);

// Reaction time per level: each action takes a uniformly drawn time in [minMs, maxMs].
// Easy keeps about the 1500 ms per action of the original CPU game; max exists for tests and
// benchmarks.
struct BotTiming {
    TimeMs minMs;
    TimeMs maxMs;
};
BotTiming botTiming(BotLevel level);

struct BotDecision {
    std::optional<Move> move; // play this now
    TimeMs wakeAt = kNever;   // otherwise ask again at this time (kNever: nothing to do)
};

// The CPU opponent: a policy over the visible table (its own hand and deck count, the field
// tops) plus a reaction time. Time is passed in; the only randomness is its seeded generator.
// It picks an action, "thinks" for its reaction time, then re-checks the target pile: if the
// pile changed meanwhile it thinks again instead of playing a stale move.
class Bot {
public:
    Bot(int seat, BotLevel level, std::uint64_t seed);

    BotDecision decide(const GameState& state, TimeMs now);
    int seat() const { return m_seat; }
    BotLevel level() const { return m_level; }

    // The action the policy prefers right now, if any (no timing involved).
    std::optional<Move> bestAction(const GameState& state) const;

private:
    struct Plan {
        Move move;
        TimeMs readyAt;
        std::optional<Card> pileTop; // the pile's top when the plan was made
    };

    TimeMs reactionTime();
    std::optional<Card> targetTop(const GameState& state, const Move& move) const;

    int m_seat;
    BotLevel m_level;
    SplitMix64 m_rng;
    std::optional<Plan> m_plan;
};

} // namespace speed
