#pragma once

#include "speed/protocol/Session.hpp"

#include <vector>

namespace speed {

// Whatever plays the local seat of a networked session: the bot in speed-server, the window in
// speed.
class SeatPlayer {
public:
    virtual ~SeatPlayer() = default;
    // One turn of the seat, after every datagram and timer, with the session's new events: it
    // may call the session (propose, start the next game, shut down). Returns when it next wants
    // a turn (kNever: only when something happens).
    virtual TimeMs play(protocol::Session& session, TimeMs now,
                        const std::vector<protocol::SessionEvent>& events) = 0;
};

} // namespace speed
