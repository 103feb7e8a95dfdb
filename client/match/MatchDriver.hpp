#pragma once

#include "match/GameInfo.hpp"

#include "speed/common/GameState.hpp"
#include "speed/common/Match.hpp"
#include "speed/common/Move.hpp"
#include "speed/common/Time.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace speed::client {

class NetworkView;

// What became of the local player's move.
struct MoveAnswer {
    PlayOutcome play;  // the match or the rules refused it
    bool held = false; // network play: not sent, earlier moves still wait for the host's answer
    std::optional<std::int64_t> raceLeadUs{}; // a lost race: how much earlier the winning play was
    std::string refusedBy{}; // not empty: the match refused a legal move, said in these words (a lesson asks for another)
    bool accepted() const { return !held && refusedBy.empty() && play.accepted(); }
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
    std::array<int, kSeats> cardsLeft{}; // each seat's hand and deck at the end
    std::optional<int> racesLost{}; // the local player's plays another card beat to the pile; nothing: not counted
    std::optional<int> racesWon{};  // the other player's plays the local player's card beat; nothing: not counted
};

// What the window needs from a game, whoever runs it: LocalMatch (vs CPU, in-process) or
// NetworkDriver (a session over UDP). The window renders state() and forwards the local
// player's moves; it never decides anything about the game itself. Times are the window's
// clock in ms.
class MatchDriver {
public:
    virtual ~MatchDriver() = default;

    virtual std::vector<AppliedMove> tick(TimeMs now) = 0;      // everything applied up to now
    virtual MoveAnswer propose(const Move& move, TimeMs now) = 0; // the local player's move
    virtual bool startNextGame(TimeMs now) = 0;
    virtual bool togglePause(TimeMs now) = 0;

    virtual GameInfo info() const = 0;
    virtual const GameState& state() const = 0;
    virtual int localSeat() const = 0;
    // Two players on one keyboard: the other seat is played here too (its moves come through
    // propose()); the local seat is the one at the bottom.
    virtual bool bothSeatsLocal() const { return false; }
    virtual int gameNumber() const = 0;
    virtual std::uint64_t gameSeed() const = 0;
    virtual std::uint64_t firstSeed() const = 0;
    virtual bool speedCalled() const = 0;
    virtual TimeMs elapsedMs(TimeMs now) const = 0;
    virtual TimeMs nextWakeAt(TimeMs now) const = 0; // after `now`; kNever when nothing is scheduled
    virtual const std::vector<GameRecord>& finishedGames() const = 0;
    // The finished games of the match on the table now (the score shown): a network driver that
    // hosts or connects again starts a new match with a new opponent, its earlier games kept in
    // finishedGames() for the report.
    virtual std::span<const GameRecord> matchGames() const { return finishedGames(); }

    // What only a network match has (the other player, the connection, the message log);
    // null for an offline game.
    virtual NetworkView* network() { return nullptr; }
    // False while no game runs at all (the start screen): nothing of a table to draw.
    virtual bool hasTable() const { return true; }
    const NetworkView* network() const { return const_cast<MatchDriver*>(this)->network(); }
    virtual void close() {} // the window closes: a network match tells the other side
};

} // namespace speed::client
