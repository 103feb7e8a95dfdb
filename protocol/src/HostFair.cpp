#include "speed/protocol/HostSession.hpp"

#include "speed/common/Referee.hpp"
#include "speed/protocol/TableView.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

// Fair arbitration (docs/PROTOCOL.md, "Fair races"): every play, the host's own included, waits
// the same local lag after the moment it was made, and the plays on one pile are taken in the
// order they were made on the synchronised clock, not in the order they reached the host. A
// play that comes later than its turn, but within the rewind window, takes its place back: the
// plays taken after it are taken again, and those it beat go home. The host's seat sees the
// table as late as the client's seat does, so neither seat sees a change first.
namespace speed::protocol {

namespace {

constexpr std::int64_t kUsPerMs = 1000;
constexpr std::int64_t kMinLagUs = 3'000;    // the lag's floor: what a frame and a loopback need
constexpr std::int64_t kMaxLagUs = 100'000;  // its cap: more would be felt in the hand
constexpr std::int64_t kLagMarginUs = 1'000; // added to the slowest recent one-way trip
constexpr std::int64_t kMinTieUs = 500;      // below this, times are not told apart
constexpr std::int64_t kMaxTieUs = 5'000;
constexpr std::int64_t kMaxRewindUs = 250'000; // the rewind's bound: past it a late play counts at arrival


} // namespace

// How late after its due time a play may come and still take its place: one resend interval
// (its first datagram was lost, the resend came) and the lag again, within kMaxRewindUs.
std::int64_t HostSession::rewindWindowUs(std::int64_t lagUs) const {
    return std::min(m_config.timing.resendIntervalMs * kUsPerMs + lagUs, kMaxRewindUs);
}

ArbitrationFigures HostSession::arbitration() const {
    ArbitrationFigures figures;
    figures.mode = m_match.dealt() ? m_match.state().rules.arbitration : m_config.rules.arbitration;
    figures.lagUs = m_fair.on ? m_fair.order.lagUs() : 0;
    figures.tieUs = m_fair.order.tieUs();
    figures.rewindUs = m_fair.on ? m_fair.rewindUs : 0;
    figures.viewDelayMs = m_fair.viewDelayMs;
    figures.rollbacks = m_fair.rollbacks;
    figures.ties = m_fair.order.ties();
    figures.lateAtArrival = m_fair.lateAtArrival;
    return figures;
}

void HostSession::setupFair() {
    const long long rollbacks = m_fair.rollbacks;
    const long long late = m_fair.lateAtArrival;
    m_fair = FairBook{};
    m_fair.rollbacks = rollbacks;
    m_fair.lateAtArrival = late;
    m_fair.on = m_match.dealt() && m_match.state().rules.arbitration == Arbitration::Fair;
    m_fair.viewBase = m_match.state();
    m_fair.viewRevision = m_revision;
    m_fair.shown = m_fair.viewBase;
    m_fair.order.reset(kMaxLagUs, kMinTieUs, static_cast<int>(m_match.seed() & 1U));
    m_fair.rewindUs = rewindWindowUs(kMaxLagUs);
    chooseFairFigures();
}

// Each deal chooses its figures from the link's recent exchanges (their four timestamps make
// each delay exact, resent or not): the lag from the longest of those round trips, halved (a
// one-way trip at the far end of its spread), plus a margin; the tie window from their spread
// (how far the clock estimate can be off); the host's view delay from their median, halved (how
// late the client sees what the host does). A new session has measured nothing when it deals its
// first game: the figures are chosen again as exchanges come in, which they do while the deal's
// SPEED! is called and nobody can play, until kFairSamples were taken.
void HostSession::chooseFairFigures() {
    constexpr std::size_t kFairSamples = 8;
    // A round trip more than twice the lag's cap above the shortest says nothing about the way
    // (the peer was stopped, or its machine stalled, and answered what had waited all at once).
    if (m_link.silent()) return;
    const auto all = m_link.clockDelays(std::numeric_limits<std::int64_t>::max());
    if (!all) return;
    const auto delays = m_link.clockDelays(all->minNs + 2 * kMaxLagUs * kUsPerMs);
    if (!delays || delays->samples <= m_fair.samplesUsed || m_fair.samplesUsed >= kFairSamples) return;
    m_fair.samplesUsed = delays->samples;
    const std::int64_t oneWayUs = delays->maxNs / 2000;
    const std::int64_t spreadUs = (delays->maxNs - delays->minNs) / 4000;
    const std::int64_t lag = std::clamp(oneWayUs + std::max(kLagMarginUs, oneWayUs / 10), kMinLagUs, kMaxLagUs);
    const std::int64_t tie = std::clamp(spreadUs, kMinTieUs, kMaxTieUs);
    m_fair.order.retime(lag, tie);
    m_fair.rewindUs = rewindWindowUs(lag);
    // No longer than the lag: the host's seat never waits for what its plays do not.
    m_fair.viewDelayMs = std::min(static_cast<TimeMs>(std::llround(static_cast<double>(delays->medianNs) / 2e6)),
                                  static_cast<TimeMs>(lag / kUsPerMs));
}

ProposalOutcome HostSession::proposeFair(TimeMs now, const Move& move) {
    if (move.kind == MoveKind::Flip) return refuse(now, move, {MatchRefusal::FlipIsAutomatic, MoveError::None});
    // Judged first on the table the host's seat sees, as the client judges its own.
    if (const MoveError error = checkMove(m_fair.shown, move); error != MoveError::None) {
        return refuse(now, move, {MatchRefusal::None, error});
    }
    // No more of its own under way at once than a client may have awaiting an answer: a play
    // counts until this seat sees it taken, as a client's counts until its OK has come back.
    if (std::ssize(m_fair.own) >= m_config.timing.maxProposalsInFlight) return refuse(now, move, {}, LinkRefusal::TooManyInFlight);
    const auto madeUs = static_cast<std::int64_t>(m_link.sinceOpenUs(now));
    m_fair.order.add(TimedPlay{kHostSeat, move, madeUs, madeUs, 0, std::nullopt});
    m_fair.own.push_back(OwnPlay{move, 0});
    ++m_link.stats().proposalsSent;
    reshow();
    decideDue(now);
    return {true, {}, LinkRefusal::None};
}

void HostSession::takeFair(TimeMs now, const Message& message, const MoveRequest& request) {
    const Move move = moveSeenFrom(Move{request.kind, 0, request.slot, request.pile, request.card}, kClientSeat);
    const auto arrivalUs = static_cast<std::int64_t>(m_link.sinceOpenUs(now));
    // One seat's plays keep their order: a clamped INPUT never goes before the one before it.
    const std::int64_t madeUs = std::max(clientInputUs(request, message.time, arrivalUs), m_fair.lastClientKeyUs);
    TimedPlay play{kClientSeat, move, madeUs, arrivalUs, request.id, request.inputUs};
    const std::int64_t dueUs = madeUs + m_fair.order.lagUs() + m_fair.order.tieUs();
    if (arrivalUs > dueUs) {
        if (arrivalUs <= dueUs + m_fair.rewindUs && rewind(now, play)) {
            m_fair.lastClientKeyUs = madeUs;
            return;
        }
        // Nothing to take back, or too late to: counted as made when it came, if anything was
        // taken on its pile since; else its own time still holds.
        const bool overtaken = std::any_of(m_fair.committed.begin(), m_fair.committed.end(), [&](const Committed& c) {
            return c.play.seat != kClientSeat && c.play.move.kind == MoveKind::Play && c.play.move.pile == move.pile &&
                   c.play.keyUs > madeUs;
        });
        if (overtaken || arrivalUs > dueUs + m_fair.rewindUs) {
            play.keyUs = std::max(arrivalUs - m_fair.order.lagUs() - m_fair.order.tieUs(), madeUs);
            ++m_fair.lateAtArrival;
        }
    }
    m_fair.lastClientKeyUs = play.keyUs;
    m_fair.order.add(play);
    decideDue(now);
}

void HostSession::decideDue(TimeMs now) {
    const auto nowUs = static_cast<std::int64_t>(m_link.sinceOpenUs(now));
    while (const auto play = m_fair.order.takeDue(nowUs)) decide(now, *play);
}

void HostSession::decideAll(TimeMs now) {
    for (const TimedPlay& play : m_fair.order.takeAll()) decide(now, play);
}

// One play's turn: through the policy, answered, published, and kept for a rewind.
void HostSession::decide(TimeMs now, const TimedPlay& play) {
    const bool client = play.seat == kClientSeat;
    Match before = m_match;
    const auto piles = m_pileChangedUs;
    const PlayOutcome outcome = m_arbitration->arbitrate(m_match, play.move, {play.seat, now, now}, now);
    const std::optional<std::int64_t> lead = raceLead(play.move, outcome, play.keyUs);
    if (client) {
        const Verdict verdict{outcome.accepted(), refusalFor(outcome), m_revision + 1, lead};
        m_game.verdicts.emplace(play.proposal, verdict);
        m_game.lastDecided = std::max(m_game.lastDecided, play.proposal);
        answer(now, gameNumber(), play.proposal, verdict);
    }
    const RevisionCause cause{outcome.accepted() ? JournalChange::Move : JournalChange::Refusal, play.proposal,
                              refusalFor(outcome)};
    if (outcome.accepted()) {
        // Refills too: a rewind to before a play takes again what came after it, refills included.
        m_fair.committed.push_back(Committed{play, std::move(before), piles});
        if (!client) ++m_link.stats().proposalsConfirmed;
        afterMove(now, play.move, client ? cause : RevisionCause{}, {play.keyUs, play.wireInputUs});
        if (!client) {
            for (OwnPlay& own : m_fair.own) {
                if (own.revision == 0 && own.move == play.move) {
                    own.revision = m_revision;
                    break;
                }
            }
        }
        // What can no longer be taken back is let go: a play made before the oldest one kept
        // could still rewind to it only until its own due time and the window have passed.
        const auto nowUs = static_cast<std::int64_t>(m_link.sinceOpenUs(now));
        const std::int64_t horizon = m_fair.order.lagUs() + m_fair.order.tieUs() + m_fair.rewindUs;
        while (!m_fair.committed.empty() && m_fair.committed.front().play.keyUs + horizon < nowUs) {
            m_fair.committed.pop_front();
        }
        return;
    }
    if (client) return refusePeer(now, play.move, outcome, cause, lead, play.wireInputUs);
    std::erase_if(m_fair.own, [&](const OwnPlay& own) { return own.revision == 0 && own.move == play.move; });
    reshow();
    ++m_link.stats().proposalsRejected;
    refuse(now, play.move, outcome, LinkRefusal::None, true, lead);
}

// A client play that came after its due time, when a host play made after it was taken on its
// pile meanwhile: the match goes back to before the first play made after it, the late play is
// decided, then the plays after it are taken again in their order; those that no longer fit go
// home. False when there is nothing to take back (the late play then waits its turn as usual).
bool HostSession::rewind(TimeMs now, const TimedPlay& late) {
    if (late.move.kind != MoveKind::Play) return false;
    const auto first = std::find_if(m_fair.committed.begin(), m_fair.committed.end(),
                                    [&](const Committed& c) { return c.play.keyUs > late.keyUs; });
    const bool conflict = std::any_of(first, m_fair.committed.end(), [&](const Committed& c) {
        return c.play.seat != late.seat && c.play.move.kind == MoveKind::Play && c.play.move.pile == late.move.pile;
    });
    // Only the host's own plays are ever taken again: the client's later ones wait behind this one.
    const bool onlyHost = std::all_of(first, m_fair.committed.end(), [](const Committed& c) { return c.play.seat == kHostSeat; });
    if (!conflict || !onlyHost) return false;
    std::vector<TimedPlay> again;
    for (auto c = first; c != m_fair.committed.end(); ++c) again.push_back(c->play);
    JournalEntry entry = journalEntry(now, JournalChange::Rewind);
    entry.move = first->play.move;
    m_journal.emplace_back(entry);
    m_match = first->before;
    m_pileChangedUs = first->pilesChangedBefore; // the late play's lead is measured from what it met
    m_fair.committed.erase(first, m_fair.committed.end());
    SessionEvent told = moveEvent(SessionEventKind::Rewound, now, late.move);
    told.table = std::make_shared<const GameState>(m_match.state());
    told.undone = static_cast<int>(again.size());
    told.text = "an earlier play came late: " + std::to_string(again.size()) + " play(s) taken again after it";
    emit(std::move(told));
    decide(now, late);
    for (const TimedPlay& play : again) {
        Match before = m_match;
        const auto piles = m_pileChangedUs;
        const PlayOutcome outcome = m_arbitration->arbitrate(m_match, play.move, {play.seat, now, now}, now);
        if (!outcome.accepted()) {
            takenBack(now, play, outcome);
            continue;
        }
        m_fair.committed.push_back(Committed{play, std::move(before), piles});
        afterMove(now, play.move, {}, {play.keyUs, play.wireInputUs}); // taken again: journalled and told again
    }
    return true;
}

void HostSession::takenBack(TimeMs now, const TimedPlay& play, const PlayOutcome& outcome) {
    ++m_fair.rollbacks;
    const std::optional<std::int64_t> lead = raceLead(play.move, outcome, play.keyUs);
    SessionEvent back = moveEvent(SessionEventKind::MoveTakenBack, now, play.move);
    back.play = outcome;
    back.raceLeadUs = lead;
    back.text = "took back " + std::string(describe(play.move)) + ": an earlier play came late";
    emit(std::move(back));
    std::erase_if(m_fair.own, [&](const OwnPlay& own) { return own.move == play.move; });
    reshow(); // its card goes home
    --m_link.stats().proposalsConfirmed;
    ++m_link.stats().proposalsRejected;
}

// A revision was published: the host's seat sees it once the client's seat would.
void HostSession::seeLater(TimeMs now) {
    m_fair.seen.push_back(Seen{now + m_fair.viewDelayMs, m_revision, m_match.state()});
    refreshView(now);
}

void HostSession::refreshView(TimeMs now) {
    bool changed = false;
    while (!m_fair.seen.empty() && m_fair.seen.front().at <= now) {
        m_fair.viewBase = std::move(m_fair.seen.front().table);
        m_fair.viewRevision = m_fair.seen.front().revision;
        m_fair.seen.pop_front();
        changed = true;
    }
    if (!changed) return;
    std::erase_if(m_fair.own, [&](const OwnPlay& own) { return own.revision != 0 && own.revision <= m_fair.viewRevision; });
    reshow();
}

// The table the host's seat sees, and on it its own plays not yet seen taken (those that no
// longer fit are skipped, as the client's prediction skips them).
void HostSession::reshow() {
    m_fair.shown = m_fair.viewBase;
    for (const OwnPlay& own : m_fair.own) applyMove(m_fair.shown, own.move);
}

TimeMs HostSession::fairWakeMs(TimeMs now) const {
    TimeMs wake = kNever;
    if (!m_fair.seen.empty()) wake = m_fair.seen.front().at;
    if (const auto due = m_fair.order.nextDueUs()) {
        const auto nowUs = static_cast<std::int64_t>(m_link.sinceOpenUs(now));
        const std::int64_t waitUs = std::max<std::int64_t>(*due - nowUs, 0);
        wake = std::min(wake, now + (waitUs + kUsPerMs - 1) / kUsPerMs);
    }
    return wake;
}

} // namespace speed::protocol
