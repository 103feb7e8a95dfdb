#pragma once

#include "speed/common/Bot.hpp"
#include "speed/common/GameState.hpp"
#include "speed/common/Match.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <string>

namespace speed {

// When a self-play game is given up (neither can happen in a real game).
struct SelfPlayLimits {
    TimeMs gameTimeLimitMs = 3'600'000; // a game still running after an hour of virtual time
    int moveLimit = 2000;               // far above any real game (every move puts a card nearer the field)
};

struct BotMatchSetup {
    RuleOptions rules;
    std::uint64_t seed = 1;
    std::array<BotLevel, kSeats> levels{BotLevel::Max, BotLevel::Max};
    MatchTiming timing;
    SelfPlayLimits limits;
};

struct BotMatchReport {
    GameResult result = GameResult::Playing; // Playing here means the game was abandoned
    int moves = 0;
    int flips = 0;
    std::array<int, kSeats> actions{}; // plays and refills by seat (moves less the flips)
    TimeMs durationMs = 0;
    int invariantViolations = 0;
    std::string firstViolation;
};

using MoveObserver = std::function<void(const GameState&, const Move&, TimeMs)>;

// Plays one bot-vs-bot game in-process on virtual time (no sleeping) through a Match, checking
// card conservation after every move. The observer, if any, sees each applied move.
BotMatchReport playBotMatch(const BotMatchSetup& setup, const MoveObserver& observer = {});

} // namespace speed
