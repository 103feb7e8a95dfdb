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

} // namespace speed
