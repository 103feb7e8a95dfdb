#include "speed/protocol/ClientSession.hpp"

#include "speed/common/Invariant.hpp"
#include "speed/protocol/Codec.hpp"
#include "speed/protocol/TableView.hpp"

#include <algorithm>

namespace speed::protocol {

ClientSession::ClientSession(SessionConfig config) : Session(std::move(config)) {
    m_confirmed.rules = m_config.rules;
    m_predicted = m_confirmed;
}

void ClientSession::onMessage(TimeMs now, const Message& message) {
    const MessageBody& body = message.body;
    if (const auto* update = std::get_if<Update>(&body)) return onUpdate(now, *update);
    if (const auto* ok = std::get_if<Ok>(&body)) return onOk(now, *ok);
    if (const auto* ng = std::get_if<Ng>(&body)) return onNg(now, *ng);
    if (const auto* start = std::get_if<Start>(&body)) return onHostStart(now, *start);
    if (std::holds_alternative<Rekey>(body)) { // the host restarted from its journal: ask for the seat now
        if (!comingBack()) comeBack(now);
        else if (m_link.expediteAllowed(now)) m_link.expediteRequests(now); // asking already: at once
        return;
    }
    m_link.ignore(now, IgnoreRule::Meaningless, std::string(verbOf(message)) + " means nothing to a client");
}

void ClientSession::onGarbledAnswer(TimeMs now) { // the host's NG GARBLED, at most once per resend interval
    m_link.expediteRequests(now);
    for (PendingProposal& proposal : m_proposals) proposal.nextSendAt = std::min(proposal.nextSendAt, now);
}

ProposalOutcome ClientSession::proposeMove(TimeMs now, const Move& move) {
    if (move.kind != MoveKind::Flip && move.seat != kClientSeat) return refuse(now, move, {}, LinkRefusal::NotThisSeat);
    if (gameInfo() != GameInfo::Play) return refuse(now, move, notPlaying());
    if (move.kind == MoveKind::Flip) return refuse(now, move, {MatchRefusal::FlipIsAutomatic, MoveError::None});
    const auto waiting = std::count_if(m_proposals.begin(), m_proposals.end(), [](const PendingProposal& p) { return !p.confirmed; });
    if (waiting >= m_config.timing.maxProposalsInFlight) return refuse(now, move, {}, LinkRefusal::TooManyInFlight);
    const MoveError error = checkMove(m_predicted, move);
    if (error != MoveError::None) return refuse(now, move, {MatchRefusal::None, error});
    PendingProposal proposal;
    proposal.move = move;
    const Move wire = moveSeenFrom(move, kClientSeat);
    proposal.request = MoveRequest{m_game, m_nextProposalId++, move.kind, move.slot, move.card, wire.pile,
                                   m_link.sinceOpenUs(now)}; // resends carry the same INPUT
    proposal.proposedAt = now;
    proposal.nextSendAt = now + m_config.timing.resendIntervalMs;
    // In copies at once (the same datagram, Link::kMoveCopiesAtOnce): the network loses each copy on its own, so a
    // play is seldom late by a whole resend interval (at 20% of datagrams lost or held back, 0.16%
    // of plays), and the host need believe no claim of a first copy lost (a copy resent later
    // counts when it arrives; docs/PROTOCOL.md, "Races: who was earlier").
    m_link.sendCopies(now, proposal.request, Link::kMoveCopiesAtOnce);
    m_link.timeSent(TimedExchange::Move, m_game, proposal.request.id, now);
    m_proposals.push_back(proposal);
    ++m_link.stats().proposalsSent;
    applyMove(m_predicted, move); // shown at once
    return {true, {}, LinkRefusal::None};
}

void ClientSession::onUpdate(TimeMs now, const Update& update) {
    if (!update.header) return m_link.ignore(now, IgnoreRule::HeaderlessUpdate, "UPDATE without GAME and REV (version 1's headerless form)");
    const SnapshotHeader& header = *update.header;
    const bool older = header.game < m_game || (header.game == m_game && header.revision <= m_revision);
    if (older) {
        m_link.send(now, Ok{Subject::Update, m_game, 0, m_revision}); // the host may have missed our OK
        m_link.ignore(now, IgnoreRule::StaleUpdate,
                      m_link.describing() ? "revision " + std::to_string(header.revision) + " is not newer than ours"
                                          : std::string());
        if (header.game == m_game && header.revision == m_revision) {
            m_untakenSince = kNever; // our own table again: the host missed our OK
        } else {
            noteUntaken(now);
        }
        return;
    }
    StateFromView rebuilt = stateFromView(update.table, kHostSeat, header.rules);
    const std::string problem =
        rebuilt.state ? conservationError(*rebuilt.state) : "it does not fit its rules: " + rebuilt.error;
    if (!problem.empty()) {
        ++m_link.stats().badTables;
        m_link.ignore(now, IgnoreRule::BadTable,
                      "the table " + (rebuilt.state ? "loses or doubles cards: " + problem : problem));
        return noteUntaken(now);
    }
    m_untakenSince = kNever;
    adopt(now, header, *rebuilt.state);
    m_link.send(now, Ok{Subject::Update, m_game, 0, m_revision});
}

void ClientSession::adopt(TimeMs now, const SnapshotHeader& header, const GameState& received) {
    const GameState before = m_confirmed;
    const WireNumber heldRevision = m_revision;
    const bool newGame = header.game != m_game;
    // The wire carries the cards, not the count of SPEED! flips: carry it on from the table held,
    // so that a bot on this side sees each flip (GameState::flips) as it would on the host. A flip
    // is the move the UPDATE names, or whatever moved a table on from a stalemate.
    GameState table = received;
    const bool flipped = (header.change && header.change->kind == MoveKind::Flip) ||
                         (needsFlip(before) && !sameTable(before, received));
    table.flips = newGame ? 0 : before.flips + (flipped ? 1 : 0);
    if (newGame) startedGame(now, header, table);
    const Phase previous = m_phase;
    m_revision = header.revision;
    m_confirmed = table;
    m_lastDecided = header.lastProposal;
    m_phase = mirrored(header.phase);
    if (m_phase == Phase::Play || (m_phase == Phase::Pause0 && previous != Phase::Pause0)) m_localResumeAsked = false;
    if (!newGame) tellChange(now, header, heldRevision, before, table);
    if (m_phase == Phase::SpeedCall && previous != Phase::SpeedCall) emitText(now, SessionEventKind::SpeedCall, "SPEED!");
    if (table.result != GameResult::Playing) noteGameOver(now, m_game, table.result);
    std::erase_if(m_proposals, [&](const PendingProposal& p) { return p.confirmed && p.request.id <= m_lastDecided; });
    repredict();
    followClock(now);
    refreshInfo(now, "host table received");
}

// The host wants the next game (a rematch): say so once, and answer every copy.
void ClientSession::onHostStart(TimeMs now, const Start& start) {
    if (start.game <= m_game) return m_link.send(now, Ok{Subject::Start, start.game, 0, 0}); // dealt already
    if (start.game != m_game + 1 || m_confirmed.result == GameResult::Playing) {
        return m_link.ignore(now, IgnoreRule::OtherGame, "START " + std::to_string(start.game) + " while game " +
                                                             std::to_string(m_game) + " is not over");
    }
    if (!m_peerAskedNext) {
        m_peerAskedNext = true;
        emitPeerAskedNextGame(now, start.game);
    }
    m_link.send(now, Ok{Subject::Start, start.game, 0, 0});
}

void ClientSession::startedGame(TimeMs now, const SnapshotHeader& header, const GameState& table) {
    const WireNumber game = header.game;
    m_askedNext = false;
    m_peerAskedNext = false;
    dropProposals(now);
    m_nextProposalId = header.lastProposal + 1; // 1 in a new game; further on in one we came back to
    m_link.settle(RequestKind::Start);
    m_link.timeAnswered(TimedExchange::Start, game, 0, now);
    clearGameOver();
    m_localResumeAsked = false;
    m_game = game;
    m_beforeMoves.clear();
    // A game we came back to has been played for a while already: WELCOME said how long.
    m_clock.start(game == m_welcomeGame ? now - static_cast<TimeMs>(m_welcomeClockMs) : now);
    SessionEvent started;
    started.kind = SessionEventKind::GameStarted;
    started.at = now;
    started.game = game;
    started.text = "game " + std::to_string(game) + " dealt";
    started.table = std::make_shared<const GameState>(table);
    emit(std::move(started));
}

// What turned the table held into the one received, when it is the very next revision: the
// move the UPDATE names; or (version 7) a rewind that undid the newest moves taken first, or a
// play taken back after one. Otherwise, or when that does not explain it, the table jumped
// (UPDATEs were lost on the way).
void ClientSession::tellChange(TimeMs now, const SnapshotHeader& header, WireNumber heldRevision, const GameState& before,
                               const GameState& after) {
    SessionEvent event;
    event.at = now;
    event.game = m_game;
    event.revision = header.revision;
    const bool next = header.revision == heldRevision + 1;
    if (next && header.takenBack && sameTable(before, after)) {
        const Move move = moveSeenFrom(*header.takenBack, kHostSeat);
        event.kind = SessionEventKind::MoveTakenBack;
        event.move = move;
        event.raceLeadUs = header.takenBackLeadUs;
        // A lead means it lost a race; without one it no longer fitted for another reason.
        event.play = {MatchRefusal::None, header.takenBackLeadUs ? MoveError::NotAdjacent : MoveError::CardNotInHand};
        if (m_link.describing()) event.text = "took back " + std::string(describe(move)) + ": an earlier play came late";
        return emit(std::move(event));
    }
    const auto undone = static_cast<std::size_t>(std::max(header.undone, 0));
    if (next && !header.takenBack && undone <= m_beforeMoves.size()) {
        GameState replayed = undone > 0 ? m_beforeMoves[m_beforeMoves.size() - undone] : before;
        const GameState startsFrom = replayed;
        const std::optional<Move> move =
            header.change ? std::optional<Move>(moveSeenFrom(*header.change, kHostSeat)) : std::nullopt;
        const bool fits = !move || applyMove(replayed, *move) == MoveError::None;
        if (fits && sameTable(replayed, after) && (move || undone > 0)) {
            m_beforeMoves.resize(m_beforeMoves.size() - undone);
            if (undone > 0) {
                SessionEvent rewound = event;
                rewound.kind = SessionEventKind::Rewound;
                rewound.table = std::make_shared<const GameState>(startsFrom);
                rewound.undone = static_cast<int>(undone);
                if (move) rewound.move = move;
                if (m_link.describing()) {
                    rewound.text = "an earlier play came late: " + std::to_string(undone) + " play(s) taken again after it";
                }
                emit(std::move(rewound));
            }
            if (!move) return;
            m_beforeMoves.push_back(startsFrom);
            if (m_beforeMoves.size() > static_cast<std::size_t>(kMaxUndone)) m_beforeMoves.pop_front();
            event.kind = SessionEventKind::MoveApplied;
            event.move = move;
            if (m_link.describing()) event.text = describe(*move);
            return emit(std::move(event));
        }
    }
    if (sameTable(before, after)) return; // a change of phase, or LAST moving on
    m_beforeMoves.clear(); // the moves between the two tables are not known
    event.kind = SessionEventKind::TableJumped;
    if (m_link.describing()) event.text = "the table moved on to revision " + std::to_string(header.revision);
    event.table = std::make_shared<const GameState>(after);
    emit(std::move(event));
}

void ClientSession::onOk(TimeMs now, const Ok& ok) {
    switch (ok.subject) {
    case Subject::Start: return settleControl(now, RequestKind::Start, TimedExchange::Start, ok);
    case Subject::Pause: return settleControl(now, RequestKind::Pause, TimedExchange::Pause, ok);
    case Subject::Resume: return settleControl(now, RequestKind::Resume, TimedExchange::Resume, ok);
    case Subject::Shutdown: return m_link.settle(RequestKind::Shutdown);
    case Subject::Update: return m_link.ignore(now, IgnoreRule::Meaningless, "a client is not sent OK UPDATE");
    case Subject::Move: break;
    }
    const auto proposal = std::find_if(m_proposals.begin(), m_proposals.end(), [&](const PendingProposal& p) {
        return p.request.game == ok.game && p.request.id == ok.id && !p.confirmed;
    });
    if (proposal == m_proposals.end()) return m_link.ignore(now, IgnoreRule::UnknownProposal, "OK for a proposal that is not pending");
    m_link.timeAnswered(TimedExchange::Move, ok.game, ok.id, now);
    SessionEvent event;
    event.kind = SessionEventKind::MoveConfirmed;
    event.at = now;
    event.move = proposal->move;
    event.confirmMs = now - proposal->proposedAt;
    if (m_link.describing()) event.text = describe(proposal->move);
    emit(std::move(event));
    ++m_link.stats().proposalsConfirmed;
    if (proposal->request.id <= m_lastDecided) m_proposals.erase(proposal); // the table already shows it
    else proposal->confirmed = true;
    repredict();
}

// OK START / PAUSE / RESUME: only for what this side asked for (rule 14).
void ClientSession::settleControl(TimeMs now, RequestKind kind, TimedExchange exchange, const Ok& ok) {
    if (!m_link.pending(kind)) return ignoreNeverSent(now, "OK for a START, PAUSE or RESUME not asked for");
    m_link.timeAnswered(exchange, ok.game, 0, now);
    m_link.settle(kind);
}

void ClientSession::onNg(TimeMs now, const Ng& ng) {
    const auto proposal = std::find_if(m_proposals.begin(), m_proposals.end(), [&](const PendingProposal& p) {
        return p.request.game == ng.game && p.request.id == ng.id && !p.confirmed;
    });
    if (proposal == m_proposals.end()) return m_link.ignore(now, IgnoreRule::UnknownProposal, "NG for a proposal that is not pending");
    m_link.timeAnswered(TimedExchange::Move, ng.game, ng.id, now);
    const Move move = proposal->move;
    m_proposals.erase(proposal);
    ++m_link.stats().proposalsRejected;
    repredict();
    refuse(now, move, playOutcomeOf(ng.reason), LinkRefusal::None, true, ng.leadUs);
}

// An UPDATE this side cannot take: older than its table (rule 7) or not a valid table (rule 9).
// One now and then is a reordered or damaged copy; a host whose UPDATEs cannot be taken for
// stallTimeoutMs (its table is behind this one, or of another history) stalls the match.
void ClientSession::noteUntaken(TimeMs now) {
    if (m_untakenSince == kNever) m_untakenSince = now;
    else if (now - m_untakenSince >= m_config.timing.stallTimeoutMs) giveUpStalled(now, now - m_untakenSince);
}

// A host that is heard answers every proposal within a resend interval or two (OK, NG, or NG
// PAUSED); one unanswered for stallTimeoutMs while it is heard is ignored for good (its ID is
// ahead of what the host's table decided: the table jumped to another history).
void ClientSession::watchProposals(TimeMs now) {
    if (m_link.silent() || comingBack()) return;
    for (const PendingProposal& proposal : m_proposals) {
        if (proposal.confirmed) continue;
        const TimeMs waited = now - std::max(proposal.proposedAt, m_heardAgainAt);
        if (waited >= m_config.timing.stallTimeoutMs) return giveUpStalled(now, waited);
    }
}

void ClientSession::onTick(TimeMs now) {
    watchProposals(now);
    if (gameInfo() == GameInfo::Nothing) return;
    if (m_link.silent() && !comingBack()) comeBack(now);
    for (PendingProposal& proposal : m_proposals) {
        if (proposal.confirmed || now < proposal.nextSendAt) continue;
        proposal.nextSendAt = now + m_link.resendIntervalMs();
        m_link.send(now, proposal.request, true);
        m_link.timeSent(TimedExchange::Move, proposal.request.game, proposal.request.id, now);
    }
}

TimeMs ClientSession::roleWakeMs(TimeMs /*now*/) const {
    TimeMs wake = kNever;
    for (const PendingProposal& proposal : m_proposals) {
        if (!proposal.confirmed) wake = std::min(wake, proposal.nextSendAt);
    }
    return wake;
}

void ClientSession::repredict() {
    // Proposals the host has decided are in the table already (or refused): never apply them twice.
    m_predicted = m_confirmed;
    for (const PendingProposal& proposal : m_proposals) {
        if (proposal.request.id > m_lastDecided) applyMove(m_predicted, proposal.move); // skipped if now illegal
    }
}

void ClientSession::dropProposals(TimeMs now) {
    for (const PendingProposal& proposal : m_proposals) {
        if (!proposal.confirmed) refuse(now, proposal.move, {MatchRefusal::None, MoveError::GameOver}); // its game is over
    }
    m_proposals.clear();
}

void ClientSession::onEnded(TimeMs /*now*/) { m_proposals.clear(); }

// The client's game clock follows the host's phase: it stands still while paused or while the
// host is not heard, and stops at the end.
void ClientSession::followClock(TimeMs now) {
    if (m_game == 0) return;
    if (m_confirmed.result != GameResult::Playing) return m_clock.stop(now);
    const bool paused = m_phase == Phase::Pause0 || m_phase == Phase::Pause1 || m_link.silent();
    if (paused) m_clock.pause(now);
    else m_clock.resume(now);
}

void ClientSession::startNextGame(TimeMs now) {
    const GameInfo info = gameInfo();
    if (info != GameInfo::Connect && info != GameInfo::ExtGame && !isGameOver(info)) {
        return refuseTransition(now, "start: no new game from " + std::string(toString(info)));
    }
    if (m_askedNext) return; // asked already: the START is resent until the host answers
    m_askedNext = true;
    m_link.request(now, RequestKind::Start, Start{m_game + 1});
    m_link.timeSent(TimedExchange::Start, m_game + 1, 0, now);
}

void ClientSession::pause(TimeMs now) {
    if (gameInfo() != GameInfo::Play) return refuseTransition(now, "pause: not playing");
    m_link.request(now, RequestKind::Pause, Pause{m_game, PauseReason::User});
    m_link.timeSent(TimedExchange::Pause, m_game, 0, now);
}

void ClientSession::resume(TimeMs now) {
    if (!isPaused(gameInfo())) return refuseTransition(now, "resume: not paused");
    m_localResumeAsked = true;
    m_link.request(now, RequestKind::Resume, Resume{m_game});
    m_link.timeSent(TimedExchange::Resume, m_game, 0, now);
}

} // namespace speed::protocol
