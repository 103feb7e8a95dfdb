#pragma once

#include "speed/common/Bot.hpp"
#include "speed/protocol/Session.hpp"

#include <functional>

// Plays a session's seat with the CPU opponent: asks the bot on the table the session shows
// (its prediction included) and proposes what the bot decides. Agrees to resume a pause.
namespace speed::protocol {

class BotPlayer {
public:
    BotPlayer(BotLevel level, std::uint64_t seed, int seat);

    // Acts on `session` at `now` if the bot is due; returns when it next wants to be asked.
    TimeMs poll(Session& session, TimeMs now);

    // Called with each move the session took as a proposal (to time its confirmation), and the
    // size of the pile it aims at on the table the bot chose it on (0 when it aims at no pile).
    std::function<void(const Move&, std::size_t pileSize)> onProposed;

private:
    Bot m_bot;
};

} // namespace speed::protocol
