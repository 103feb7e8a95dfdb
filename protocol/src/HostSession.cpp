#include "speed/protocol/HostSession.hpp"

#include "speed/protocol/Codec.hpp"
#include "speed/protocol/TableView.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

// The host session's core: the messages a client sends in a game, its moves handed to the
// arbitration policy, and every change of the table published as a new revision (journalled,
// sent as an UPDATE). The handshake, the restore from the journal, starting and pausing games,
// and what the host does for its arbitration policy are in the other HostSession*.cpp files.
namespace speed::protocol {

HostSession::HostSession(SessionConfig config)
    : Session(std::move(config)), m_arbitration(makeArbitration(Arbitration::FirstArrival, *this, m_config.timing)),
      m_refusals(m_config.timing.refusals), m_match(m_config.timing.match) {
    for (std::size_t i = 0; i < m_cookieSecret.size(); i += 8) {
        std::uint64_t bits = randomBits();
        for (std::size_t k = 0; k < 8; ++k, bits >>= 8)
            m_cookieSecret[i + k] = static_cast<std::uint8_t>(bits);
    }
}

void HostSession::listen(TimeMs now) {
    if (gameInfo() != GameInfo::Nothing || m_link.locked()) {
        return refuseTransition(now, "listen: only a new host session listens");
    }
    beginWaiting(now, "listening");
}

void HostSession::onMessage(TimeMs now, const Message& message) {
    const MessageBody& body = message.body;
    if (const auto* ok = std::get_if<Ok>(&body)) return onAck(now, *ok);
    if (const auto* move = std::get_if<MoveRequest>(&body)) return onMove(now, message, *move);
    if (std::holds_alternative<Start>(body) || std::holds_alternative<Pause>(body) ||
        std::holds_alternative<Resume>(body)) {
        return onControl(now, message);
    }
    m_link.ignore(now, IgnoreRule::Meaningless, std::string(verbOf(message)) + " means nothing to a host");
}

void HostSession::onAck(TimeMs now, const Ok& ok) {
    if (ok.subject == Subject::Start) { // the other player heard that we want the next game
        if (ok.game != gameNumber() + 1 || !m_game.nextAsked[kHostSeat]) {
            return ignoreNeverSent(now, "OK START " + std::to_string(ok.game) + ", not asked for");
        }
        return m_link.settle(RequestKind::Start);
    }
    if (ok.subject != Subject::Update)
        return m_link.ignore(now, IgnoreRule::Meaningless, "a host is not answered with OK but UPDATE or START");
    if (ok.game != gameNumber()) return m_link.ignore(now, IgnoreRule::OtherGame, "acknowledges another game");
    if (ok.revision > m_revision) {
        return ignoreNeverSent(now, "OK UPDATE " + std::to_string(ok.revision) + ", the newest sent is " +
                                        std::to_string(m_revision));
    }
    if (ok.revision > m_game.ackedRevision) m_waitingForAckSince = now; // a revision was taken: no stall
    m_game.ackedRevision = std::max(m_game.ackedRevision, ok.revision);
    m_link.timeAnswered(TimedExchange::Update, ok.game, ok.revision, now);
    m_arbitration->measured(); // the deal's first exchanges, while its SPEED! is called
}

void HostSession::onGarbledAnswer(TimeMs now) { // the peer's NG GARBLED, at most once per resend interval
    m_link.expediteRequests(now);
    m_game.nextSnapshotAt = std::min(m_game.nextSnapshotAt, now);
}

ProposalOutcome HostSession::proposeMove(TimeMs now, const Move& move) {
    if (move.kind != MoveKind::Flip && move.seat != kHostSeat) return refuse(now, move, {}, LinkRefusal::NotThisSeat);
    if (gameInfo() != GameInfo::Play) return refuse(now, move, notPlaying());
    return m_arbitration->proposeOwn(now, move);
}

void HostSession::onMove(TimeMs now, const Message& message, const MoveRequest& request) {
    if (request.game != gameNumber()) {
        return m_link.ignore(now, IgnoreRule::OtherGame,
                             "MOVE for game " + std::to_string(request.game) + ", this is game " +
                                 std::to_string(gameNumber()));
    }
    if (const auto known = m_game.verdicts.find(request.id); known != m_game.verdicts.end()) {
        // A resent proposal: answered again, never applied twice.
        return answer(now, request.game, request.id, known->second);
    }
    if (m_arbitration->holds(request.id)) return; // a resent proposal still waiting its turn: answered then
    if (request.id != m_game.nextProposal) {
        return m_link.ignore(now, IgnoreRule::ProposalAhead,
                             "MOVE " + std::to_string(request.id) + " came before MOVE " +
                                 std::to_string(m_game.nextProposal) + "; proposals are decided in order");
    }
    ++m_game.nextProposal;
    const Move move = moveSeenFrom(Move{request.kind, 0, request.slot, request.pile, request.card}, kClientSeat);
    const auto arrivalUs = static_cast<std::int64_t>(m_link.sinceOpenUs(now));
    const std::int64_t madeUs = clientInputUs(request, message.time, arrivalUs);
    m_arbitration->takeClient(now, TimedPlay{kClientSeat, move, madeUs, arrivalUs, request.id, request.inputUs});
}

void HostSession::answer(TimeMs now, WireNumber game, WireNumber proposal, const Verdict& verdict) {
    if (verdict.accepted)
        m_link.send(now, Ok{Subject::Move, game, proposal, verdict.revision});
    else
        m_link.send(now, Ng{false, game, proposal, verdict.reason, verdict.leadUs});
}

void HostSession::refusePeer(TimeMs now, const Move& move, const PlayOutcome& outcome, RevisionCause cause,
                             std::optional<std::int64_t> leadUs, std::optional<std::uint64_t> inputUs) {
    publish(now, std::nullopt, cause); // LAST moved on; a refused proposer may also hold an old table
    SessionEvent refused = moveEvent(SessionEventKind::PeerMoveRefused, now, move);
    refused.play = outcome;
    refused.raceLeadUs = leadUs;
    refused.inputUs = inputUs;
    if (m_link.describing()) {
        refused.text =
            "refused " + peerName() + "'s " + std::string(describe(move)) + ": " + std::string(describe(outcome));
    }
    emit(std::move(refused));
}

// The client's INPUT on this clock, when it is one the host can believe: no later than the
// arrival (nothing comes from the future) and no earlier than the arrival less the longest way
// here the recent exchanges allow (wayBackBoundNs: their trips this way with their jitter, the
// round trip at most). A claim earlier than that, a lying client's or a copy resent after its
// first was lost, counts at the arrival: a client sends each new MOVE three times (ClientSession), so
// a lost first copy costs an honest one nothing, and no claim of a copy lost before is believed.
std::int64_t HostSession::clientInputUs(const MoveRequest& request, WireNumber /*sentMs*/,
                                        std::int64_t arrivalUs) const {
    const auto clock = m_link.clockOffset();
    if (!request.inputUs || !clock) return arrivalUs; // nothing to go by but the arrival
    // Round trips far beyond the shortest say nothing about the way (a stopped peer answering
    // everything at once): left out, as the deal's figures leave them out.
    const auto all = m_link.clockDelays(std::numeric_limits<std::int64_t>::max());
    if (!all) return arrivalUs;
    const std::int64_t ceilingNs = all->minNs + 2 * m_config.timing.fair.maxLagUs * 1000;
    const auto delays = m_link.clockDelays(ceilingNs);
    const auto ways = m_link.clockWaysBack(ceilingNs);
    if (!delays || !ways) return arrivalUs;
    // far (client) = here + offset: the client's INPUT on this clock is INPUT - offset.
    const std::int64_t input = static_cast<std::int64_t>(*request.inputUs) - std::llround(clock->offsetNs / 1000.0);
    if (input < arrivalUs - wayBackBoundNs(*ways, *delays) / 1000) return arrivalUs;
    return std::min(input, arrivalUs);
}

std::optional<std::int64_t> HostSession::raceLead(const Move& move, const PlayOutcome& outcome,
                                                  std::int64_t madeUs) const {
    if (outcome.error != MoveError::NotAdjacent || move.kind != MoveKind::Play || move.pile < 0 ||
        move.pile >= kFieldPiles) {
        return std::nullopt;
    }
    return madeUs - m_pileChangedUs[static_cast<std::size_t>(move.pile)];
}

// A move (or the deal, or a flip) changed the table: the game may be over, or a SPEED! called.
void HostSession::afterMove(TimeMs now, const std::optional<Move>& move, RevisionCause cause, MoveMade made) {
    // Which piles changed, and when: what a later refusal's LEAD is measured from.
    const std::int64_t changedUs = made.atUs.value_or(static_cast<std::int64_t>(m_link.sinceOpenUs(now)));
    if (move && move->kind == MoveKind::Play && move->pile >= 0 && move->pile < kFieldPiles) {
        m_pileChangedUs[static_cast<std::size_t>(move->pile)] = changedUs;
    } else if (!move || move->kind == MoveKind::Flip) {
        m_pileChangedUs.fill(changedUs); // the deal or the SPEED! flip: both piles
        m_arbitration->closeRewinds();   // no play is taken back across them
    }
    if (m_match.over()) {
        m_arbitration->closeRewinds();
        noteGameOver(now, gameNumber(), m_match.state().result);
    } else if (!m_match.speedCalled()) {
        m_game.speedCallAnnounced = false;
    } else if (!m_game.speedCallAnnounced) {
        m_game.speedCallAnnounced = true;
        emitText(now, SessionEventKind::SpeedCall, "SPEED!");
    }
    publish(now, move, cause);
    if (!move) return;
    SessionEvent applied = moveEvent(SessionEventKind::MoveApplied, now, *move);
    applied.revision = m_revision;
    applied.inputUs = made.inputUs;
    emit(std::move(applied));
}

SessionEvent HostSession::moveEvent(SessionEventKind kind, TimeMs now, const Move& move) const {
    SessionEvent event;
    event.kind = kind;
    event.at = now;
    event.game = gameNumber();
    event.move = move;
    if (m_link.describing()) event.text = describe(move);
    return event;
}

void HostSession::publish(TimeMs now, const std::optional<Move>& change, RevisionCause cause) {
    if (m_game.ackedRevision >= m_revision) m_waitingForAckSince = now; // nothing was outstanding
    ++m_revision;
    m_game.change = change;
    m_game.news = std::exchange(m_game.nextNews, {});
    m_phase = currentPhase();
    JournalEntry entry = journalEntry(
        now, change ? (change->kind == MoveKind::Flip ? JournalChange::Flip : JournalChange::Move) : cause.change);
    if (change) entry.move = *change;
    if (entry.change == JournalChange::Deal) {
        entry.seed = m_match.seed();
        entry.rules = m_match.state().rules;
    }
    entry.proposal = cause.proposal;
    entry.refusal = cause.refusal;
    m_journal.emplace_back(entry);
    m_arbitration->published(now, m_revision, m_match.state());
    sendSnapshot(now, false);
    refreshInfo(now, "host table changed");
}

JournalEntry HostSession::journalEntry(TimeMs now, JournalChange change) const {
    JournalEntry entry;
    entry.game = gameNumber();
    entry.revision = m_revision;
    entry.change = change;
    entry.lastProposal = m_game.lastDecided;
    entry.elapsedMs = m_match.elapsedMs(now);
    entry.userPause = m_game.userPause;
    entry.resumeAsked = m_game.resumeAsked;
    return entry;
}

void HostSession::sendSnapshot(TimeMs now, bool isResend) {
    if (gameNumber() == 0 || !isConnected(gameInfo())) return;
    SnapshotHeader header{gameNumber(), m_revision,         m_match.state().rules,
                          m_phase,      m_game.lastDecided, m_game.change};
    header.undone = m_game.news.undone;
    header.takenBack = m_game.news.takenBack;
    header.takenBackLeadUs = m_game.news.takenBackLeadUs;
    const Update update{isResend, viewFromSeat(m_match.state(), kHostSeat), header};
    // A new table goes in copies at once, as a client's MOVE does: a lost copy would otherwise
    // show the other player the change a resend interval late, and the host's seat, which sees
    // it after the lag whatever the network loses, would react to it first. A resend goes once.
    if (isResend) m_link.send(now, update, true);
    else m_link.sendCopies(now, update);
    // A silent peer may be gone for the whole grace: its table goes less often meanwhile.
    const SessionTiming& timing = m_config.timing;
    m_game.nextSnapshotAt = now + (m_link.silent() ? timing.silentResendIntervalMs : timing.resendIntervalMs);
    m_link.timeSent(TimedExchange::Update, gameNumber(), m_revision, now);
}

void HostSession::onEnded(TimeMs /*now*/) {
    if (m_link.keyed()) m_journal.emplace_back(JournalClosed{"the session ended"});
}

void HostSession::onTick(TimeMs now) {
    if (m_link.keysRetired() && now >= m_nextRekeyAt) {
        m_link.send(now, Rekey{});
        m_nextRekeyAt = now + m_config.timing.silentResendIntervalMs;
    }
    m_arbitration->tick(now); // the plays due before the flip are taken first
    if (const auto flip = m_match.advance(now)) afterMove(now, flip);
    if (gameNumber() > 0 && m_game.ackedRevision < m_revision && now >= m_game.nextSnapshotAt) sendSnapshot(now, true);
    watchForStall(now);
}

// The client acknowledges every table it takes, so a newest revision it leaves unacknowledged
// for stallTimeoutMs while it is heard (not silent, not being waited for to come back) is one it
// cannot take: its table is ahead of this one or of another history. The match is given up.
void HostSession::watchForStall(TimeMs now) {
    const bool outstanding = gameNumber() > 0 && m_game.ackedRevision < m_revision;
    if (!outstanding || m_link.silent() || m_link.keysRetired()) {
        m_waitingForAckSince = now;
        return;
    }
    if (now - m_waitingForAckSince >= m_config.timing.stallTimeoutMs) giveUpStalled(now, now - m_waitingForAckSince);
}

TimeMs HostSession::roleWakeMs(TimeMs now) const {
    TimeMs wake = m_match.nextWakeAt(now);
    if (m_link.keysRetired()) wake = std::min(wake, m_nextRekeyAt);
    if (m_game.ackedRevision < m_revision) {
        wake = std::min({wake, m_game.nextSnapshotAt, m_waitingForAckSince + m_config.timing.stallTimeoutMs});
    }
    return std::min(wake, m_arbitration->wakeMs(now));
}

} // namespace speed::protocol
