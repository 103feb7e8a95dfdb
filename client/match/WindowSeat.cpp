#include "match/WindowSeat.hpp"

#include "speed/protocol/MatchSteering.hpp"

#include <utility>

namespace speed::client {

using protocol::Session;
using protocol::SessionEvent;
using protocol::SessionEventKind;

WindowSeat::WindowSeat(std::optional<BotLevel> bot, std::uint64_t botSeed, int games, bool autoNextGame, Played played)
    : m_played(std::move(played)),
      m_botLevel(bot), m_botSeed(botSeed), m_goal(games), m_autoNextGame(autoNextGame) {}

TimeMs WindowSeat::play(Session& session, TimeMs now, const std::vector<SessionEvent>& events) {
    for (const SessionEvent& event : events) keep(event);
    if (m_botLevel && m_botSeat != session.mySeat()) { // the seat is known once the role is
        m_botSeat = session.mySeat();
        m_bot.emplace(*m_botLevel, m_botSeed + static_cast<std::uint64_t>(m_botSeat), m_botSeat);
    }
    if (!m_shutdownSent) m_shutdownSent = protocol::steerMatch(session, now, goalReached(), m_autoNextGame);
    m_wakeAt = m_bot && !m_shutdownSent ? m_bot->poll(session, now) : kNever;
    // What steering and the bot caused (a deal, a refused proposal) is shown at once.
    for (SessionEvent& event : session.takeEvents()) keep(std::move(event));
    if (m_played) m_played(session);
    return m_wakeAt;
}

void WindowSeat::keep(SessionEvent event) {
    m_goal.follow(event);
    m_events.push_back(std::move(event));
}

} // namespace speed::client
