#pragma once

#include "speed/protocol/Session.hpp"

#include <vector>

namespace speed {

// Whatever plays the local seat of a networked session: the bot in speed-server, the window in
// speed. Called after every datagram and timer with the session's new events; it may call the
// session (propose, start the next game, shut down) and returns when it next wants to run.
class SeatPlayer {
public:
    virtual ~SeatPlayer() = default;
    virtual TimeMs act(protocol::Session& session, TimeMs now,
                       const std::vector<protocol::SessionEvent>& events) = 0;
};

// The match around the games, the same for every seat: the host deals the first game as soon as
// the other player is there and, with `autoNextGame`, every next one. Once `goalReached`, the
// client ends the session at the last result (the host, being authoritative, has it already)
// and the host at EXTGAME, after the result was shown. True when it has sent SHUTDOWN.
bool steerMatch(protocol::Session& session, TimeMs now, bool goalReached, bool autoNextGame);

} // namespace speed
