#include "FairArbitration.hpp"

#include "speed/common/Referee.hpp"

#include <algorithm>

// Fair arbitration's decisions: which play is taken when, and a late play's rewind. The host
// seat's view and the deal's figures are in FairArbitrationView.cpp.
namespace speed::protocol {

ProposalOutcome FairArbitration::proposeOwn(TimeMs now, const Move& move) {
    if (move.kind == MoveKind::Flip) {
        return m_host.refuseOwn(now, move, {MatchRefusal::FlipIsAutomatic, MoveError::None}, LinkRefusal::None);
    }
    // Judged first on the table the host's seat sees, as the client judges its own.
    if (const MoveError error = checkMove(m_shown, move); error != MoveError::None) {
        return m_host.refuseOwn(now, move, {MatchRefusal::None, error}, LinkRefusal::None);
    }
    // No more of its own under way at once than a client may have awaiting an answer: a play
    // counts until this seat sees it taken, as a client's counts until its OK has come back.
    if (std::ssize(m_unseenOwn) >= m_timing.maxProposalsInFlight) {
        return m_host.refuseOwn(now, move, {}, LinkRefusal::TooManyInFlight);
    }
    const std::int64_t madeUs = m_host.sessionClockUs(now);
    m_order.add(TimedPlay{kHostSeat, move, madeUs, madeUs, 0, std::nullopt});
    m_unseenOwn.push_back(UnseenOwnPlay{move, 0});
    m_host.ownProposalMade(move);
    reshow();
    decideDue(now);
    return {true, {}, LinkRefusal::None};
}

void FairArbitration::takeClient(TimeMs now, TimedPlay play) {
    // One seat's plays keep their order: a clamped INPUT never goes before the one before it.
    play.keyUs = std::max(play.keyUs, m_lastClientKeyUs);
    const std::int64_t madeUs = play.keyUs;
    const std::int64_t due = dueUs(madeUs);
    if (play.arrivalUs > due) {
        if (play.arrivalUs <= due + m_rewindUs && rewind(now, play)) {
            m_lastClientKeyUs = madeUs;
            return;
        }
        // Nothing to take back, or too late to: counted as made when it came, if anything was
        // taken on its pile since; else its own time still holds.
        if (overtaken(play.move.pile, madeUs) || play.arrivalUs > due + m_rewindUs) {
            play.keyUs = std::max(play.arrivalUs - m_order.lagUs() - m_order.tieUs(), madeUs);
            ++m_lateAtArrival;
        }
    }
    m_lastClientKeyUs = play.keyUs;
    m_order.add(play);
    decideDue(now);
}

bool FairArbitration::overtaken(int pile, std::int64_t keyUs) const {
    return std::any_of(m_rewindable.begin(), m_rewindable.end(), [&](const RewindablePlay& taken) {
        return taken.play.seat != kClientSeat && taken.play.move.kind == MoveKind::Play &&
               taken.play.move.pile == pile && taken.play.keyUs > keyUs;
    });
}

void FairArbitration::tick(TimeMs now) {
    decideDue(now); // the plays due before the flip are taken first
    refreshView(now);
}

// What waits is decided before the clock stops; nothing is taken back across a pause.
void FairArbitration::beforePause(TimeMs now) {
    decideAll(now);
    m_rewindable.clear();
}

void FairArbitration::decideDue(TimeMs now) {
    const std::int64_t nowUs = m_host.sessionClockUs(now);
    while (const auto play = m_order.takeDue(nowUs))
        decide(now, *play);
}

void FairArbitration::decideAll(TimeMs now) {
    for (const TimedPlay& play : m_order.takeAll())
        decide(now, play);
}

// One play's turn: played on the match, kept for a rewind when taken, and settled by the host.
void FairArbitration::decide(TimeMs now, const TimedPlay& play) {
    HostTable before = m_host.table();
    const PlayOutcome outcome = m_host.play(now, play.move);
    if (outcome.accepted()) {
        // Refills too: a rewind to before a play takes again what came after it, refills included.
        m_rewindable.push_back(RewindablePlay{play, std::move(before)});
        m_host.settle(now, play, outcome, true);
        taken(now, play);
        return;
    }
    if (play.seat == kHostSeat) {
        std::erase_if(m_unseenOwn,
                      [&](const UnseenOwnPlay& own) { return own.revision == 0 && own.move == play.move; });
        reshow();
    }
    m_host.settle(now, play, outcome, true);
}

// A play was taken and published: the host's own is marked with the revision that took it.
void FairArbitration::taken(TimeMs now, const TimedPlay& play) {
    if (play.seat == kHostSeat) {
        const auto own = std::find_if(m_unseenOwn.begin(), m_unseenOwn.end(), [&](const UnseenOwnPlay& unseen) {
            return unseen.revision == 0 && unseen.move == play.move;
        });
        if (own != m_unseenOwn.end()) own->revision = m_published;
    }
    forgetUnrewindable(now);
}

// What can no longer be taken back is let go: a play made before the oldest one kept could
// still rewind to it only until its own due time and the window have passed.
void FairArbitration::forgetUnrewindable(TimeMs now) {
    const std::int64_t nowUs = m_host.sessionClockUs(now);
    const std::int64_t horizon = m_order.lagUs() + m_order.tieUs() + m_rewindUs;
    while (!m_rewindable.empty() && m_rewindable.front().play.keyUs + horizon < nowUs)
        m_rewindable.pop_front();
}

// A client play that came after its due time, when a host play made after it was taken on its
// pile meanwhile: the match goes back to before the first play made after it, the late play is
// decided, then the plays after it are taken again in their order; those that no longer fit go
// home. False when there is nothing to take back (the late play then waits its turn as usual).
bool FairArbitration::rewind(TimeMs now, const TimedPlay& late) {
    if (late.move.kind != MoveKind::Play) return false;
    const auto first = std::find_if(m_rewindable.begin(), m_rewindable.end(),
                                    [&](const RewindablePlay& taken) { return taken.play.keyUs > late.keyUs; });
    const bool conflict = std::any_of(first, m_rewindable.end(), [&](const RewindablePlay& taken) {
        return taken.play.seat != late.seat && taken.play.move.kind == MoveKind::Play &&
               taken.play.move.pile == late.move.pile;
    });
    // Only the host's own plays are ever taken again: the client's later ones wait behind this one.
    const bool onlyHost = std::all_of(first, m_rewindable.end(),
                                      [](const RewindablePlay& taken) { return taken.play.seat == kHostSeat; });
    // The revision after a rewind names how many plays it undid in one digit: no further back.
    if (!conflict || !onlyHost || std::distance(first, m_rewindable.end()) > kMaxUndone) return false;
    std::vector<TimedPlay> again;
    for (auto taken = first; taken != m_rewindable.end(); ++taken)
        again.push_back(taken->play);
    m_host.rewindTo(now, first->before, first->play.move, late, static_cast<int>(again.size()));
    m_rewindable.erase(first, m_rewindable.end());
    decide(now, late);
    takeAgain(now, again);
    return true;
}

// The plays a rewind undid, in their order: taken again (journalled and told again), or taken
// back when they no longer fit (their cards go home).
void FairArbitration::takeAgain(TimeMs now, const std::vector<TimedPlay>& again) {
    for (const TimedPlay& play : again) {
        HostTable before = m_host.table();
        const PlayOutcome outcome = m_host.play(now, play.move);
        if (outcome.accepted()) {
            m_rewindable.push_back(RewindablePlay{play, std::move(before)});
            m_host.retake(now, play);
            continue;
        }
        ++m_rollbacks;
        m_host.takeBack(now, play, outcome);
        std::erase_if(m_unseenOwn, [&](const UnseenOwnPlay& own) { return own.move == play.move; });
        reshow();
    }
}

} // namespace speed::protocol
