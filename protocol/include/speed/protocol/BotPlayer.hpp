#pragma once

#include "speed/common/Bot.hpp"
#include "speed/protocol/Session.hpp"

#include <cstddef>
#include <functional>
#include <optional>

// Plays a session's seat with the CPU opponent: asks the bot on the table the session shows
// (its prediction included) and proposes what the bot decides. Agrees to resume a pause.
namespace speed::protocol {

class BotPlayer {
public:
    BotPlayer(BotLevel level, std::uint64_t seed, int seat);

    // Acts on `session` at `now` if the bot is due; returns when it next wants to be asked.
    TimeMs poll(Session& session, TimeMs now);

    // Where a proposal aimed, on the table the bot chose it on (before the session shows the play
    // there): the pile's size and its top card; 0 and none when it aims at no pile.
    struct AimedAt {
        std::size_t pileSize = 0;
        std::optional<Card> top;
    };
    // Called with each move the session took as a proposal (to time its confirmation).
    std::function<void(const Move&, const AimedAt&)> onProposed;

private:
    Bot m_bot;
};

} // namespace speed::protocol
