#pragma once

#include "speed/protocol/Message.hpp"

#include <string>

// The card state on the wire is written from the sender's seat and mirrored by the receiver.
namespace speed::protocol {

// The table as seen from `seat`: its deck and hand first, its own field pile first.
TableView viewFromSeat(const GameState& state, int seat);

struct StateFromView {
    std::optional<GameState> state;
    std::string error; // empty when state is set
};

// Rebuilds the absolute table from a view written by `senderSeat`. The hands must have
// rules.handSize slots. The result is derived from the cards (a seat with no cards has won).
// Conservation is not required here (version 1's example table is not a real deal); the session
// checks it separately.
StateFromView stateFromView(const TableView& view, int senderSeat, const RuleOptions& rules);

// A move as `seat` writes it (its own seat 0, its own pile 0), or back: the same XOR both ways.
Move moveSeenFrom(const Move& move, int seat);

// Phase seen from the other side (Won <-> Lost).
Phase mirrored(Phase phase);

// The result of the game from `seat`'s side: Won, Lost, Draw, or Play while it is on.
Phase resultPhase(GameResult result, int seat);

// Same cards in the same places and the same result (ignores bookkeeping like movesApplied).
bool sameTable(const GameState& a, const GameState& b);

} // namespace speed::protocol
