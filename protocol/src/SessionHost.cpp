#include "speed/protocol/Session.hpp"

#include "speed/common/Deal.hpp"
#include "speed/protocol/TableView.hpp"

// The host's half: the authoritative game. Every move, the host's own included, goes through
// the arbitration policy; every change gets a new revision and an UPDATE to the client.
namespace speed::protocol {
namespace {

constexpr int kHostSeat = 0;
constexpr int kClientSeat = 1;

// The client writes piles from its own seat (0 = its own pile): absolute = seat XOR wire pile.
int absolutePile(int wirePile, int senderSeat) { return wirePile ^ senderSeat; }

} // namespace

Phase Session::hostPhase() const {
    if (m_confirmed.result != GameResult::Playing) return resultPhase(m_confirmed.result, kHostSeat);
    if (hostPaused()) return m_host.resumeAsked[0] || m_host.resumeAsked[1] ? Phase::Pause1 : Phase::Pause0;
    return m_flipAt != kNever ? Phase::SpeedCall : Phase::Play;
}

void Session::hostStartGame(TimeMs now) {
    if (m_measuring) {
        return emitText(now, SessionEventKind::TransitionRefused, "start: a measurement is running");
    }
    ++m_game;
    m_revision = 0;
    m_host = HostGame{};
    m_confirmed = deal(m_config.rules, m_config.dealSeed + m_game - 1);
    m_flipAt = kNever;
    m_gameOverAt = kNever;
    hostAfterMove(now);
}

void Session::hostAfterMove(TimeMs now) {
    if (m_confirmed.result != GameResult::Playing) {
        m_flipAt = kNever;
        noteGameOver(now, m_confirmed.result);
    } else if (needsFlip(m_confirmed) && m_flipAt == kNever) {
        m_flipAt = now + m_config.timing.speedCallDelayMs;
        emitText(now, SessionEventKind::SpeedCall, "SPEED!");
    }
    hostPublish(now);
}

void Session::hostPublish(TimeMs now) {
    ++m_revision;
    m_phase = hostPhase();
    m_predicted = m_confirmed;
    hostSendSnapshot(now, false);
    refreshInfo(now, "host table changed");
}

void Session::hostSendSnapshot(TimeMs now, bool isResend) {
    if (m_game == 0 || !isConnected(m_info)) return;
    const SnapshotHeader header{m_game, m_revision, m_confirmed.rules, m_phase, m_host.nextProposal - 1};
    send(now, Update{isResend, viewFromSeat(m_confirmed, kHostSeat), header}, isResend);
    m_host.nextSnapshotAt = now + m_config.timing.resendIntervalMs;
}

void Session::hostTick(TimeMs now) {
    if (m_flipAt != kNever && now >= m_flipAt && !hostPaused()) {
        m_flipAt = kNever;
        if (needsFlip(m_confirmed)) m_arbitration->arbitrate(m_confirmed, Move::flip(), {kHostSeat, now, now});
        hostAfterMove(now);
    }
    if (m_game > 0 && m_host.ackedRevision < m_revision && now >= m_host.nextSnapshotAt) {
        hostSendSnapshot(now, true);
    }
}

ProposalOutcome Session::hostPropose(TimeMs now, const Move& move) {
    if (hostPaused()) return refuseLocally(now, move, MoveError::GameOver, "the game is paused");
    const MoveError error = m_arbitration->arbitrate(m_confirmed, move, {kHostSeat, now, now - m_startedAt});
    if (error != MoveError::None) return refuseLocally(now, move, error, describe(error));
    hostAfterMove(now);
    return {true, MoveError::None};
}

void Session::hostOnMove(TimeMs now, const Message& message, const MoveRequest& request) {
    if (request.game != m_game) {
        return ignore(now, "6 (MOVE for game " + std::to_string(request.game) + ", this is game " +
                               std::to_string(m_game) + ")");
    }
    if (const auto known = m_host.verdicts.find(request.id); known != m_host.verdicts.end()) {
        return hostAnswer(now, request, known->second); // a resent proposal: answer again, never apply twice
    }
    if (request.id != m_host.nextProposal) {
        return ignore(now, "11 (MOVE " + std::to_string(request.id) + " came before MOVE " +
                               std::to_string(m_host.nextProposal) + "; proposals are decided in order)");
    }
    ++m_host.nextProposal;
    Verdict verdict;
    if (hostPaused()) {
        verdict.reason = Refusal::Paused;
    } else if (m_confirmed.result != GameResult::Playing) {
        verdict.reason = Refusal::GameOver;
    } else {
        const Move move{request.kind, kClientSeat, request.slot, absolutePile(request.pile, kClientSeat), request.card};
        const MoveError error = m_arbitration->arbitrate(m_confirmed, move, {kClientSeat, now, message.time});
        verdict.accepted = error == MoveError::None;
        verdict.reason = refusalFor(error);
        verdict.revision = m_revision + 1;
    }
    m_host.verdicts.emplace(request.id, verdict);
    hostAnswer(now, request, verdict);
    if (verdict.accepted) hostAfterMove(now);
    else hostPublish(now); // LAST moved on; a refused proposer may also hold an old table
}

void Session::hostAnswer(TimeMs now, const MoveRequest& request, const Verdict& verdict) {
    if (verdict.accepted) send(now, Ok{Subject::Move, request.game, request.id, verdict.revision});
    else send(now, Ng{false, request.game, request.id, verdict.reason});
}

void Session::hostOnRequest(TimeMs now, const Message& message) {
    const MessageBody& body = message.body;
    const bool control = std::holds_alternative<Pause>(body) || std::holds_alternative<Resume>(body);
    if (control && message.seq <= m_host.newestControlSeq) {
        return ignore(now, "12 (an older PAUSE or RESUME than the last one taken)");
    }
    if (control) m_host.newestControlSeq = message.seq;
    if (const auto* start = std::get_if<Start>(&body)) {
        const bool between = m_game == 0 || m_confirmed.result != GameResult::Playing;
        if (start->game == m_game + 1 && between && !m_measuring) hostStartGame(now);
        if (start->game > m_game) return ignore(now, "6 (START for a game that cannot start now)");
        return send(now, Ok{Subject::Start, start->game, 0, 0});
    }
    if (const auto* pause = std::get_if<Pause>(&body)) {
        if (pause->game != m_game) return ignore(now, "6 (PAUSE for another game)");
        if (m_confirmed.result == GameResult::Playing) hostPause(now, PauseReason::User);
        return send(now, Ok{Subject::Pause, pause->game, 0, 0});
    }
    if (const auto* resume = std::get_if<Resume>(&body)) {
        if (resume->game != m_game) return ignore(now, "6 (RESUME for another game)");
        hostResume(now, kClientSeat);
        return send(now, Ok{Subject::Resume, resume->game, 0, 0});
    }
}

void Session::hostPause(TimeMs now, PauseReason reason) {
    if (m_game == 0 || m_confirmed.result != GameResult::Playing) return;
    if (reason == PauseReason::Silent) {
        if (m_host.silencePause) return;
        m_host.silencePause = true;
    } else {
        if (m_host.userPause) return;
        m_host.userPause = true;
        m_host.resumeAsked = {};
    }
    hostPublish(now);
}

void Session::hostResume(TimeMs now, int seat) {
    if (!m_host.userPause || m_host.resumeAsked[static_cast<std::size_t>(seat)]) return;
    m_host.resumeAsked[static_cast<std::size_t>(seat)] = true;
    if (m_host.resumeAsked[0] && m_host.resumeAsked[1]) {
        m_host.userPause = false;
        m_host.resumeAsked = {};
        if (m_flipAt != kNever) m_flipAt = now + m_config.timing.speedCallDelayMs;
    }
    hostPublish(now);
}

} // namespace speed::protocol
