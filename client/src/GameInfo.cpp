#include "GameInfo.hpp"

namespace speed::client {

std::string_view gameInfoName(GameInfo info) {
    switch (info) {
    case GameInfo::Nothing: return "NOTHING";
    case GameInfo::ConWait: return "CON_WAIT";
    case GameInfo::Connect: return "CONNECT";
    case GameInfo::Measure: return "MEASURE";
    case GameInfo::Play: return "PLAY";
    case GameInfo::Pause0: return "PAUSE_0";
    case GameInfo::Pause1: return "PAUSE_1";
    case GameInfo::Win: return "WIN";
    case GameInfo::Draw: return "DRAW";
    case GameInfo::Defeat: return "DEFEAT";
    case GameInfo::ExtGame: return "EXTGAME";
    }
    return "UNKNOWN";
}

bool isGameOver(GameInfo info) {
    return info == GameInfo::Win || info == GameInfo::Draw || info == GameInfo::Defeat ||
           info == GameInfo::ExtGame;
}

} // namespace speed::client
