#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
#include <optional>

// How far another machine's clock is from this one's, from request/answer exchanges that carry
// four timestamps (NTP's on-wire method): T1 this side sends, T2 the far side receives, T3 the
// far side answers, T4 this side receives. T1 and T4 are read on this side's clock, T2 and T3 on
// the far side's. Sans-I/O: the caller reads the clocks and feeds the numbers in.
namespace speed::protocol {

struct ClockSample {
    std::int64_t t1Ns = 0; // this side sent (local clock)
    std::int64_t t2Ns = 0; // far side received (far clock)
    std::int64_t t3Ns = 0; // far side sent its answer (far clock)
    std::int64_t t4Ns = 0; // this side received the answer (local clock)

    // The round trip less the far side's time between receiving and answering.
    std::int64_t delayNs() const { return (t4Ns - t1Ns) - (t3Ns - t2Ns); }
    // far clock - local clock, were the two directions equally long.
    double offsetNs() const { return (static_cast<double>(t2Ns - t1Ns) + static_cast<double>(t3Ns - t4Ns)) / 2.0; }
    // T1 <= T4 and T2 <= T3, and the far side did not take longer than the whole round trip.
    bool plausible() const { return t4Ns >= t1Ns && t3Ns >= t2Ns && delayNs() >= 0; }
};

// far clock = local clock + offsetNs, to within +/- epsilonNs. The true offset lies in that
// interval whatever the two directions' delays are: an exchange cannot tell a clock offset from
// a difference between the way there and the way back, and epsilon (half the exchange's delay)
// is exactly how large that difference can be.
struct ClockOffset {
    double offsetNs = 0;
    double epsilonNs = 0;
    std::int64_t delayNs = 0; // the delay of the exchange the estimate comes from
    std::size_t samples = 0;  // exchanges it was chosen among
    bool sameClock = false;   // both sides read one clock (one machine): the offset is 0, exactly

    // Both ends read the very same clock: nothing to estimate.
    static ClockOffset exactlyZero() { return ClockOffset{0, 0, 0, 0, true}; }
};

// One exchange's one-way delays under a clock offset, each +/- the offset's epsilon.
struct OneWayDelay {
    double upNs = 0;   // this side -> far side: (T2 - T1) - offset
    double downNs = 0; // far side -> this side: (T4 - T3) + offset
    double epsilonNs = 0;
};
OneWayDelay oneWayDelay(const ClockSample& sample, const ClockOffset& offset);

// The delays of the recent exchanges (each exact, whatever was resent: every sample pairs the
// datagram answered with its own send time): the shortest, the median and the longest, ns.
struct DelaySpread {
    std::int64_t minNs = 0;
    std::int64_t medianNs = 0;
    std::int64_t maxNs = 0;
    std::size_t samples = 0;
};

// The recent exchanges' trips from the far side to this one (T4 - T3 under an offset estimate),
// each within 0 and its exchange's delay (no way is longer than the round trip): the shortest
// and the longest, ns.
struct WaySpread {
    std::int64_t minNs = 0;
    std::int64_t maxNs = 0;
    std::size_t samples = 0;
};

// How long a datagram from the far side may have been on its way here, from the recent trips
// that way (WaySpread, under the estimate) and the round trips (DelaySpread): the longest trip
// seen, and half their spread again (jitter makes trips longer than any of a few samples), plus
// a 2 ms margin (the clocks' rounding); never more than the longest round trip and the margin,
// which is all the far side's own stamps can make its trips look (docs/PROTOCOL.md, "Threat
// model"). A far time claimed earlier than the arrival less this is not believed.
std::int64_t wayBackBoundNs(const WaySpread& ways, const DelaySpread& delays);

// Over the most recent exchanges: each says the true offset lies within its own offset +/- half
// its delay, so it lies where all of those intervals meet; the estimate is the middle of that
// stretch and epsilon half its length. Under jitter that is much narrower than the least delayed
// exchange's own interval (minimum-delay filtering), whose offset is off by half the difference
// of its two trips. When the intervals do not meet (the clocks drifted, a far side's stamps
// lie), the least delayed exchange is taken alone: it met the least queueing.
// Implausible samples (time going backwards, a far side slower than the round trip) are refused.
class ClockOffsetEstimator {
public:
    static constexpr std::size_t kDefaultWindow = 16;
    explicit ClockOffsetEstimator(std::size_t window = kDefaultWindow);

    bool add(const ClockSample& sample); // false: refused as implausible
    std::optional<ClockOffset> estimate() const; // empty until a sample was taken
    // The same samples' delays, leaving out those longer than `ceilingNs` (a peer that stopped
    // and then answered what had waited for it); empty when none is left.
    std::optional<DelaySpread> delays(std::int64_t ceilingNs = std::numeric_limits<std::int64_t>::max()) const;
    // The same samples' trips from the far side to this one under the estimate (WaySpread).
    std::optional<WaySpread> waysBack(std::int64_t ceilingNs = std::numeric_limits<std::int64_t>::max()) const;
    std::size_t size() const { return m_recent.size(); }
    std::size_t refused() const { return m_refused; }

private:
    std::size_t m_window;
    std::deque<ClockSample> m_recent;
    std::size_t m_refused = 0;
};

} // namespace speed::protocol
