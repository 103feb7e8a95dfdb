#pragma once

#include "speed/protocol/SessionEvent.hpp"

namespace speed {

// Writes to the log the session events that only the log needs, each at its level: silence and
// the peer's return, a player turned away, the peer's new address, refused transitions, ignored
// datagrams (debug, naming the rule), the state changes. The events a seat acts on (moves,
// games, the end) it leaves alone. Both the window and speed-server call it for every event.
void logSessionEvent(const protocol::SessionEvent& event);

} // namespace speed
