#include "speed/protocol/HostSession.hpp"

#include <algorithm>
#include <memory>
#include <string>

// What the host session does for its arbitration policy: the policy decides when a move is
// played; the host answers the client, publishes the table, keeps the journal and tells the log.
namespace speed::protocol {

void HostSession::setupArbitration() {
    const Arbitration mode = m_match.state().rules.arbitration;
    if (m_arbitration->mode() != mode) m_arbitration = makeArbitration(mode, *this, m_config.timing);
    m_arbitration->newDeal(m_match.state(), m_revision, static_cast<int>(m_match.seed() & 1U));
}

ArbitrationFigures HostSession::arbitration() const {
    ArbitrationFigures figures = m_arbitration->figures();
    figures.mode = m_match.dealt() ? m_match.state().rules.arbitration : m_config.rules.arbitration;
    return figures;
}

std::int64_t HostSession::sessionClockUs(TimeMs now) const {
    return static_cast<std::int64_t>(m_link.sinceOpenUs(now));
}

std::optional<DelaySpread> HostSession::linkDelays(std::int64_t ceilingNs) const {
    if (m_link.silent()) return std::nullopt;
    return m_link.clockDelays(ceilingNs);
}

void HostSession::ownProposalMade(const Move& move) {
    if (move.kind != MoveKind::Flip) ++m_link.stats().proposalsSent; // the host's own, decided here
}

ProposalOutcome HostSession::refuseOwn(TimeMs now, const Move& move, PlayOutcome outcome, LinkRefusal link) {
    return refuse(now, move, outcome, link);
}

ProposalOutcome HostSession::settle(TimeMs now, const TimedPlay& play, const PlayOutcome& outcome, bool later) {
    const bool client = play.seat == kClientSeat;
    const std::optional<std::int64_t> lead = raceLead(play.move, outcome, play.keyUs);
    const RevisionCause cause{outcome.accepted() ? JournalChange::Move : JournalChange::Refusal, play.proposal,
                              refusalFor(outcome)};
    if (client) {
        const Verdict verdict{outcome.accepted(), refusalFor(outcome), m_revision + 1, lead};
        m_game.verdicts.emplace(play.proposal, verdict);
        m_game.lastDecided = std::max(m_game.lastDecided, play.proposal);
        answer(now, gameNumber(), play.proposal, verdict);
    }
    const bool counted = !client && play.move.kind != MoveKind::Flip;
    if (outcome.accepted()) {
        if (counted) ++m_link.stats().proposalsConfirmed;
        afterMove(now, play.move, client ? cause : RevisionCause{}, {play.keyUs, play.wireInputUs});
        return {true, outcome, LinkRefusal::None};
    }
    if (client) {
        refusePeer(now, play.move, outcome, cause, lead, play.wireInputUs);
        return {false, outcome, LinkRefusal::None, lead};
    }
    if (counted) ++m_link.stats().proposalsRejected;
    return refuse(now, play.move, outcome, LinkRefusal::None, later, lead);
}

void HostSession::rewindTo(TimeMs now, const HostTable& before, const Move& firstUndone, const TimedPlay& late,
                           int undone) {
    JournalEntry entry = journalEntry(now, JournalChange::Rewind);
    entry.move = firstUndone;
    m_journal.emplace_back(entry);
    m_match = before.match;
    m_pileChangedUs = before.pileChangedUs; // the late play's lead is measured from what it met
    m_game.nextNews.undone = undone;        // the next revision (the late play's) says it undid them
    SessionEvent told = moveEvent(SessionEventKind::Rewound, now, late.move);
    told.table = std::make_shared<const GameState>(m_match.state());
    told.undone = undone;
    if (m_link.describing()) {
        told.text = "an earlier play came late: " + std::to_string(undone) + " play(s) taken again after it";
    }
    emit(std::move(told));
}

void HostSession::retake(TimeMs now, const TimedPlay& play) {
    afterMove(now, play.move, {}, {play.keyUs, play.wireInputUs}); // journalled and told again
}

void HostSession::takeBack(TimeMs now, const TimedPlay& play, const PlayOutcome& outcome) {
    SessionEvent back = moveEvent(SessionEventKind::MoveTakenBack, now, play.move);
    back.play = outcome;
    back.raceLeadUs = raceLead(play.move, outcome, play.keyUs);
    if (m_link.describing()) back.text = "took back " + std::string(describe(play.move)) + ": an earlier play came late";
    // A revision of its own, with the table unchanged, tells the client which play went back and why.
    m_game.nextNews.takenBack = play.move;
    m_game.nextNews.takenBackLeadUs = back.raceLeadUs;
    publish(now, std::nullopt, RevisionCause{JournalChange::Phase});
    emit(std::move(back));
    --m_link.stats().proposalsConfirmed;
    ++m_link.stats().proposalsRejected;
}

} // namespace speed::protocol
