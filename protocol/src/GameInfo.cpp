#include "speed/protocol/GameInfo.hpp"

#include <initializer_list>

namespace speed::protocol {
namespace {

using enum GameInfo;

struct Transitions {
    GameInfo from;
    std::initializer_list<GameInfo> to;
};

// docs/STATES.md lists the cause of each of these. Every state may also go to NOTHING
// (shutdown, peer lost, gave up waiting) and may stay where it is.
bool listed(GameInfo from, GameInfo to) {
    static const Transitions kTable[] = {
        {Nothing, {ConWait}},
        {ConWait, {Connect}},
        // CONNECT to any state of a game: a player comes back to a game under way, a host
        // restores one from its journal.
        {Connect, {Measure, Play, Pause0, Pause1, Win, Draw, Defeat, ExtGame}},
        {Measure, {Connect, ExtGame}},
        {Play, {Pause0, Pause1, Win, Draw, Defeat}},
        {Pause0, {Pause1, Play, Win, Draw, Defeat}},
        {Pause1, {Pause0, Play, Win, Draw, Defeat}},
        {Win, {ExtGame, Play}},
        {Draw, {ExtGame, Play}},
        {Defeat, {ExtGame, Play}},
        {ExtGame, {Play, Measure}},
    };
    for (const Transitions& row : kTable) {
        if (row.from != from) continue;
        for (const GameInfo target : row.to) {
            if (target == to) return true;
        }
    }
    return false;
}

} // namespace

std::string_view toString(GameInfo info) {
    switch (info) {
    case Nothing: return "NOTHING";
    case ConWait: return "CON_WAIT";
    case Connect: return "CONNECT";
    case Measure: return "MEASURE";
    case Play: return "PLAY";
    case Pause0: return "PAUSE_0";
    case Pause1: return "PAUSE_1";
    case Win: return "WIN";
    case Draw: return "DRAW";
    case Defeat: return "DEFEAT";
    case ExtGame: return "EXTGAME";
    }
    return "UNKNOWN";
}

std::optional<GameInfo> gameInfoFromValue(int value) {
    if (value < static_cast<int>(Nothing) || value > static_cast<int>(ExtGame)) return std::nullopt;
    return static_cast<GameInfo>(value);
}

bool isDefinedTransition(GameInfo from, GameInfo to) { return from == to || to == Nothing || listed(from, to); }

GameInfo gameInfoFor(Outcome outcome) {
    switch (outcome) {
    case Outcome::Won: return Win;
    case Outcome::Lost: return Defeat;
    case Outcome::Draw: return Draw;
    case Outcome::Playing: break;
    }
    return Play;
}

bool isGameOver(GameInfo info) { return info == Win || info == Draw || info == Defeat; }
bool isPaused(GameInfo info) { return info == Pause0 || info == Pause1; }
bool isConnected(GameInfo info) { return info != Nothing && info != ConWait; }

} // namespace speed::protocol
