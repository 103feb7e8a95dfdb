#include "FairArbitration.hpp"

#include "RaceFigures.hpp"

#include "speed/common/Referee.hpp"

#include <algorithm>

// Fair arbitration's deal figures and the host seat's view: the table as late as the client's
// seat sees it, with the host's own plays shown at once.
namespace speed::protocol {

// The figures start at the lag's cap and are chosen again as exchanges come in (a new session
// has measured nothing when it deals its first game), which they do while the deal's SPEED! is
// called and nobody can play, until FairTiming::figureSamples were taken.
void FairArbitration::newDeal(const GameState& table, WireNumber revision, int firstCoinSeat) {
    m_order.reset(m_timing.fair.maxLagUs, m_timing.fair.minTieUs, firstCoinSeat, m_timing.fair.coinUs);
    m_rewindUs = rewindWindowUs(m_timing.fair.maxLagUs, m_timing);
    m_viewDelayMs = 0;
    m_samplesUsed = 0;
    m_lastClientKeyUs = 0;
    m_rewindable.clear();
    m_unseenOwn.clear();
    m_onTheWay.clear();
    m_viewBase = table;
    m_viewRevision = revision;
    m_shown = m_viewBase;
    m_published = revision;
    measured();
}

void FairArbitration::measured() {
    // Once the figures were chosen from enough samples the deal keeps them: nothing to measure.
    if (m_samplesUsed >= m_timing.fair.figureSamples) return;
    const auto delays = usableDelays(m_host, m_timing.fair);
    if (!delays || delays->samples <= m_samplesUsed) return;
    m_samplesUsed = delays->samples;
    const RaceFigures figures = raceFigures(*delays, m_timing);
    m_order.retime(figures.lagUs, figures.tieUs);
    m_rewindUs = figures.rewindUs;
    m_viewDelayMs = figures.viewDelayMs;
}

ArbitrationFigures FairArbitration::figures() const {
    ArbitrationFigures figures;
    figures.mode = mode();
    figures.lagUs = m_order.lagUs();
    figures.tieUs = m_order.tieUs();
    figures.rewindUs = m_rewindUs;
    figures.viewDelayMs = m_viewDelayMs;
    figures.rollbacks = m_rollbacks;
    figures.ties = m_order.ties();
    figures.lateAtArrival = m_lateAtArrival;
    return figures;
}

// A revision was published: the host's seat sees it once the client's seat would.
void FairArbitration::published(TimeMs now, WireNumber revision, const GameState& table) {
    m_published = revision;
    m_onTheWay.push_back(DelayedRevision{now + m_viewDelayMs, revision, table});
    refreshView(now);
}

void FairArbitration::refreshView(TimeMs now) {
    bool changed = false;
    while (!m_onTheWay.empty() && m_onTheWay.front().at <= now) {
        m_viewBase = std::move(m_onTheWay.front().table);
        m_viewRevision = m_onTheWay.front().revision;
        m_onTheWay.pop_front();
        changed = true;
    }
    if (!changed) return;
    std::erase_if(m_unseenOwn,
                  [&](const UnseenOwnPlay& own) { return own.revision != 0 && own.revision <= m_viewRevision; });
    reshow();
}

// The table the host's seat sees, and on it its own plays not yet seen taken (those that no
// longer fit are skipped, as the client's prediction skips them).
void FairArbitration::reshow() {
    m_shown = m_viewBase;
    for (const UnseenOwnPlay& own : m_unseenOwn)
        applyMove(m_shown, own.move);
}

TimeMs FairArbitration::wakeMs(TimeMs now) const {
    constexpr std::int64_t kUsPerMs = 1000;
    TimeMs wake = kNever;
    if (!m_onTheWay.empty()) wake = m_onTheWay.front().at;
    if (const auto due = m_order.nextDueUs()) {
        const std::int64_t waitUs = std::max<std::int64_t>(*due - m_host.sessionClockUs(now), 0);
        wake = std::min(wake, now + (waitUs + kUsPerMs - 1) / kUsPerMs);
    }
    return wake;
}

} // namespace speed::protocol
