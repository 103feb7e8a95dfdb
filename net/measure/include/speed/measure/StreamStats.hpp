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
    static constexpr double kMaxRateMbps = 1000;     // the far side grants no more either
    static constexpr double kMinRateMbps = 0.01;
    static constexpr double kMaxDurationS = 60;
    static constexpr std::uint32_t kMaxDatagrams = 10'000'000; // per direction: bounds memory and time
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
// bounded: a sender more than max(4 intervals, 1 ms) behind (descheduled, stopped) does not
// flush the whole backlog at once, which would measure its own stall as the far side's buffer
// overflowing; the schedule slips instead and the stream goes on at its rate from there.
class SendSchedule {
public:
    SendSchedule(std::uint64_t startNs, double rateMbps, int sizeBytes, double durationS);
    SendSchedule(std::uint64_t startNs, std::uint64_t intervalNs, std::uint32_t count);

    std::uint32_t count() const { return m_count; }
    std::uint64_t intervalNs() const { return m_intervalNs; }
    std::uint64_t dueNs(std::uint32_t index) const { return m_startNs + m_slipNs + index * m_intervalNs; }
    std::uint64_t endNs() const { return dueNs(m_count); } // one interval after the last is due

    // Tells the schedule that datagram `index` left at `sentNs` (counts lateness).
    void sent(std::uint32_t index, std::uint64_t sentNs);
    std::uint32_t late() const { return m_late; }
    std::uint64_t maxLatenessNs() const { return m_maxLatenessNs; }
    std::uint64_t slipNs() const { return m_slipNs; } // how far the schedule moved on after stalls

private:
    std::uint64_t m_startNs;
    std::uint64_t m_intervalNs;
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
class StreamCounter {
public:
    StreamCounter(std::uint32_t stream, std::uint32_t maxDatagrams);

    void add(std::uint32_t seq, std::uint64_t sentNs, std::uint64_t arrivalNs, std::size_t bytes);
    protocol::StreamCounts counts() const;
    std::uint32_t outOfRange() const { return m_outOfRange; }
    // The smallest transit time seen (arrival - send): a one-way delay when both read one clock.
    std::optional<std::int64_t> minTransitNs() const { return m_minTransitNs; }

private:
    protocol::StreamCounts m_counts;
    std::uint32_t m_maxDatagrams;
    std::vector<bool> m_seen;
    std::optional<std::uint32_t> m_highest;
    std::optional<std::int64_t> m_lastTransitNs;
    std::optional<std::int64_t> m_minTransitNs;
    double m_jitterNs = 0;
    std::uint32_t m_outOfRange = 0;
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
