#pragma once

#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"

#include <string_view>

namespace speed {

// Why a move may not be made. MoveError::None means it may.
enum class MoveError : std::uint8_t {
    None,
    GameOver,
    BadSeat,
    BadSlot,
    BadPile,
    CardNotInHand,
    PileEmpty,
    NotAdjacent,
    SlotOccupied,
    DeckEmpty,
    NotStalemate,
};

std::string_view describe(MoveError error);

// The one rule function: may `move` be made on `state`, and if not, why.
// The client asks it to highlight drop targets; the host asks it to arbitrate.
MoveError checkMove(const GameState& state, const Move& move);

// Checks `move` with checkMove and, only when legal, applies it (including auto refill and
// the end of the game). An illegal move leaves `state` untouched.
MoveError applyMove(GameState& state, const Move& move);

// The result the cards decide: the first seat with neither deck nor hand wins; both at once draw.
GameResult resultOf(const GameState& state);

// True when the seat has a legal play or refill right now.
bool canAct(const GameState& state, int seat);

// Stalemate: the game is on and neither seat can play or refill, so both must flip ("SPEED!").
bool needsFlip(const GameState& state);

} // namespace speed
