#pragma once

#include "speed/protocol/Arbitration.hpp"

// First arrival: each move is played, or refused, the moment it reaches the host; the host's
// seat sees the match itself. Nothing waits and nothing is taken back.
namespace speed::protocol {

class FirstArrivalArbitration final : public ArbitrationPolicy {
public:
    FirstArrivalArbitration(ArbitrationHost& host, const SessionTiming& timing) : m_host(host), m_timing(timing) {}

    Arbitration mode() const override { return Arbitration::FirstArrival; }
    void newDeal(const GameState& table, WireNumber revision, int firstCoinSeat) override;
    void measured() override {} // the figures are chosen once, at the deal
    ProposalOutcome proposeOwn(TimeMs now, const Move& move) override;
    void takeClient(TimeMs now, TimedPlay play) override;
    bool holds(WireNumber /*proposal*/) const override { return false; }
    void tick(TimeMs /*now*/) override {}
    void beforePause(TimeMs /*now*/) override {}
    void closeRewinds() override {}
    void published(TimeMs /*now*/, WireNumber /*revision*/, const GameState& /*table*/) override {}
    const GameState& seatView(const GameState& table) const override { return table; }
    TimeMs wakeMs(TimeMs /*now*/) const override { return kNever; }
    ArbitrationFigures figures() const override;

private:
    ArbitrationHost& m_host;
    const SessionTiming& m_timing;
    std::int64_t m_tieUs = 0; // what the clocks could tell apart at the deal
    TimeMs m_viewDelayMs = 0; // how late the client saw the host's table at the deal
};

} // namespace speed::protocol
