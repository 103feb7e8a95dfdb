#pragma once

#include "speed/protocol/Arbitration.hpp"
#include "speed/protocol/FairOrder.hpp"

#include <deque>
#include <vector>

// Fair arbitration (docs/PROTOCOL.md, "Fair races"): every play, the host's own included, waits
// the same local lag after the moment it was made, and the plays on one pile are taken in the
// order they were made on the synchronised clock, not in the order they reached the host. A
// play that comes later than its turn, but within the rewind window, takes its place back: the
// plays taken after it are taken again, and those it beat go home. The host's seat sees the
// table as late as the client's seat does, so neither seat sees a change first.
namespace speed::protocol {

class FairArbitration final : public ArbitrationPolicy {
public:
    FairArbitration(ArbitrationHost& host, const SessionTiming& timing) : m_host(host), m_timing(timing) {}

    Arbitration mode() const override { return Arbitration::Fair; }
    void newDeal(const GameState& table, WireNumber revision, int firstCoinSeat) override;
    void measured() override;
    ProposalOutcome proposeOwn(TimeMs now, const Move& move) override;
    void takeClient(TimeMs now, TimedPlay play) override;
    bool holds(WireNumber proposal) const override { return m_order.holds(proposal); }
    void tick(TimeMs now) override;
    void beforePause(TimeMs now) override;
    void closeRewinds() override { m_rewindable.clear(); }
    void published(TimeMs now, WireNumber revision, const GameState& table) override;
    // The table of viewDelayMs ago, as the client's seat sees it, with the host's own plays shown at once.
    const GameState& seatView(const GameState& /*table*/) const override { return m_shown; }
    TimeMs wakeMs(TimeMs now) const override;
    ArbitrationFigures figures() const override;

private:
    // A play taken, kept while a late one may still go before it: `before` is where a rewind
    // starts again.
    struct RewindablePlay {
        TimedPlay play;
        HostTable before;
    };
    // One of the host's own plays, until its seat sees it taken.
    struct UnseenOwnPlay {
        Move move;
        WireNumber revision = 0; // the revision that took it; 0 while it waits
    };
    // A published revision on its way to the host's seat.
    struct DelayedRevision {
        TimeMs at = 0; // when the seat sees it
        WireNumber revision = 0;
        GameState table;
    };

    std::int64_t dueUs(std::int64_t keyUs) const { return keyUs + m_order.lagUs() + m_order.tieUs(); }
    // Whether a play of the host's made after `keyUs` was taken on `pile` since.
    bool overtaken(int pile, std::int64_t keyUs) const;
    void decideDue(TimeMs now);
    void decideAll(TimeMs now);
    void decide(TimeMs now, const TimedPlay& play);
    void taken(TimeMs now, const TimedPlay& play);
    void forgetUnrewindable(TimeMs now);
    bool rewind(TimeMs now, const TimedPlay& late);
    void takeAgain(TimeMs now, const std::vector<TimedPlay>& again);
    void refreshView(TimeMs now);
    void reshow();

    ArbitrationHost& m_host;
    const SessionTiming& m_timing;
    FairOrder m_order;
    std::int64_t m_rewindUs = 0;
    TimeMs m_viewDelayMs = 0;
    std::size_t m_samplesUsed = 0; // the figures are chosen again as clock samples come in
    std::int64_t m_lastClientKeyUs = 0;
    std::deque<RewindablePlay> m_rewindable; // since the last flip, deal or pause
    std::vector<UnseenOwnPlay> m_unseenOwn;
    std::deque<DelayedRevision> m_onTheWay; // revisions on their way to the host's seat
    GameState m_viewBase;                   // the newest revision the seat sees
    WireNumber m_viewRevision = 0;
    GameState m_shown;             // and on it the unseen own plays
    WireNumber m_published = 0;    // the newest revision the host published
    long long m_rollbacks = 0;     // this session
    long long m_lateAtArrival = 0; // this session
};

} // namespace speed::protocol
