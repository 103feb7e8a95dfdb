#pragma once

#include "match/GameInfo.hpp"
#include "match/NetworkView.hpp"

#include "speed/common/GameState.hpp"
#include "speed/common/Time.hpp"
#include "speed/net/Connector.hpp"
#include "speed/protocol/ClockOffset.hpp"
#include "speed/protocol/HostSession.hpp"
#include "speed/protocol/Session.hpp"
#include "speed/store/StoreProblem.hpp"

#include <cstdint>
#include <optional>
#include <string>

namespace speed::client {

// What the window knows of the session, copied on the network thread after every datagram and
// timer (and after every call the window makes): the window reads only this, never the session.
struct SessionMirror {
    bool hasSession = false;
    bool finished = false; // the connector is done (connected and ended, or never connected)
    protocol::SessionRole role = protocol::SessionRole::Client;
    ConnectionFailure failure;
    std::string networkError; // the network thread stopped: what stopped it
    GameInfo info = GameInfo::Nothing;
    GameState state;     // the session's table (a client's includes its predictions)
    GameState confirmed; // the host's table as last confirmed
    std::uint32_t gameNumber = 0;
    bool speedCallPending = false;
    bool localResumeRequested = false;
    NextGameAsks nextGameAsks;
    TimeMs at = 0;            // the connector's clock when copied
    TimeMs gameElapsedMs = 0; // the game clock at `at`
    bool clockRuns = false;   // ... and whether it goes on from there (the session says so)
    bool peerSilent = false;
    TimeMs graceEndsAt = kNever; // the connector's clock: a silent peer's seat is given up here
    bool comingBack = false;
    std::optional<double> rttMs;                                    // the median of the recent round trips
    std::optional<protocol::ClockOffset> clock;                     // the link's estimate of the other side's clock
    Arbitration arbitration = Arbitration::Fair;                    // the game's, as its deal said
    std::optional<protocol::ArbitrationFigures> arbitrationFigures; // the host's: what fair arbitration chose and did
    std::string peerAddress;
    bool awaitingReturn = false; // a host taken back from its journal, its player not back yet
    std::optional<store::StoreProblem> keeperProblem; // the ticket or the journal cannot be used
};

// The mirror of `connector` and its live session (null: none yet) at `now`, the connector's clock.
SessionMirror mirrorOf(const Connector* connector, const protocol::Session* live, TimeMs now);

// The table the window shows of a dealt game: the seat's while it is played; once it is over
// (WIN, DEFEAT, DRAW, EXTGAME), the match's own, whose result is the one the state says (a host
// seat's view lags the match by the other player's delay under fair arbitration).
const GameState& shownTableOf(const SessionMirror& mirror);

} // namespace speed::client
