#include "FirstArrivalArbitration.hpp"

#include "RaceFigures.hpp"

namespace speed::protocol {

// Nothing is decided by them; they are reported, so that a race's order is judged only where
// the clocks could tell the two plays apart.
void FirstArrivalArbitration::newDeal(const GameState& /*table*/, WireNumber /*revision*/, int /*firstCoinSeat*/) {
    m_tieUs = m_timing.fair.minTieUs;
    m_viewDelayMs = 0;
    const auto delays = usableDelays(m_host, m_timing.fair);
    if (!delays || delays->samples == 0) return;
    const RaceFigures figures = raceFigures(*delays, m_timing);
    m_tieUs = figures.tieUs;
    m_viewDelayMs = figures.viewDelayMs;
}

ProposalOutcome FirstArrivalArbitration::proposeOwn(TimeMs now, const Move& move) {
    const PlayOutcome outcome = m_host.play(now, move);
    const std::int64_t madeUs = m_host.sessionClockUs(now);
    m_host.ownProposalMade(move);
    return m_host.settle(now, TimedPlay{kHostSeat, move, madeUs, madeUs, 0, std::nullopt}, outcome, false);
}

void FirstArrivalArbitration::takeClient(TimeMs now, TimedPlay play) {
    const PlayOutcome outcome = m_host.play(now, play.move);
    m_host.settle(now, play, outcome, false);
}

ArbitrationFigures FirstArrivalArbitration::figures() const {
    ArbitrationFigures figures;
    figures.mode = mode();
    figures.tieUs = m_tieUs;
    figures.viewDelayMs = m_viewDelayMs;
    return figures;
}

} // namespace speed::protocol
