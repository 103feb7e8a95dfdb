#include "BotSeat.hpp"

#include "speed/common/Outcome.hpp"
#include "speed/net/SessionLog.hpp"
#include "speed/protocol/MatchSteering.hpp"

#include <ostream>

namespace speed {

using protocol::GameInfo;
using protocol::Session;
using protocol::SessionEvent;
using protocol::SessionEventKind;
using protocol::SessionRole;

BotSeat::BotSeat(BotLevel level, std::uint64_t seed, int games, std::ostream& out)
    : m_level(level), m_seed(seed), m_goal(games), m_out(out) {}

TimeMs BotSeat::play(Session& session, TimeMs now, const std::vector<SessionEvent>& events) {
    for (const auto& event : events) onEvent(session, event);
    if (m_botSeat != session.mySeat()) {
        m_botSeat = session.mySeat();
        m_bot.emplace(m_level, m_seed + static_cast<std::uint64_t>(m_botSeat), m_botSeat);
        if (session.role() == SessionRole::Client) m_bot->onProposed = [this](const Move& move, const protocol::BotPlayer::AimedAt&) { m_moveTimer.proposed(move); };
    }
    if (!m_shutdownSent) m_shutdownSent = protocol::steerMatch(session, now, goalReached(), true);
    if (m_shutdownSent) return kNever;
    return m_bot->poll(session, now);
}

void BotSeat::onEvent(Session& session, const SessionEvent& event) {
    logSessionEvent(event);
    const bool newGameOver = m_goal.follow(event);
    switch (event.kind) {
    case SessionEventKind::Connected: // a match of its own: its games count from its first
        m_results.clear();
        m_resultGames.clear();
        m_endReason.clear();
        m_peerName = event.peerName;
        m_out << "connected to " << event.peerName << " at " << session.peerAddress() << " as "
              << (session.role() == SessionRole::Host ? "host" : "client") << std::endl;
        break;
    case SessionEventKind::MoveConfirmed:
        if (event.move) m_moveTimer.decided(*event.move);
        break;
    case SessionEventKind::RttSample: m_roundTrips.add(event.rttMs); break;
    case SessionEventKind::MoveRejected:
        if (event.move && event.byHost) m_moveTimer.decided(*event.move);
        break;
    case SessionEventKind::GameStarted: m_moveTimer.forgetPending(); break;
    case SessionEventKind::GameOver:
        if (!newGameOver) break;
        m_results.emplace_back(toString(outcomeFor(event.result, session.mySeat())));
        m_resultGames.push_back(static_cast<int>(event.game));
        m_out << "game " << event.game << ": " << m_results.back() << std::endl;
        break;
    case SessionEventKind::Rejoined:
        if (session.role() == SessionRole::Host) {
            m_out << event.peerName << " is back at " << session.peerAddress() << ": game " << session.gameNumber() << " goes on"
                  << std::endl;
        } else {
            m_out << "back in the match with " << event.peerName << " at " << session.peerAddress() << std::endl;
        }
        break;
    case SessionEventKind::PeerSilent:
        m_out << (m_peerName.empty() ? std::string("the other player") : m_peerName) << " is missing: the game is paused, the seat kept for "
              << session.graceLeftMs(event.at) / 1000 << " s" << std::endl;
        break;
    case SessionEventKind::PeerBack:
        m_out << (m_peerName.empty() ? std::string("the other player") : m_peerName) << " is heard again" << std::endl;
        break;
    case SessionEventKind::MatchGone: m_out << protocol::kJoiningAsNewPlayer << std::endl; break;
    case SessionEventKind::Ended:
        if (event.cause == protocol::EndCause::PeerLost || event.cause == protocol::EndCause::MatchGone ||
            event.cause == protocol::EndCause::RecordDamaged || event.cause == protocol::EndCause::Stalled) {
            m_endReason = "lost the other side: " + protocol::describe(protocol::stopOf(event));
            m_out << m_endReason << std::endl;
        } else if (event.cause == protocol::EndCause::ShutdownThere && !m_shutdownSent) {
            m_endReason = "the other side ended the session: " + protocol::describe(protocol::stopOf(event));
            m_out << m_endReason << std::endl;
        }
        break;
    default: break;
    }
}

} // namespace speed
