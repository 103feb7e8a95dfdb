#pragma once

#include "match/GameInfo.hpp"

#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"
#include "speed/common/Match.hpp"
#include "speed/common/Referee.hpp"
#include "speed/common/Time.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace speed::client {

// What became of the local player's move.
struct MoveAnswer {
    PlayOutcome play;  // the match or the rules refused it
    bool held = false; // network play: not sent, earlier moves still wait for the host's answer
    bool accepted() const { return !held && play.accepted(); }
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

// One datagram for the message log pane (seed 004): when, which way, and its text.
struct WireLogEntry {
    TimeMs atMs = 0; // the window's clock
    bool sent = false;
    std::string text;
};

// A banner about the match itself rather than the cards: waiting, a silent peer, the end.
struct MatchNotice {
    std::string headline; // empty: no banner
    std::string detail;
};

// What the window needs from a game, whoever runs it: LocalMatch (vs CPU, in-process) now,
// a network session later. The window renders state() and forwards the local player's moves;
// it never decides anything about the game itself. Times are the window's clock in ms.
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
    virtual int gameNumber() const = 0;
    virtual std::uint64_t gameSeed() const = 0;
    virtual std::uint64_t firstSeed() const = 0;
    virtual bool speedCalled() const = 0;
    virtual TimeMs elapsedMs(TimeMs now) const = 0;
    virtual TimeMs nextWakeAt(TimeMs now) const = 0; // after `now`; kNever when nothing is scheduled
    virtual const std::vector<GameRecord>& finishedGames() const = 0;

    // Datagrams sent and received since the last call (none for an offline game).
    virtual std::vector<WireLogEntry> takeWireLog() { return {}; }
    // Waits up to `maxWaitMs` for the network, handling a datagram the moment it arrives (so an
    // answer leaves at once, not at the next poll); returns after the first one. False when the
    // match has no network to wait on: the window then just sleeps.
    virtual bool waitForNetwork(TimeMs /*maxWaitMs*/) { return false; }
    // "host:port" that answers measurement probes for this match; empty for an offline game.
    virtual std::string measureTarget() const { return {}; }

    // Network play; an offline game keeps these defaults.
    virtual std::string opponentName() const { return {}; }           // empty: the window's own label
    virtual std::string statusDetail(TimeMs /*now*/) const { return {}; } // empty: the window's own
    virtual MatchNotice notice(TimeMs /*now*/) const { return {}; }
    virtual std::string clockLabel() const { return "TIME"; }          // "WAIT" while a countdown runs
    // Proposals that propose() accepted and showed, and the host refused since: slide them back.
    virtual std::vector<Move> takeRefusedMoves() { return {}; }
    virtual bool retry(TimeMs /*now*/) { return false; } // R: connect again after the match ended
    virtual bool matchEnded() const { return false; }    // nothing more happens without retry()
    virtual void close() {}                              // the window closes: tell the other side
};

} // namespace speed::client
