#pragma once

#include "table/Place.hpp"

#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"

#include <optional>
#include <vector>

namespace speed::client {

// Translates "this card from here, dropped there" into an engine Move. Only the referee
// (checkMove) decides what is legal; nothing here knows the rules.

// The move meant by taking from `source` and dropping on `target` for `seat`, or nothing when
// the gesture means no move at all (e.g. a hand card onto a hand slot). The move may be illegal.
std::optional<Move> moveFor(const GameState& state, int seat, const Place& source, const Place& target);

// True when `seat` may pick up a card at `source`: its own non-empty hand slot or deck.
bool canPickUp(const GameState& state, int seat, const Place& source);

// Every place where dropping the card from `source` is a legal move, per checkMove.
std::vector<Place> legalTargets(const GameState& state, int seat, const Place& source);

// The target a plain click on `source` plays to: the first legal target, if any.
std::optional<Place> clickTarget(const GameState& state, int seat, const Place& source);

} // namespace speed::client
