#include "speed/protocol/Session.hpp"

#include "speed/protocol/Codec.hpp"

#include <algorithm>

// Sending, requests that are resent until answered, GameInfo, and the local player's controls.
namespace speed::protocol {
namespace {

WireNumber wireTime(TimeMs sinceStart) {
    return static_cast<WireNumber>(std::clamp<TimeMs>(sinceStart, 0, TimeMs{0xFFFFFFFF}));
}

std::string_view verbOfBody(const MessageBody& body) { return verbOf(Message{0, 0, body}); }

} // namespace

void Session::send(TimeMs now, const MessageBody& body, bool isResend) { sendTo(now, m_peer, body, isResend); }

void Session::sendTo(TimeMs now, const PeerAddress& to, const MessageBody& body, bool isResend) {
    const Message message{wireTime(now - m_startedAt), m_nextSeq++, body};
    std::string bytes = encodeDatagram(message);
    if (m_config.reportDatagrams) emitText(now, SessionEventKind::DatagramSent, bytes.substr(0, bytes.size() - 10));
    m_outgoing.push_back({to, std::move(bytes)});
    ++m_stats.datagramsSent;
    if (isResend) ++m_stats.resends;
    m_lastSentAt = now;
}

void Session::emit(SessionEvent event) { m_events.push_back(std::move(event)); }

void Session::noteGameOver(TimeMs now, GameResult result) {
    if (m_gameOverAt != kNever) return;
    m_gameOverAt = now;
    SessionEvent event;
    event.kind = SessionEventKind::GameOver;
    event.at = now;
    event.result = result;
    event.text = "game " + std::to_string(m_game) + " is over";
    emit(std::move(event));
}

void Session::emitText(TimeMs now, SessionEventKind kind, std::string text) {
    SessionEvent event;
    event.kind = kind;
    event.at = now;
    event.text = std::move(text);
    event.info = m_info;
    emit(std::move(event));
}

void Session::ignore(TimeMs now, std::string_view rule) {
    ++m_stats.ignored;
    if (m_config.reportDatagrams) emitText(now, SessionEventKind::DatagramIgnored, "ignored by rule " + std::string(rule));
}

void Session::request(TimeMs now, const MessageBody& body, TimeMs giveUpAt) {
    settleRequest(verbOfBody(body)); // a newer request of the same verb replaces the older one
    send(now, body);
    m_requests.push_back({body, now + m_config.timing.resendIntervalMs, giveUpAt});
}

void Session::settleRequest(std::string_view verb) {
    std::erase_if(m_requests, [&](const PendingRequest& pending) { return verbOfBody(pending.body) == verb; });
}

void Session::resendRequests(TimeMs now) {
    std::erase_if(m_requests, [&](const PendingRequest& pending) { return now >= pending.giveUpAt; });
    for (PendingRequest& pending : m_requests) {
        if (now < pending.nextSendAt) continue;
        pending.nextSendAt = now + m_config.timing.resendIntervalMs;
        send(now, pending.body, true);
    }
}

void Session::expediteResends(TimeMs now) {
    for (PendingRequest& pending : m_requests) pending.nextSendAt = std::min(pending.nextSendAt, now);
    for (PendingProposal& proposal : m_proposals) proposal.nextSendAt = std::min(proposal.nextSendAt, now);
    m_host.nextSnapshotAt = std::min(m_host.nextSnapshotAt, now);
}

void Session::enterInfo(TimeMs now, GameInfo next, std::string_view why) {
    if (next == m_info) return;
    if (!isDefinedTransition(m_info, next)) {
        ++m_stats.refusedTransitions;
        emitText(now, SessionEventKind::TransitionRefused,
                 std::string(toString(m_info)) + " -> " + std::string(toString(next)) + " is not defined (" +
                     std::string(why) + "); staying in " + std::string(toString(m_info)));
        return;
    }
    m_info = next;
    emitText(now, SessionEventKind::StateChanged, std::string(toString(next)) + ": " + std::string(why));
}

GameInfo Session::derivedInfo(TimeMs now) const {
    if (m_info == GameInfo::Nothing || m_info == GameInfo::ConWait) return m_info;
    if (m_measuring) return GameInfo::Measure;
    if (m_game == 0) return GameInfo::Connect;
    switch (m_phase) {
    case Phase::Play:
    case Phase::SpeedCall: return m_peerSilent ? GameInfo::Pause0 : GameInfo::Play;
    case Phase::Pause0: return GameInfo::Pause0;
    case Phase::Pause1: return m_peerSilent ? GameInfo::Pause0 : GameInfo::Pause1;
    case Phase::Won:
    case Phase::Lost:
    case Phase::Draw: break;
    }
    if (now >= m_gameOverAt + m_config.timing.resultHoldMs) return GameInfo::ExtGame;
    return m_phase == Phase::Won ? GameInfo::Win : m_phase == Phase::Lost ? GameInfo::Defeat : GameInfo::Draw;
}

void Session::refreshInfo(TimeMs now, std::string_view why) { enterInfo(now, derivedInfo(now), why); }

void Session::endSession(TimeMs now, SessionEventKind kind, std::string_view why) {
    emitText(now, kind, std::string(why));
    std::erase_if(m_requests, [](const PendingRequest& pending) { return verbOfBody(pending.body) != "SHUTDOWN"; });
    m_proposals.clear();
    m_flipAt = kNever;
    m_waitUntil = kNever;
    enterInfo(now, GameInfo::Nothing, why);
}

ProposalOutcome Session::refuseLocally(TimeMs now, const Move& move, MoveError error, std::string_view why) {
    SessionEvent event;
    event.kind = SessionEventKind::MoveRejected;
    event.at = now;
    event.text = std::string(why);
    event.info = m_info;
    if (move.kind == MoveKind::Play) event.card = move.card;
    event.slot = move.slot;
    emit(std::move(event));
    return {false, error};
}

ProposalOutcome Session::proposeMove(TimeMs now, const Move& move) {
    if (move.seat != mySeat()) return refuseLocally(now, move, MoveError::BadSeat, "that is not this side's seat");
    if (m_info != GameInfo::Play) return refuseLocally(now, move, MoveError::GameOver, "the game is not being played");
    if (move.kind == MoveKind::Flip) return refuseLocally(now, move, MoveError::NotStalemate, "only the host flips");
    return m_config.role == SessionRole::Host ? hostPropose(now, move) : clientPropose(now, move);
}

void Session::startNextGame(TimeMs now) {
    const bool canStart = m_info == GameInfo::Connect || m_info == GameInfo::ExtGame || isGameOver(m_info);
    if (!canStart) {
        emitText(now, SessionEventKind::TransitionRefused,
                 "start: no new game from " + std::string(toString(m_info)));
        return;
    }
    if (m_config.role == SessionRole::Host) hostStartGame(now);
    else request(now, Start{m_game + 1});
}

void Session::pause(TimeMs now) {
    if (m_info != GameInfo::Play) return emitText(now, SessionEventKind::TransitionRefused, "pause: not playing");
    if (m_config.role == SessionRole::Host) hostPause(now, PauseReason::User);
    else request(now, Pause{m_game, PauseReason::User});
}

void Session::resume(TimeMs now) {
    if (!isPaused(m_info)) return emitText(now, SessionEventKind::TransitionRefused, "resume: not paused");
    if (m_config.role == SessionRole::Host) return hostResume(now, mySeat());
    m_localResumeAsked = true;
    request(now, Resume{m_game});
}

bool Session::localResumeRequested() const {
    return m_config.role == SessionRole::Host ? m_host.resumeAsked[0] : m_localResumeAsked;
}

void Session::shutdown(TimeMs now, std::string_view reason) {
    if (m_info == GameInfo::Nothing) return;
    const bool peerKnown = m_peerLocked && isConnected(m_info);
    endSession(now, SessionEventKind::Shutdown, "shut down here: " + std::string(reason));
    if (peerKnown) request(now, Shutdown{sanitizeWord(reason)}, now + m_config.timing.shutdownLingerMs);
}

void Session::beginMeasure(TimeMs now) {
    if (m_info != GameInfo::Connect && m_info != GameInfo::ExtGame) {
        return emitText(now, SessionEventKind::TransitionRefused, "measure: only between games");
    }
    m_measuring = true;
    refreshInfo(now, "measurement started");
}

void Session::endMeasure(TimeMs now) {
    m_measuring = false;
    refreshInfo(now, "measurement ended");
}

} // namespace speed::protocol
