#include "speed/measure/StreamStats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace speed {
namespace {

constexpr double kCatchUpBytes = 2 << 20; // a catch-up burst fits half a receiving socket's 4 MiB

} // namespace

std::string validate(const StreamPlan& plan, int minimumBytes) {
    char text[240];
    if (!(plan.rateMbps >= StreamPlan::kMinRateMbps && plan.rateMbps <= StreamPlan::kMaxRateMbps)) {
        return "--rate must be 0.01..100000 Mbit/s";
    }
    if (!(plan.durationS > 0 && plan.durationS <= StreamPlan::kMaxDurationS)) {
        return "--duration must be more than 0 and at most 86400 seconds (a day)";
    }
    if (plan.sizeBytes < minimumBytes || plan.sizeBytes > 65507) {
        std::snprintf(text, sizeof text, "--size must be %d..65507 bytes in stream mode (a stream datagram's header, "
                      "sequence number and send time take %d)", minimumBytes, minimumBytes);
        return text;
    }
    if (plan.timeoutMs < 1 || plan.timeoutMs > 60'000) return "--timeout must be 1..60000 ms";
    const double datagrams = plan.rateMbps * 1e6 * plan.durationS / (8.0 * plan.sizeBytes);
    if (datagrams > StreamPlan::kMaxDatagrams) {
        std::snprintf(text, sizeof text, "--rate x --duration / --size asks for %.0f datagrams; at most %u, the "
                      "stream's 32-bit sequence numbers (use larger datagrams or a shorter run)", datagrams,
                      StreamPlan::kMaxDatagrams);
        return text;
    }
    return {};
}

SendSchedule::SendSchedule(std::uint64_t startNs, double rateMbps, int sizeBytes, double durationS)
    : m_startNs(startNs),
      m_intervalFixed(std::max<std::uint64_t>(
          static_cast<std::uint64_t>(std::llround(8000.0 * sizeBytes / std::max(rateMbps, 1e-9) * (1 << kFixedBits))),
          1)),
      m_count(static_cast<std::uint32_t>(std::clamp(std::floor(rateMbps * 1e6 * durationS / (8.0 * sizeBytes)), 1.0,
                                                    static_cast<double>(StreamPlan::kMaxDatagrams)))),
      m_lateAfterNs(std::min<std::uint64_t>(intervalNs(), 1'000'000)),
      m_maxCatchUpNs(std::max<std::uint64_t>(
          4 * intervalNs(), std::clamp<std::uint64_t>(static_cast<std::uint64_t>(
                                                          kCatchUpBytes * 8000.0 / std::max(rateMbps, 1e-9)),
                                                      1'000'000, 20'000'000))) {}

SendSchedule::SendSchedule(std::uint64_t startNs, std::uint64_t intervalNs, std::uint32_t count,
                           std::uint64_t maxCatchUpNs)
    : m_startNs(startNs),
      m_intervalFixed(std::max<std::uint64_t>(intervalNs, 1) << kFixedBits),
      m_count(std::max<std::uint32_t>(count, 1)),
      m_lateAfterNs(std::min<std::uint64_t>(this->intervalNs(), 1'000'000)),
      m_maxCatchUpNs(maxCatchUpNs > 0 ? maxCatchUpNs : std::max<std::uint64_t>(4 * this->intervalNs(), 1'000'000)) {}

std::uint64_t SendSchedule::wakeNs(std::uint32_t next) const {
    const std::uint64_t due = dueNs(next);
    return due > kWakeLeadNs ? due - kWakeLeadNs : 0;
}

std::uint64_t SendSchedule::batchEndNs(std::uint32_t next, std::uint64_t nowNs) const {
    return std::max(nowNs, dueNs(next)) + kBatchSpanNs;
}

std::uint32_t SendSchedule::dueBy(std::uint32_t next, std::uint64_t byNs) const {
    if (next >= m_count || dueNs(next) > byNs) return 0;
    if (dueNs(m_count - 1) <= byNs) return m_count - next;
    // The last index whose due time is at or before byNs: the largest i with i x interval below
    // elapsed + 1 ns, in the schedule's fixed point (elapsed is under a day: no overflow).
    const std::uint64_t elapsedNs = byNs - m_startNs - m_slipNs;
    const std::uint64_t last = ((elapsedNs << kFixedBits) + (1ULL << kFixedBits) - 1) / m_intervalFixed;
    std::uint64_t through = std::min<std::uint64_t>(last, m_count - 1ULL);
    // The division rounds up to cover the shift in dueNs; step back over any index it overshot.
    while (through > next && dueNs(static_cast<std::uint32_t>(through)) > byNs) --through;
    return static_cast<std::uint32_t>(through - next + 1);
}

std::uint64_t SendSchedule::stopNs() const {
    const std::uint64_t plannedNs = (static_cast<std::uint64_t>(m_count) * m_intervalFixed) >> kFixedBits;
    const std::uint64_t maxOverrunNs = std::max<std::uint64_t>(1'000'000'000ULL, plannedNs / 10);
    return m_startNs + plannedNs + std::min(m_slipNs, maxOverrunNs) + m_maxCatchUpNs;
}

void SendSchedule::sent(std::uint32_t index, std::uint64_t sentNs) {
    const std::uint64_t due = dueNs(index);
    if (sentNs <= due) return;
    const std::uint64_t lateness = sentNs - due;
    m_maxLatenessNs = std::max(m_maxLatenessNs, lateness);
    if (lateness > m_lateAfterNs) ++m_late;
    // Too far behind to catch up in a short burst: the next datagram is due one interval after
    // this one, as if the stream had started that much later.
    if (lateness > m_maxCatchUpNs) m_slipNs += lateness;
}

StreamCounter::StreamCounter(std::uint32_t stream, std::uint32_t maxDatagrams) : m_maxDatagrams(maxDatagrams) {
    m_counts.stream = stream;
}

void StreamCounter::advanceTo(std::uint32_t seq) {
    const std::uint32_t from = m_highest ? *m_highest + 1 : 0;
    if (seq - from >= kWindow) {
        std::fill(m_seen.begin(), m_seen.end(), 0);
    } else {
        for (std::uint32_t forgotten = from; forgotten != seq; ++forgotten) clear(forgotten);
    }
    m_highest = seq;
}

void StreamCounter::add(std::uint32_t seq, std::uint64_t sentNs, std::uint64_t arrivalNs, std::size_t bytes) {
    if (seq >= m_maxDatagrams || (m_highest && seq < *m_highest && *m_highest - seq >= kWindow)) {
        ++m_outOfRange;
        return;
    }
    if (m_seen.empty()) m_seen.assign(kWindow / 64, 0);
    if (!m_highest || seq > *m_highest) {
        advanceTo(seq);
    } else if (seen(seq)) {
        ++m_counts.duplicates;
        return;
    } else if (seq < *m_highest) {
        ++m_counts.reordered;
    }
    mark(seq);
    ++m_counts.received;
    m_counts.bytes += bytes;
    if (m_counts.received == 1) m_counts.firstNs = arrivalNs;
    m_counts.lastNs = std::max(m_counts.lastNs, arrivalNs);

    const auto transit = static_cast<std::int64_t>(arrivalNs - sentNs);
    if (m_lastTransitNs) {
        const double difference = std::abs(static_cast<double>(transit - *m_lastTransitNs));
        m_jitterNs += (difference - m_jitterNs) / 16.0;
    }
    m_lastTransitNs = transit;
    m_minTransitNs = std::min(transit, m_minTransitNs.value_or(transit));
}

protocol::StreamCounts StreamCounter::counts() const {
    protocol::StreamCounts counts = m_counts;
    counts.jitterNs = static_cast<std::uint64_t>(std::llround(m_jitterNs));
    return counts;
}

StreamDirection streamDirection(std::uint32_t sent, std::uint32_t late, double maxLateUs, double sendingSeconds,
                                const std::optional<protocol::StreamCounts>& counted) {
    StreamDirection direction;
    direction.sent = sent;
    direction.late = late;
    direction.maxLateUs = maxLateUs;
    if (!counted) return direction;
    direction.counted = true;
    direction.received = counted->received;
    direction.lost = sent > counted->received ? sent - counted->received : 0;
    direction.duplicates = counted->duplicates;
    direction.reordered = counted->reordered;
    direction.bytes = counted->bytes;
    direction.jitterUs = static_cast<double>(counted->jitterNs) / 1000.0;
    if (sent > 0) direction.lossPercent = 100.0 * direction.lost / sent;
    if (sendingSeconds > 0) direction.goodputMbps = 8.0 * static_cast<double>(counted->bytes) / sendingSeconds / 1e6;
    return direction;
}

RttReservoir::RttReservoir(std::uint64_t seed) : m_state(seed == 0 ? 1 : seed) {}

// xorshift64*: a few instructions per round trip, and the same sample for the same seed.
std::uint64_t RttReservoir::nextRandom() {
    m_state ^= m_state >> 12;
    m_state ^= m_state << 25;
    m_state ^= m_state >> 27;
    return m_state * 2685821657736338717ULL;
}

void RttReservoir::add(double rttUs) {
    m_minUs = m_count == 0 ? rttUs : std::min(m_minUs, rttUs);
    m_maxUs = m_count == 0 ? rttUs : std::max(m_maxUs, rttUs);
    m_sumUs += rttUs;
    ++m_count;
    if (m_sample.size() < kCapacity) {
        m_sample.push_back(rttUs);
        return;
    }
    // Algorithm R: the n-th round trip replaces a random one of the sample with probability
    // kCapacity / n, so every round trip is equally likely to be in it.
    const std::uint64_t slot = nextRandom() % m_count;
    if (slot < kCapacity) m_sample[slot] = rttUs;
}

} // namespace speed
