#pragma once

// The game states (GameInfo) come from the protocol (one definition for the window,
// the host and the wire); the window only adds the name it shows and one question it asks.
#include "speed/common/Outcome.hpp"
#include "speed/protocol/GameInfo.hpp"

#include "text/Words.hpp"

#include <string_view>

namespace speed::client {

using protocol::GameInfo;

// The protocol's name ("CON_WAIT"): for the network trace and the debug log, never translated.
inline std::string_view gameInfoName(GameInfo info) { return protocol::toString(info); }

// The game has ended (WIN, DRAW, DEFEAT, or EXTGAME waiting for the next one).
inline bool gameFinished(GameInfo info) { return protocol::isGameOver(info) || info == GameInfo::ExtGame; }

// The state in a player's words, for the status bar's pill ("Playing", "Paused", "You won"), in
// the window's language.
inline std::string_view stateWord(GameInfo info) {
    switch (info) {
    case GameInfo::Nothing: return tr("play.state.ready");
    case GameInfo::ConWait: return tr("play.state.waiting");
    case GameInfo::Connect: return tr("play.state.connected");
    case GameInfo::Measure: return tr("play.state.measuring");
    case GameInfo::Play: return tr("play.state.playing");
    case GameInfo::Pause0: case GameInfo::Pause1: return tr("play.state.paused");
    case GameInfo::Win: return tr("play.state.won");
    case GameInfo::Draw: return tr("play.state.draw");
    case GameInfo::Defeat: return tr("play.state.lost");
    case GameInfo::ExtGame: return tr("play.state.game_over");
    }
    return tr("play.state.ready");
}

// The result a finished game shows, for the banner as for the pill: the state's word when it
// names one (WIN, DEFEAT, DRAW: what the status bar says), else (EXTGAME) the table's result for
// `seat`. One answer for both, so the banner can never say "YOU LOSE" beside "You won" while
// the table a host's seat sees still lags the match's (fair arbitration shows the host's seat
// the table as late as the other player sees it).
inline Outcome shownOutcome(GameInfo info, GameResult result, int seat) {
    switch (info) {
    case GameInfo::Win: return Outcome::Won;
    case GameInfo::Defeat: return Outcome::Lost;
    case GameInfo::Draw: return Outcome::Draw;
    default: return outcomeFor(result, seat);
    }
}

} // namespace speed::client
