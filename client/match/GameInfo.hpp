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

// The state in a player's words, for the status bar's pill ("Playing", "Paused", "You won").
inline std::string_view stateWord(GameInfo info) {
    switch (info) {
    case GameInfo::Nothing: return "Ready";
    case GameInfo::ConWait: return "Waiting";
    case GameInfo::Connect: return "Connected";
    case GameInfo::Measure: return "Measuring";
    case GameInfo::Play: return "Playing";
    case GameInfo::Pause0: case GameInfo::Pause1: return "Paused";
    case GameInfo::Win: return "You won";
    case GameInfo::Draw: return "Draw";
    case GameInfo::Defeat: return "You lost";
    case GameInfo::ExtGame: return "Game over";
    }
    return "Ready";
}

} // namespace speed::client
