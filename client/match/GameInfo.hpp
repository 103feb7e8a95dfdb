#pragma once

// The game states (GameInfo) come from the protocol (one definition for the window,
// the host and the wire); the window only adds the name it shows and one question it asks.
#include "speed/protocol/GameInfo.hpp"

#include <string_view>

namespace speed::client {

using protocol::GameInfo;

inline std::string_view gameInfoName(GameInfo info) { return protocol::toString(info); }

// The game has ended (WIN, DRAW, DEFEAT, or EXTGAME waiting for the next one).
inline bool gameFinished(GameInfo info) { return protocol::isGameOver(info) || info == GameInfo::ExtGame; }

} // namespace speed::client
