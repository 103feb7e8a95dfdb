#pragma once

#include "GameInfo.hpp"
#include "Speeds.hpp"

#include "speed/common/Bot.hpp"
#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"
#include "speed/common/Referee.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace speed::client {

struct LocalMatchSetup {
    RuleOptions rules;
    std::uint64_t seed = 1;                // game n uses seed + n - 1
    int localSeat = 0;
    BotLevel cpuLevel = BotLevel::Normal;  // the opponent
    bool cpuMoves = true;                  // false: the opponent never moves (practice, tests)
    std::optional<BotLevel> localBot;      // --bot: the bot plays the local seat too
    TimeMs speedCallMs = kSpeedCallMs;
};

struct AppliedMove {
    Move move;
    GameState before; // the table just before the move, for the animation
    GameState after;  // and just after it
};

struct GameRecord {
    int number = 0;
    std::uint64_t seed = 0;
    GameResult result = GameResult::Playing;
    GameInfo info = GameInfo::Nothing; // WIN / DRAW / DEFEAT from the local seat's side
    TimeMs durationMs = 0;
    int moves = 0;
    int flips = 0;
};

// A game against the CPU on an injected clock, mirroring playBotMatch: bots decide on game
// time, the SPEED! call shows for speedCallMs before the flip, the local player's moves come in
// through propose(). Game time stops while paused. The window only renders and forwards input.
class LocalMatch {
public:
    LocalMatch(const LocalMatchSetup& setup, TimeMs now);

    // Runs the bots and the SPEED! flip up to `now`; returns what was applied, in order.
    std::vector<AppliedMove> tick(TimeMs now);
    // A move of the local player, arbitrated by the referee. Refused moves change nothing.
    MoveError propose(const Move& move, TimeMs now);

    bool startNextGame(TimeMs now); // only once the game is over
    bool togglePause(TimeMs now);   // PLAY <-> PAUSE_0

    GameInfo info() const { return m_info; }
    const GameState& state() const { return m_state; }
    const LocalMatchSetup& setup() const { return m_setup; }
    int localSeat() const { return m_setup.localSeat; }
    int gameNumber() const { return m_gameNumber; }
    std::uint64_t gameSeed() const { return m_setup.seed + static_cast<std::uint64_t>(m_gameNumber - 1); }
    bool speedCalled() const { return m_speedCallAt.has_value(); }
    int flips() const { return m_flips; }
    TimeMs elapsedMs(TimeMs now) const;
    // When tick() next has something to do (wall clock), kNever if nothing is scheduled.
    TimeMs nextWakeAt() const;
    const std::vector<GameRecord>& finishedGames() const { return m_finished; }
    int refusedTransitions() const { return m_refusedTransitions; } // always 0 unless a bug

private:
    TimeMs gameTime(TimeMs now) const;
    TimeMs toWall(TimeMs gameTimeMs) const;
    void dealGame(TimeMs now);
    bool tickFlip(TimeMs gameNow, std::vector<AppliedMove>& applied);
    bool tickBots(TimeMs gameNow, std::vector<AppliedMove>& applied);
    void afterMove(TimeMs gameNow, TimeMs now);
    bool seatIsBot(int seat) const;
    bool enter(GameInfo next);

    LocalMatchSetup m_setup;
    GameState m_state;
    std::array<std::optional<Bot>, kSeats> m_bots;
    std::array<TimeMs, kSeats> m_botWakeAt{};
    GameInfo m_info = GameInfo::Nothing;
    int m_gameNumber = 0;
    int m_flips = 0;
    int m_tieBreak = 0;
    int m_refusedTransitions = 0;
    TimeMs m_startedAt = 0;     // wall
    TimeMs m_pausedTotalMs = 0;
    std::optional<TimeMs> m_pausedAt;     // wall
    std::optional<TimeMs> m_speedCallAt;  // game time
    std::optional<TimeMs> m_endedAt;      // game time
    std::vector<GameRecord> m_finished;
};

} // namespace speed::client
