#pragma once

#include "match/GameInfo.hpp"
#include "match/MatchDriver.hpp"
#include "table/Speeds.hpp"

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

// A game against the CPU on an injected clock, mirroring playBotMatch: bots decide on game
// time, the SPEED! call shows for speedCallMs before the flip, the local player's moves come in
// through propose(). Game time stops while paused. The window only renders and forwards input.
class LocalMatch final : public MatchDriver {
public:
    LocalMatch(const LocalMatchSetup& setup, TimeMs now);

    // Runs the bots and the SPEED! flip up to `now`; returns what was applied, in order.
    std::vector<AppliedMove> tick(TimeMs now) override;
    // A move of the local player, arbitrated by the referee. Refused moves change nothing.
    MoveError propose(const Move& move, TimeMs now) override;

    bool startNextGame(TimeMs now) override; // only once the game is over
    bool togglePause(TimeMs now) override;   // PLAY <-> PAUSE_0

    GameInfo info() const override { return m_info; }
    const GameState& state() const override { return m_state; }
    const LocalMatchSetup& setup() const { return m_setup; }
    int localSeat() const override { return m_setup.localSeat; }
    int gameNumber() const override { return m_gameNumber; }
    std::uint64_t firstSeed() const override { return m_setup.seed; }
    std::uint64_t gameSeed() const override { return m_setup.seed + static_cast<std::uint64_t>(m_gameNumber - 1); }
    bool speedCalled() const override { return m_speedCallAt.has_value(); }
    int flips() const { return m_flips; }
    TimeMs elapsedMs(TimeMs now) const override;
    // When tick() next has something to do (wall clock), kNever if nothing is scheduled.
    TimeMs nextWakeAt() const override;
    const std::vector<GameRecord>& finishedGames() const override { return m_finished; }
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
