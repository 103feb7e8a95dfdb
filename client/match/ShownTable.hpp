#pragma once

#include "match/MatchDriver.hpp"

#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"
#include "speed/protocol/SessionEvent.hpp"

#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

namespace speed::client {

// The host's table as the window has animated it, kept in step by the session's typed events:
// the opponent's moves and the flips fly in, the user's own moves (shown when they were made)
// do not, a refused one slides back, and UPDATEs lost on the way are bridged by inferring the
// moves between two tables, for the animation only. Pure: no session, no clock.
class ShownTable {
public:
    // A game starts on `table`; one taken back from a host's journal had `movesBefore` moves
    // already (`flipsBefore` of them flips), counted as this game's.
    void startGame(std::uint32_t game, const GameState& table, int movesBefore = 0, int flipsBefore = 0);
    // The session's event, when it is one that moves the table (GameStarted, MoveApplied,
    // Rewound): what to animate goes to `out`. `blank` is the table of a start that carries none.
    void follow(const protocol::SessionEvent& event, std::vector<AppliedMove>& out, const GameState& blank = {});
    void ownMoveShown(const Move& move); // the user's move, drawn at once by the window
    // A move the host applied in `game`: what to animate goes to `out`.
    void applied(std::uint32_t game, const Move& move, std::vector<AppliedMove>& out);
    // The host's table is `confirmed`: whatever the window has not shown of it goes to `out`.
    void catchUp(std::uint32_t game, const GameState& confirmed, std::vector<AppliedMove>& out);
    // The host refused `move`: true when it had been shown (it must slide back).
    bool refused(const Move& move);
    // The host took `undone` plays back to `table` (fair arbitration's rewind): they come again
    // as applied moves, or are taken back. One that comes again was on the pile already: it does
    // not fly in a second time.
    void rebase(std::uint32_t game, const GameState& table, int undone);

    std::uint32_t game() const { return m_game; }
    const GameState& table() const { return m_table; }
    int moves() const { return m_moves; } // applied this game, flips included
    int flips() const { return m_flips; }

private:
    bool takeOwn(const Move& move);

    static constexpr std::size_t kMaxOwnMoves = 8; // moves shown at once, awaiting the host's table
    static constexpr std::size_t kKeptApplied = 16; // more than a rewind undoes (protocol's kMaxUndone)

    std::uint32_t m_game = 0;
    GameState m_table;
    std::vector<Move> m_ownMoves;
    std::deque<Move> m_lastApplied; // the newest last: what a rewind may undo
    std::vector<Move> m_replaying;  // undone by a rewind, shown already, expected again
    int m_moves = 0;
    int m_flips = 0;
};

} // namespace speed::client
