#pragma once

#include "speed/common/Bot.hpp"
#include "speed/net/SeatPlayer.hpp"
#include "speed/protocol/BotPlayer.hpp"
#include "speed/protocol/MatchSteering.hpp"

#include <functional>
#include <optional>
#include <utility>
#include <vector>

namespace speed::client {

// The window's seat in a networked session, run by the Connector after every datagram and
// timer: it keeps the session's events for the window, lets the bot play the seat for --bot,
// and steers the match: the host deals game 1 as soon as the other player is there and, when
// games run by themselves (--bot or --games), each next one; with a goal of `games` games this
// side ends the session once game `games` of the match is over (as speed-server does). The user's own moves,
// pauses and next games reach the session directly from NetworkDriver. After each turn it calls
// `played` with the session, so that what changed can be handed to the window at once.
class WindowSeat : public SeatPlayer {
public:
    using Played = std::function<void(const protocol::Session&)>;
    WindowSeat(std::optional<BotLevel> bot, std::uint64_t botSeed, int games, bool autoNextGame, Played played = {});

    TimeMs play(protocol::Session& session, TimeMs now, const std::vector<protocol::SessionEvent>& events) override;

    std::vector<protocol::SessionEvent> takeEvents() { return std::exchange(m_events, {}); }
    TimeMs wakeAt() const { return m_wakeAt; } // when the bot next wants a turn (kNever: no bot)
    // Game `games` of the match is over (the match's numbers: a game this side came back to counts).
    bool goalReached() const { return m_goal.reached(); }
    // This side ends the session (the window closes): its own SHUTDOWN is not the peer's.
    void endingHere() { m_shutdownSent = true; }

private:
    void keep(protocol::SessionEvent event);

    Played m_played;
    std::optional<BotLevel> m_botLevel;
    std::uint64_t m_botSeed;
    protocol::MatchGoal m_goal;
    bool m_autoNextGame;
    std::optional<protocol::BotPlayer> m_bot;
    int m_botSeat = -1;
    std::vector<protocol::SessionEvent> m_events;
    TimeMs m_wakeAt = kNever;
    bool m_shutdownSent = false;
};

} // namespace speed::client
