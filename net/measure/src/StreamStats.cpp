#include "speed/measure/StreamStats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace speed {

std::string validate(const StreamPlan& plan, int minimumBytes) {
    char text[200];
    if (!(plan.rateMbps >= StreamPlan::kMinRateMbps && plan.rateMbps <= StreamPlan::kMaxRateMbps)) {
        return "--rate must be 0.01..1000 Mbit/s";
    }
    if (!(plan.durationS > 0 && plan.durationS <= StreamPlan::kMaxDurationS)) {
        return "--duration must be more than 0 and at most 60 seconds";
    }
    if (plan.sizeBytes < minimumBytes || plan.sizeBytes > 65507) {
        std::snprintf(text, sizeof text, "--size must be %d..65507 bytes in stream mode (a stream datagram's header, "
                      "sequence number and send time take %d)", minimumBytes, minimumBytes);
        return text;
    }
    if (plan.timeoutMs < 1 || plan.timeoutMs > 60'000) return "--timeout must be 1..60000 ms";
    const double datagrams = plan.rateMbps * 1e6 * plan.durationS / (8.0 * plan.sizeBytes);
    if (datagrams > StreamPlan::kMaxDatagrams) {
        std::snprintf(text, sizeof text, "--rate x --duration / --size asks for %.0f datagrams; at most %u (use larger "
                      "datagrams or a shorter run)", datagrams, StreamPlan::kMaxDatagrams);
        return text;
    }
    return {};
}

SendSchedule::SendSchedule(std::uint64_t startNs, double rateMbps, int sizeBytes, double durationS)
    : SendSchedule(startNs,
                   static_cast<std::uint64_t>(std::llround(8000.0 * sizeBytes / std::max(rateMbps, 1e-9))),
                   static_cast<std::uint32_t>(std::clamp(
                       std::floor(rateMbps * 1e6 * durationS / (8.0 * sizeBytes)), 1.0,
                       static_cast<double>(StreamPlan::kMaxDatagrams)))) {}

SendSchedule::SendSchedule(std::uint64_t startNs, std::uint64_t intervalNs, std::uint32_t count)
    : m_startNs(startNs),
      m_intervalNs(std::max<std::uint64_t>(intervalNs, 1)),
      m_count(std::max<std::uint32_t>(count, 1)),
      m_lateAfterNs(std::min<std::uint64_t>(m_intervalNs, 1'000'000)),
      m_maxCatchUpNs(std::max<std::uint64_t>(4 * m_intervalNs, 1'000'000)) {}

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

void StreamCounter::add(std::uint32_t seq, std::uint64_t sentNs, std::uint64_t arrivalNs, std::size_t bytes) {
    if (seq >= m_maxDatagrams) {
        ++m_outOfRange;
        return;
    }
    if (seq >= m_seen.size()) m_seen.resize(std::max<std::size_t>(seq + 1, std::min<std::size_t>(2 * m_seen.size(), m_maxDatagrams)));
    if (m_seen[seq]) {
        ++m_counts.duplicates;
        return;
    }
    m_seen[seq] = true;
    ++m_counts.received;
    m_counts.bytes += bytes;
    if (m_highest && seq < *m_highest) ++m_counts.reordered;
    m_highest = std::max(seq, m_highest.value_or(seq));
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

} // namespace speed
