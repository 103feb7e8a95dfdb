#pragma once

#include "match/MatchDriver.hpp"

namespace speed::client {

// What the window holds while no game runs (the start screen is up): an empty table with the
// rules in force, where nothing happens and every move is refused. Its clock stands at 0.
class NoMatch final : public MatchDriver {
public:
    explicit NoMatch(const RuleOptions& rules) { m_state.rules = rules; }

    std::vector<AppliedMove> tick(TimeMs) override { return {}; }
    MoveAnswer propose(const Move&, TimeMs) override { return {PlayOutcome{MatchRefusal::NotDealt, MoveError::None}, false}; }
    bool startNextGame(TimeMs) override { return false; }
    bool togglePause(TimeMs) override { return false; }

    GameInfo info() const override { return GameInfo::Nothing; }
    const GameState& state() const override { return m_state; }
    int localSeat() const override { return 0; }
    int gameNumber() const override { return 0; }
    std::uint64_t gameSeed() const override { return 0; }
    std::uint64_t firstSeed() const override { return 0; }
    bool speedCalled() const override { return false; }
    TimeMs elapsedMs(TimeMs) const override { return 0; }
    TimeMs nextWakeAt(TimeMs) const override { return kNever; }
    const std::vector<GameRecord>& finishedGames() const override { return m_finished; }
    bool hasTable() const override { return false; }

private:
    GameState m_state;
    std::vector<GameRecord> m_finished;
};

} // namespace speed::client
