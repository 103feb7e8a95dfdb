#pragma once

#include "speed/common/GameState.hpp"
#include "speed/common/Match.hpp"
#include "speed/common/Move.hpp"
#include "speed/common/Time.hpp"
#include "speed/protocol/ClockOffset.hpp"
#include "speed/protocol/Message.hpp"
#include "speed/protocol/SessionTypes.hpp"

#include <array>
#include <cstdint>
#include <memory>
#include <optional>

// How the host decides between competing moves (docs/PROTOCOL.md, "Fair races"). Every move,
// the host's own included, goes through the host's arbitration policy, which plays it on the
// authoritative match when its turn comes; the host answers, publishes and tells what was decided.
namespace speed::protocol {

// One move on its way through arbitration, with when it was made.
struct TimedPlay {
    int seat = 0;
    Move move;                                  // absolute seats
    std::int64_t keyUs = 0;                     // when it was made, host session clock (a late play: when it arrived)
    std::int64_t arrivalUs = 0;                 // when the host had it
    WireNumber proposal = 0;                    // the client's proposal ID; 0 for the host's own plays
    std::optional<std::uint64_t> wireInputUs{}; // the client's INPUT as it came
};

// What the policy chose for the current deal, and what it did. First arrival has no lag, no
// rewind and takes nothing back; its tie window is still the one the clocks can tell apart (what
// a race's order is judged outside of).
struct ArbitrationFigures {
    Arbitration mode = Arbitration::Fair;
    std::int64_t lagUs = 0;      // every play waits this long after it was made
    std::int64_t tieUs = 0;      // closer than this, the order is the clock estimate's guess, not a promise
    std::int64_t rewindUs = 0;   // a play this much later than its due time still takes its place back
    TimeMs viewDelayMs = 0;      // the host's seat sees the table this much later, as the client does
    long long rollbacks = 0;     // plays taken back this session
    long long ties = 0;          // ties the coin settled this deal
    long long lateAtArrival = 0; // plays too late to rewind, counted as made when they came
};

// The host's authoritative table as a policy may keep it to go back to: the match, and when each
// field pile last changed (host session clock, µs), which a lost race's LEAD is measured from.
struct HostTable {
    Match match;
    std::array<std::int64_t, kFieldPiles> pileChangedUs{};
};

// What a policy may ask of the host session it decides for (HostSession implements it).
class ArbitrationHost {
public:
    // The host's session clock: microseconds since the session opened.
    virtual std::int64_t sessionClockUs(TimeMs now) const = 0;
    // The link's recent round trips no longer than `ceilingNs`; empty while the peer is silent.
    virtual std::optional<DelaySpread> linkDelays(std::int64_t ceilingNs) const = 0;
    virtual HostTable table() const = 0;
    // Plays one move on the match (the referee judges it); nothing else is done with it yet.
    virtual PlayOutcome play(TimeMs now, const Move& move) = 0;
    // The host's own move reached arbitration (it counts as proposed).
    virtual void ownProposalMade(const Move& move) = 0;
    // The host's own move refused before arbitration (not counted as proposed).
    virtual ProposalOutcome refuseOwn(TimeMs now, const Move& move, PlayOutcome outcome, LinkRefusal link) = 0;
    // A played move decided: a client's answered, a taken one published and told, a refused one
    // of the client's moves LAST on, a refused one of the host's told to its seat (`later`: after
    // proposeMove returned). The host's own: what proposeMove returns.
    virtual ProposalOutcome settle(TimeMs now, const TimedPlay& play, const PlayOutcome& outcome, bool later) = 0;
    // A late play takes its place back: the journal notes that the plays from `firstUndone` on
    // are undone, the table goes back to `before`, and the log is told.
    virtual void rewindTo(TimeMs now, const HostTable& before, const Move& firstUndone, const TimedPlay& late,
                          int undone) = 0;
    // After a rewind: a play taken again (already answered and counted), or taken back.
    virtual void retake(TimeMs now, const TimedPlay& play) = 0;
    virtual void takeBack(TimeMs now, const TimedPlay& play, const PlayOutcome& outcome) = 0;

protected:
    ~ArbitrationHost() = default;
};

class ArbitrationPolicy {
public:
    virtual ~ArbitrationPolicy() = default;
    virtual Arbitration mode() const = 0;

    // A new deal (or a restored one): `table` at `revision`; the coin's first seat for ties.
    virtual void newDeal(const GameState& table, WireNumber revision, int firstCoinSeat) = 0;
    // The link measured another round trip (the figures may be chosen again).
    virtual void measured() = 0;
    // The host's own move, once the session checked it is this seat's and the game is on.
    virtual ProposalOutcome proposeOwn(TimeMs now, const Move& move) = 0;
    // A client's proposal, in ID order, made at `play.keyUs` as its INPUT says.
    virtual void takeClient(TimeMs now, TimedPlay play) = 0;
    // Whether the client's proposal waits for its turn (a resend of it is answered then).
    virtual bool holds(WireNumber proposal) const = 0;
    // Decides the plays whose turn came, and brings the host seat's view up to date.
    virtual void tick(TimeMs now) = 0;
    // The game pauses: what waits is decided before the clock stops.
    virtual void beforePause(TimeMs now) = 0;
    // The deal, the flip, the end or a pause: nothing decided before it is taken back any more.
    virtual void closeRewinds() = 0;
    // The host published `table` at `revision`.
    virtual void published(TimeMs now, WireNumber revision, const GameState& table) = 0;
    // The table the host's seat is shown, given the authoritative one.
    virtual const GameState& seatView(const GameState& table) const = 0;
    virtual TimeMs wakeMs(TimeMs now) const = 0; // kNever when nothing waits
    virtual ArbitrationFigures figures() const = 0;
};

// The policy for `mode`, deciding for `host` with `timing`'s figures.
std::unique_ptr<ArbitrationPolicy> makeArbitration(Arbitration mode, ArbitrationHost& host,
                                                   const SessionTiming& timing);

} // namespace speed::protocol
