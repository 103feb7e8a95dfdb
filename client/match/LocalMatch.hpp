#pragma once

#include "match/GameInfo.hpp"
#include "match/MatchDriver.hpp"

#include "speed/common/Bot.hpp"
#include "speed/common/Match.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace speed::client {

// Who plays the seats of an offline game.
enum class LocalMode {
    VsCpu,      // the local seat against the CPU (the bot's seat)
    TwoPlayers, // two people on one keyboard: both seats local, no bot moves
};

struct LocalMatchSetup {
    RuleOptions rules;
    std::uint64_t seed = 1;                // game n uses seed + n - 1
    int localSeat = 0;
    BotLevel cpuLevel = BotLevel::Normal;  // the opponent
    bool cpuMoves = true;                  // false: the opponent never moves (practice, tests)
    std::optional<BotLevel> localBot;      // --bot: the bot plays the local seat too
    MatchTiming timing;                    // the SPEED! call and the result hold
    LocalMode mode = LocalMode::VsCpu;     // TwoPlayers: cpuLevel, cpuMoves and localBot are not used
};

// A game against the CPU, offline: the common Match runs the game around the moves (the SPEED!
// call and flip, pauses, the game clock, the result hold); the bots decide on game time, so a
// pause stops their thinking too; the local player's moves come in through propose(). In
// LocalMode::TwoPlayers nobody is a bot: propose() takes either seat's moves.
class LocalMatch final : public MatchDriver {
public:
    LocalMatch(const LocalMatchSetup& setup, TimeMs now);

    // Runs the bots and the SPEED! flip up to `now`; returns what was applied, in order.
    std::vector<AppliedMove> tick(TimeMs now) override;
    // A move of the local player (of either player in two-player mode). Refused moves change nothing.
    MoveAnswer propose(const Move& move, TimeMs now) override;

    bool startNextGame(TimeMs now) override; // only once the game is over
    bool togglePause(TimeMs now) override;   // PLAY <-> PAUSE_0

    GameInfo info() const override { return m_info; }
    const GameState& state() const override { return m_match.state(); }
    const LocalMatchSetup& setup() const { return m_setup; }
    int localSeat() const override { return m_setup.localSeat; }
    bool bothSeatsLocal() const override { return m_setup.mode == LocalMode::TwoPlayers; }
    int gameNumber() const override { return m_match.gameNumber(); }
    std::uint64_t firstSeed() const override { return m_setup.seed; }
    std::uint64_t gameSeed() const override { return m_match.seed(); }
    bool speedCalled() const override { return m_match.speedCalled(); }
    int flips() const { return m_match.flips(); }
    TimeMs elapsedMs(TimeMs now) const override { return m_match.elapsedMs(now); }
    TimeMs nextWakeAt(TimeMs now) const override;
    const std::vector<GameRecord>& finishedGames() const override { return m_finished; }
    int refusedTransitions() const { return m_refusedTransitions; } // always 0 unless a bug

private:
    void dealGame(TimeMs now);
    bool tickBots(TimeMs now, std::vector<AppliedMove>& applied);
    void afterMove(TimeMs now);
    bool seatIsBot(int seat) const;
    void refreshInfo(TimeMs now);

    LocalMatchSetup m_setup;
    Match m_match;
    std::array<std::optional<Bot>, kSeats> m_bots;
    std::array<TimeMs, kSeats> m_botWakeAt{}; // game time
    GameInfo m_info = GameInfo::Nothing;
    int m_tieBreak = 0;
    int m_refusedTransitions = 0;
    std::vector<GameRecord> m_finished;
};

} // namespace speed::client
