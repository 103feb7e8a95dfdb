#pragma once

#include "speed/protocol/Session.hpp"

// The match around the games, the same for every seat player (the bot in speed-server, the
// window in speed): the host deals the first game as soon as the other player is there and,
// with `autoNextGame`, this side asks for every next one (it is dealt when the other side asks
// too: its bot at once, a person when they choose Rematch). Once `goalReached`, the client ends the session at the
// last result (the host, being authoritative, has it already) and the host at EXTGAME, after the
// result was shown. True when it has sent SHUTDOWN.
namespace speed::protocol {

bool steerMatch(Session& session, TimeMs now, bool goalReached, bool autoNextGame);

} // namespace speed::protocol
