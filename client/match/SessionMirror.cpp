#include "match/SessionMirror.hpp"

#include "speed/protocol/ClientSession.hpp"

namespace speed::client {
namespace {

void copySession(const protocol::Session& live, TimeMs now, SessionMirror& mirror) {
    mirror.hasSession = true;
    mirror.info = live.gameInfo();
    mirror.gameNumber = live.gameNumber();
    if (mirror.gameNumber > 0) {
        mirror.state = live.state();
        mirror.confirmed = live.confirmedState();
    }
    mirror.speedCallPending = live.speedCallPending();
    mirror.localResumeRequested = live.localResumeRequested();
    mirror.nextGameAsks = {live.localAskedNextGame(), live.peerAskedNextGame()};
    mirror.at = now;
    mirror.gameElapsedMs = live.gameElapsedMs(now);
    mirror.clockRuns = live.gameClockRuns();
    mirror.peerSilent = live.peerSilent();
    const TimeMs graceLeft = live.graceLeftMs(now);
    mirror.graceEndsAt = graceLeft == kNever ? kNever : now + graceLeft;
    if (const auto* client = dynamic_cast<const protocol::ClientSession*>(&live))
        mirror.comingBack = client->comingBack();
    mirror.rttMs = live.recentRttMs();
    mirror.clock = live.clockOffset();
    mirror.arbitration = live.confirmedState().rules.arbitration;
    if (const auto* host = dynamic_cast<const protocol::HostSession*>(&live)) {
        mirror.arbitrationFigures = host->arbitration();
        mirror.awaitingReturn = host->awaitingReturn();
    }
    mirror.peerAddress = live.peerAddress();
}

} // namespace

SessionMirror mirrorOf(const Connector* connector, const protocol::Session* live, TimeMs now) {
    SessionMirror mirror;
    if (connector != nullptr) {
        mirror.finished = connector->finished();
        mirror.role = connector->role();
        mirror.failure = connector->failure();
    }
    if (live != nullptr) copySession(*live, now, mirror);
    return mirror;
}

const GameState& shownTableOf(const SessionMirror& mirror) {
    return gameFinished(mirror.info) ? mirror.confirmed : mirror.state;
}

} // namespace speed::client
