#pragma once

#include "speed/protocol/MeasureWire.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

// speed-measure --mode stream: the plan, its send schedule and the receiving side's counting.
// Sans-I/O: times are nanoseconds of the monotonic clock, read by the caller.
namespace speed {

struct StreamPlan {
    static constexpr double kMaxRateMbps = 100'000;  // the far side grants no more either
    static constexpr double kMinRateMbps = 0.01;
    static constexpr double kMaxDurationS = 86'400;  // a day
    // Per direction: the wire's sequence numbers and counts are 32 bits (MeasureWire's 'D' and
    // 'C' forms), so a stream holds at most this many datagrams (6.3 TB of 1472-byte ones; at
    // 1000 Mbit/s, about 14 hours). Nothing is kept per datagram: this bounds no memory.
    static constexpr std::uint32_t kMaxDatagrams = 4'294'967'295U;
    static constexpr int kDefaultSize = 1472;        // one Ethernet frame's UDP payload

    double rateMbps = 10;
    double durationS = 5;
    int sizeBytes = kDefaultSize; // whole UDP payload per datagram
    bool bidir = false;
    int timeoutMs = 1000; // how long answers and the end of the stream back are waited for
};

// Empty when the plan can run, else what is wrong (for the command line's error message).
// minimumBytes: the smallest stream datagram (its header, fields and checksum).
std::string validate(const StreamPlan& plan, int minimumBytes);

// When each datagram of a stream is due: evenly spaced at the plan's rate, from `startNs`. A
// datagram that leaves later than min(one interval, 1 ms) after it was due counts as late (it
// made a gap, and the next ones may leave back to back to keep the rate). The catch-up is
// bounded: a sender further behind than the catch-up bound (descheduled, stopped) does not
// flush the whole backlog at once, which would measure its own stall as the far side's buffer
// overflowing; the schedule slips instead and the stream goes on at its rate from there. The
// bound is what 2 MiB take at the rate (half the 4 MiB a receiving socket asks for), kept
// within 1..20 ms, and at least 4 intervals: a sender on a busy machine, descheduled for a few
// milliseconds at a time, catches up rather than fall behind the rate for good.
//
// Sent in batches: the pacing loop sleeps until kWakeLeadNs before the next datagram is due
// (wakeNs), then sends every datagram due within kBatchSpanNs of it (batchEndNs, dueBy), so one
// wake-up and a few system calls carry up to a millisecond of the stream, and no datagram of a
// batch leaves after its time unless the wake-up itself came late.
class SendSchedule {
public:
    static constexpr std::uint64_t kBatchSpanNs = 1'000'000; // one wake-up sends up to 1 ms of the stream
    static constexpr std::uint64_t kWakeLeadNs = 100'000;    // wake this much before a batch is due

    SendSchedule(std::uint64_t startNs, double rateMbps, int sizeBytes, double durationS);
    // A bare schedule: the catch-up bound is max(4 intervals, 1 ms) unless given.
    SendSchedule(std::uint64_t startNs, std::uint64_t intervalNs, std::uint32_t count, std::uint64_t maxCatchUpNs = 0);

    std::uint32_t count() const { return m_count; }
    // The interval rounded to a nanosecond; the schedule itself keeps 1/65536 ns, so that small
    // datagrams at high rates are not sent a few percent too fast or too slow.
    std::uint64_t intervalNs() const { return (m_intervalFixed + kFixedHalf) >> kFixedBits; }
    std::uint64_t dueNs(std::uint32_t index) const {
        return m_startNs + m_slipNs + ((static_cast<std::uint64_t>(index) * m_intervalFixed) >> kFixedBits);
    }
    std::uint64_t endNs() const { return dueNs(m_count); } // one interval after the last is due

    // When the pacing loop wakes for datagram `next` (kWakeLeadNs before it is due).
    std::uint64_t wakeNs(std::uint32_t next) const;
    // The end of the batch that starts with datagram `next` at `nowNs`: kBatchSpanNs after the
    // later of now and its due time.
    std::uint64_t batchEndNs(std::uint32_t next, std::uint64_t nowNs) const;
    // How many datagrams from `next` on are due by `byNs` (none past the end of the stream).
    std::uint32_t dueBy(std::uint32_t next, std::uint64_t byNs) const;

    // When sending stops, even with datagrams left: the planned end (count x interval after the
    // start), plus the slip up to max(1 s, a tenth of the planned time), plus the catch-up bound.
    // A sender that stalled for a moment still sends the whole stream; one that cannot send at
    // the rate (asked for more than the machine sends) stops about on time with what it sent,
    // rather than run for as long as the stream would take it.
    std::uint64_t stopNs() const;

    // Tells the schedule that datagram `index` left at `sentNs` (counts lateness).
    void sent(std::uint32_t index, std::uint64_t sentNs);
    std::uint32_t late() const { return m_late; }
    std::uint64_t maxLatenessNs() const { return m_maxLatenessNs; }
    std::uint64_t slipNs() const { return m_slipNs; } // how far the schedule moved on after stalls
    std::uint64_t maxCatchUpNs() const { return m_maxCatchUpNs; }

private:
    static constexpr int kFixedBits = 16;
    static constexpr std::uint64_t kFixedHalf = 1ULL << (kFixedBits - 1);

    std::uint64_t m_startNs;
    std::uint64_t m_intervalFixed; // ns << kFixedBits (index x interval stays below 2^64 for a day)
    std::uint32_t m_count;
    std::uint64_t m_lateAfterNs;
    std::uint64_t m_maxCatchUpNs;
    std::uint64_t m_slipNs = 0;
    std::uint32_t m_late = 0;
    std::uint64_t m_maxLatenessNs = 0;
};

// What a receiver counts of one stream: distinct datagrams, duplicates, reordering (arrived after
// one sent later), bytes, and the RFC 3550 interarrival jitter J += (|D| - J) / 16, D being the
// difference of consecutive arrivals' transit times (arrival - send time; the two clocks'
// offset cancels). Sequence numbers at or above `maxDatagrams` are not counted (outOfRange).
// Which sequence numbers arrived is kept for the last kWindow only (a ring of bits, 128 KiB,
// whatever the stream's length): a datagram more than kWindow behind the newest cannot be told
// from a copy, and is not counted either (outOfRange too). The window is 120 ms of a stream of
// 1472-byte datagrams at 100 Gbit/s, 7 ms of the smallest ones.
class StreamCounter {
public:
    static constexpr std::uint32_t kWindow = 1U << 20;

    StreamCounter(std::uint32_t stream, std::uint32_t maxDatagrams);

    void add(std::uint32_t seq, std::uint64_t sentNs, std::uint64_t arrivalNs, std::size_t bytes);
    protocol::StreamCounts counts() const;
    std::uint32_t outOfRange() const { return m_outOfRange; }
    // The smallest transit time seen (arrival - send): a one-way delay when both read one clock.
    std::optional<std::int64_t> minTransitNs() const { return m_minTransitNs; }

private:
    bool seen(std::uint32_t seq) const { return (m_seen[(seq % kWindow) / 64] >> (seq % 64)) & 1U; }
    void mark(std::uint32_t seq) { m_seen[(seq % kWindow) / 64] |= 1ULL << (seq % 64); }
    void clear(std::uint32_t seq) { m_seen[(seq % kWindow) / 64] &= ~(1ULL << (seq % 64)); }
    // A datagram newer than any before: the window moves on to it, forgetting what falls out.
    void advanceTo(std::uint32_t seq);

    protocol::StreamCounts m_counts;
    std::uint32_t m_maxDatagrams;
    std::vector<std::uint64_t> m_seen; // kWindow bits, allocated with the first datagram
    std::optional<std::uint32_t> m_highest;
    std::optional<std::int64_t> m_lastTransitNs;
    std::optional<std::int64_t> m_minTransitNs;
    double m_jitterNs = 0;
    std::uint32_t m_outOfRange = 0;
};

// Round trips of a stream's echoed datagrams, in bounded memory: the exact count, smallest,
// largest and mean, and a uniform sample of at most kCapacity of them (reservoir sampling,
// seeded) for the percentiles. A run with fewer round trips keeps them all.
class RttReservoir {
public:
    static constexpr std::size_t kCapacity = 1U << 17; // 1 MiB of doubles

    explicit RttReservoir(std::uint64_t seed = 1);
    void add(double rttUs);
    std::uint64_t count() const { return m_count; }
    double minUs() const { return m_minUs; }
    double maxUs() const { return m_maxUs; }
    double meanUs() const { return m_count == 0 ? 0 : m_sumUs / static_cast<double>(m_count); }
    const std::vector<double>& sample() const { return m_sample; }
    std::vector<double> takeSample() { return std::move(m_sample); }

private:
    std::uint64_t nextRandom();

    std::vector<double> m_sample;
    std::uint64_t m_count = 0;
    double m_minUs = 0, m_maxUs = 0, m_sumUs = 0;
    std::uint64_t m_state;
};

// One direction of a stream as the report shows it.
struct StreamDirection {
    bool counted = false;        // false: nothing counted it (a lost report), only "sent" is known
    std::uint32_t sent = 0;
    std::uint32_t late = 0;      // sends that left late (see SendSchedule)
    double maxLateUs = 0;
    double slippedMs = 0;        // how far the sender's schedule moved on after it stalled
    std::uint32_t received = 0;
    std::uint32_t lost = 0;      // sent - received (never below 0)
    std::uint32_t duplicates = 0;
    std::uint32_t reordered = 0;
    std::uint64_t bytes = 0;
    double lossPercent = 0;
    double goodputMbps = 0;      // received bytes over the sending time
    double jitterUs = 0;
};

// sent, lateness and the sending time from the sender; the rest from the receiver's counts.
StreamDirection streamDirection(std::uint32_t sent, std::uint32_t late, double maxLateUs, double sendingSeconds,
                                const std::optional<protocol::StreamCounts>& counted);

} // namespace speed
