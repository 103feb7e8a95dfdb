#pragma once

#include "speed/common/GameClock.hpp"
#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"
#include "speed/common/Referee.hpp"
#include "speed/common/Time.hpp"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace speed {

// The tunables of the match around the moves: one set for the host of a network game, the
// offline game against the CPU and self-play (milliseconds).
struct MatchTiming {
    TimeMs speedCallMs = 1000;  // "SPEED!" is called this long before the flip
    TimeMs resultHoldMs = 2000; // the result is shown this long before the match moves on
};

// Where a game stands. Paused covers a pending SPEED! call too: it starts again on resume.
enum class MatchPhase : std::uint8_t {
    NotDealt,  // no game yet
    Play,      // the game is on
    SpeedCall, // nobody can move: "SPEED!" is called and the flip follows
    Paused,
    Result,    // the game is over and its result is shown
    Finished,  // the result has been shown for resultHoldMs: time for the next game
};

// Why the match does not take a move now, apart from the rules (those are MoveError).
enum class MatchRefusal : std::uint8_t {
    None,
    NotDealt,      // no game is being played
    Paused,        // the game is paused
    FlipIsAutomatic, // "SPEED!" flips are made by the match, never proposed by a player
};

std::string_view describe(MatchRefusal refusal);

// What became of a move: taken, refused by the match, or refused by the rules.
struct PlayOutcome {
    MatchRefusal refusal = MatchRefusal::None;
    MoveError error = MoveError::None;
    bool accepted() const { return refusal == MatchRefusal::None && error == MoveError::None; }
    friend bool operator==(const PlayOutcome&, const PlayOutcome&) = default;
};

std::string_view describe(const PlayOutcome& outcome);

// One game at a time and what happens around its moves: the deal, the SPEED! call and the flip
// that follows it, the end and the hold of the result, pauses, and the game clock. Pure: time is
// passed in, the deal comes from a seed. Whoever runs a game (the network host, the offline
// window, self-play) feeds it the players' moves and calls advance() when nextWakeAt() comes.
class Match {
public:
    explicit Match(MatchTiming timing = {});

    // Deals game number gameNumber()+1 from `seed`. The field is empty, so it opens with SPEED!.
    void deal(const RuleOptions& rules, std::uint64_t seed, TimeMs now);
    // Starts game gameNumber()+1 from a table laid out by hand instead of a seed (a lesson, a
    // test): its cards, where they lie, as given, no move made yet (seed() is 0). A table nobody
    // can move on opens with SPEED! as a deal does. False, with nothing changed, when the table is
    // not a game's start: a card twice, more jokers than its rules, a move already counted, a
    // result, or no card at all for a seat.
    bool start(const GameState& table, TimeMs now);
    // Deals game `gameNumber` from `seed` again and replays `history` (plays, refills and SPEED!
    // flips, in order), the clock showing `elapsedMs` and paused at `now` (a finished game is
    // restored finished, its result already shown). False, with the match undealt, when the
    // history does not replay move for move.
    bool restore(const RuleOptions& rules, std::uint64_t seed, int gameNumber, const std::vector<Move>& history,
                 TimeMs elapsedMs, TimeMs now);
    // A player's play or refill, through the referee. Only an accepted move changes anything.
    PlayOutcome play(const Move& move, TimeMs now);
    // Makes the SPEED! flip once its call has lasted speedCallMs of game time; returns it.
    std::optional<Move> advance(TimeMs now);
    // The game clock and a pending call stand still; on resume a pending call starts over, so
    // both players see all of it.
    void pause(TimeMs now);
    void resume(TimeMs now);

    MatchPhase phase(TimeMs now) const;
    bool dealt() const { return m_gameNumber > 0; }
    bool over() const { return dealt() && m_state.result != GameResult::Playing; }
    bool paused() const { return m_clock.paused(); }
    bool speedCalled() const { return m_flipGameMs != kNever; }
    // The next moment something happens without a move after `now`: the flip, or the end of the
    // result hold. kNever when nothing is due.
    TimeMs nextWakeAt(TimeMs now) const;
    TimeMs endedAt() const { return m_endedAt; } // kNever while the game is on
    TimeMs elapsedMs(TimeMs now) const { return m_clock.elapsedMs(now); }
    bool clockRuns() const { return m_clock.runs(); } // dealt, neither paused nor over
    // Wall time at which the game clock shows `gameMs` (kNever while paused or over).
    TimeMs wallTimeOf(TimeMs gameMs) const { return m_clock.wallTimeOf(gameMs); }

    const GameState& state() const { return m_state; }
    const MatchTiming& timing() const { return m_timing; }
    int gameNumber() const { return m_gameNumber; }
    std::uint64_t seed() const { return m_seed; }
    int flips() const { return m_flips; }
    int moves() const { return m_moves; } // plays and refills this game

private:
    void freshGame(int gameNumber, const RuleOptions& rules, std::uint64_t seed); // dealt, no move yet
    void afterChange(TimeMs now);

    MatchTiming m_timing;
    GameState m_state;
    GameClock m_clock;
    std::uint64_t m_seed = 0;
    int m_gameNumber = 0;
    int m_flips = 0;
    int m_moves = 0;
    TimeMs m_flipGameMs = kNever; // game time of the pending flip
    TimeMs m_endedAt = kNever;
};

} // namespace speed
