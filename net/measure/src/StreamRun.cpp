#include "speed/measure/StreamRun.hpp"

#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Probe.hpp"

#include "speed/measure/BatchSender.hpp"
#include "speed/net/OsRandom.hpp"
#include "speed/protocol/Codec.hpp"
#include "speed/protocol/Probe.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <variant>

namespace speed {
namespace {

constexpr int kRequestTries = 3;
constexpr int kRequestBytes = 200; // opening and report requests: room for the largest answer
constexpr std::uint64_t kSecondNs = 1'000'000'000ULL;
constexpr std::uint64_t kMsNs = 1'000'000ULL;

constexpr std::uint64_t kHookPeriodNs = 20 * kMsNs; // often enough for a progress bar, rarely enough to cost nothing
constexpr std::uint64_t kReportHeadStartNs = 20 * kMsNs; // one way without a stream back: wait before the report

double seconds(std::uint64_t ns) {
    return static_cast<double>(ns) / 1e9;
}
double maxLateUs(const SendSchedule& schedule) {
    return static_cast<double>(schedule.maxLatenessNs()) / 1000.0;
}

// Receives, sends and counts one stream over the prober's socket.
class StreamClient {
public:
    StreamClient(UdpProber& prober, const StreamPlan& plan, std::ostream& progress, const StreamProgress& hooks)
        : m_prober(prober), m_plan(plan), m_progress(progress), m_hooks(hooks),
          m_stream(static_cast<std::uint32_t>(osRandom())), m_echoed(m_stream, StreamPlan::kMaxDatagrams),
          m_back(m_stream, StreamPlan::kMaxDatagrams), m_rtt(m_stream), m_sender(prober.descriptor()) {
        enlargeSendBuffer(prober.descriptor(), kStreamSendBufferBytes);
    }

    // Opens the stream, sends it, waits for the last datagrams, then gathers the counts.
    StreamRunResult run();

private:
    // Asks the far side to count the stream. A grant: it will (one way). Our request back
    // unchanged, or an ECHO without a grant: it echoes (a plain echo, a speed host), so round
    // trips are counted here. False: no answer at all.
    bool openStream();
    // Sends each datagram at its time, handling arrivals in between, until all are sent or the
    // caller cancels; then the sending time and rate.
    void sendStream(SendSchedule& schedule);
    // Tells the caller's hooks the share sent; true when the caller asks to stop sending.
    bool hooksAskToStop(std::uint64_t nowNs, const SendSchedule& schedule);
    // Sends every datagram due by the end of the batch that starts now, a system call per
    // BatchSender::maxBatch of them, each stamped with its call's time; returns the last time.
    std::uint64_t sendBatch(SendSchedule& schedule, std::uint64_t nowNs);
    // The last datagrams on their way: every echo, or the whole stream back, or the timeout.
    void awaitLastDatagrams(double rateMbps, double durationS);
    // One way: the far side's counts (asking also ends its stream back), both directions.
    void reportOneWay(const SendSchedule& schedule);
    // One way with a stream back: what came back of what the far side says it sent.
    StreamDirection streamBack(const SendSchedule& schedule,
                               const std::optional<protocol::StreamCounts>& farCounts) const;
    // Round trip: the echoes counted here and their round-trip times.
    void reportRoundTrip(const SendSchedule& schedule);

    // One request (open or report), resent until `answered` says the answer came or tries run out.
    template <typename Answered> bool request(protocol::MeasurePayload form, Answered answered);
    // Handles whatever arrives until `deadlineNs` or until `done()`.
    template <typename Done> void receiveUntil(std::uint64_t deadlineNs, Done done);
    void onDatagram(const ReceivedDatagram& datagram);
    void progressLine(std::uint64_t nowNs);

    UdpProber& m_prober;
    StreamPlan m_plan;
    std::ostream& m_progress;
    const StreamProgress& m_hooks;
    std::uint64_t m_nextHookNs = 0;
    std::uint32_t m_stream;
    StreamRunResult m_result;
    // The request in flight: its ID and bytes (a plain echo sends those back).
    std::uint32_t m_requestId = 0;
    std::string m_request;
    bool m_plainEchoOfRequest = false;
    std::optional<protocol::MeasurePayload> m_answer; // the ECHO's payload form
    // Round trip: datagrams echoed back; one way with --bidir: the stream back.
    StreamCounter m_echoed;
    StreamCounter m_back;
    RttReservoir m_rtt;
    BatchSender m_sender;
    std::string m_batch;   // the datagrams of one send, end to end (kept: no allocation per batch)
    std::string m_payload; // one datagram's payload form
    std::uint32_t m_sent = 0;
    std::uint64_t m_firstSentNs = 0;
    std::uint64_t m_nextProgressNs = 0;
    std::uint32_t m_sentAtLastLine = 0, m_echoedAtLastLine = 0, m_backAtLastLine = 0;
};

template <typename Answered> bool StreamClient::request(protocol::MeasurePayload form, Answered answered) {
    // Under setup.ini's password the request is signed, and only a signed answer is believed.
    if (m_prober.measureKey() != nullptr) {
        std::visit([](auto& f) {
            if constexpr (requires { f.tag; }) f.tag = std::string();
        }, form);
    }
    const std::string text = protocol::measurePayloadText(form);
    const std::size_t kLargestAnswer = protocol::signedFieldChars('c') + protocol::kMeasureTagChars;
    for (int attempt = 0; attempt < kRequestTries; ++attempt) {
        ++m_result.reportTries;
        m_request = m_prober.nextProbe(kRequestBytes, text, kLargestAnswer);
        m_requestId = m_prober.lastId();
        m_answer.reset();
        m_plainEchoOfRequest = false;
        if (const std::error_code ec = m_prober.send(m_request)) {
            if (ec.value() == ECONNREFUSED) m_result.refused = true;
        }
        const std::uint64_t deadline = monotonicNowNs() + static_cast<std::uint64_t>(m_plan.timeoutMs) * kMsNs;
        receiveUntil(deadline, [&] { return m_plainEchoOfRequest || (m_answer && answered(*m_answer)); });
        if (m_plainEchoOfRequest || (m_answer && answered(*m_answer))) return true;
        if (m_result.refused) return false;
    }
    return false;
}

template <typename Done> void StreamClient::receiveUntil(std::uint64_t deadlineNs, Done done) {
    while (!done()) {
        const std::uint64_t wakeAt = std::min(deadlineNs, m_nextProgressNs ? m_nextProgressNs : deadlineNs);
        bool refused = false;
        const auto datagram = m_prober.receiveUntil(wakeAt, refused);
        m_result.refused = m_result.refused || refused;
        if (datagram) onDatagram(*datagram);
        const std::uint64_t now = monotonicNowNs();
        if (m_nextProgressNs && now >= m_nextProgressNs) progressLine(now);
        if (now >= deadlineNs) return;
    }
}

void StreamClient::onDatagram(const ReceivedDatagram& datagram) {
    const std::uint64_t arrivalNs = datagram.kernelAtNs.value_or(datagram.atNs);
    if (!m_request.empty() && datagram.bytes == m_request) {
        if (m_prober.measureKey() != nullptr) { // anyone could send it back: not believed under a password
            ++m_result.unauthenticated;
            return;
        }
        m_plainEchoOfRequest = true;
        m_result.reflector = Reflector::PlainEcho;
        return;
    }
    const auto decoded = protocol::decodeDatagram(datagram.bytes);
    if (!decoded.ok()) return; // damaged or foreign: not counted anywhere
    const std::string* payload = nullptr;
    std::optional<std::uint32_t> echoId;
    bool aProbe = false;
    if (const auto* echo = std::get_if<protocol::Echo>(&decoded.message->body)) {
        payload = &echo->payload;
        echoId = echo->id;
    } else if (const auto* probe = std::get_if<protocol::Probe>(&decoded.message->body)) {
        payload = &probe->payload; // a plain echo sends our PROBE back unchanged
        aProbe = true;
    }
    if (payload == nullptr) return;
    const protocol::MeasurePayload form = protocol::readMeasurePayload(*payload);
    if (const auto* data = std::get_if<protocol::StreamData>(&form); data != nullptr && data->stream == m_stream) {
        if (data->back && !aProbe) {
            m_back.add(data->seq, data->sentNs, arrivalNs, datagram.bytes.size());
        } else if (!data->back && data->seq < m_sent) {
            // Our own datagram back: echoed by a host (ECHO) or a plain echo (unchanged).
            const auto before = m_echoed.counts().received;
            m_echoed.add(data->seq, data->sentNs, arrivalNs, datagram.bytes.size());
            if (m_echoed.counts().received > before)
                m_rtt.add(static_cast<double>(datagram.atNs - data->sentNs) / 1000.0);
            if (m_result.reflector == Reflector::None)
                m_result.reflector = aProbe ? Reflector::PlainEcho : Reflector::SpeedEcho;
        }
        return;
    }
    if (echoId && *echoId == m_requestId && !m_request.empty()) {
        if (m_prober.measureKey() != nullptr &&
            !(protocol::isSigned(form) && protocol::measureTagValid(*m_prober.measureKey(), datagram.bytes))) {
            ++m_result.unauthenticated;
            return;
        }
        m_answer = form;
        if (m_result.reflector == Reflector::None) m_result.reflector = Reflector::SpeedEcho;
    }
}

void StreamClient::progressLine(std::uint64_t nowNs) {
    const double elapsed = seconds(nowNs - m_firstSentNs);
    const auto rate = [&](std::uint32_t datagrams) { return 8.0 * datagrams * m_plan.sizeBytes / 1e6; };
    char line[256];
    int written = std::snprintf(line, sizeof line, "[%5.1f s] sent %u (%.2f Mbit/s)", elapsed, m_sent,
                                rate(m_sent - m_sentAtLastLine));
    const auto echoed = m_echoed.counts().received;
    const auto back = m_back.counts().received;
    if (m_result.counting == StreamCounting::RoundTrip) {
        written += std::snprintf(line + written, sizeof line - static_cast<std::size_t>(written),
                                 ", echoed back %u (%.2f Mbit/s)", echoed, rate(echoed - m_echoedAtLastLine));
    } else if (m_plan.bidir) {
        written += std::snprintf(line + written, sizeof line - static_cast<std::size_t>(written),
                                 ", received back %u (%.2f Mbit/s)", back, rate(back - m_backAtLastLine));
    }
    m_progress << line << std::endl;
    m_sentAtLastLine = m_sent;
    m_echoedAtLastLine = echoed;
    m_backAtLastLine = back;
    m_nextProgressNs += kSecondNs;
}

StreamRunResult StreamClient::run() {
    m_result.authenticated = m_prober.measureKey() != nullptr;
    if (!openStream()) return m_result;
    // The far side may grant less than asked: the stream is sent as granted, so both directions
    // mean the same thing.
    const double rateMbps = m_result.grant ? m_result.grant->rateKbps / 1000.0 : m_plan.rateMbps;
    const double durationS = m_result.grant ? m_result.grant->durationMs / 1000.0 : m_plan.durationS;
    SendSchedule schedule(monotonicNowNs(), rateMbps, m_plan.sizeBytes, durationS);
    sendStream(schedule);
    awaitLastDatagrams(rateMbps, durationS);
    if (m_result.counting == StreamCounting::OneWay) {
        reportOneWay(schedule);
    } else {
        reportRoundTrip(schedule);
    }
    m_result.outOfRange = m_echoed.outOfRange() + m_back.outOfRange();
    return m_result;
}

bool StreamClient::openStream() {
    const protocol::StreamOpen open{m_stream, static_cast<std::uint32_t>(std::llround(m_plan.rateMbps * 1000)),
                                    static_cast<std::uint32_t>(std::llround(m_plan.durationS * 1000)),
                                    static_cast<std::uint16_t>(m_plan.sizeBytes), m_plan.bidir};
    const bool opened = request(open, [](const protocol::MeasurePayload&) { return true; });
    m_result.reportTries = 0;
    if (!opened) return false;
    const auto* grant = m_answer ? std::get_if<protocol::StreamGrant>(&*m_answer) : nullptr;
    if (grant != nullptr && grant->stream == m_stream) {
        m_result.counting = StreamCounting::OneWay;
        m_result.grant = *grant;
    } else {
        m_result.counting = StreamCounting::RoundTrip;
    }
    m_request.clear();
    return true;
}

// Sleeps (in receiveUntil, which handles what arrives meanwhile) until the schedule's next
// wake-up, then sends a batch: one wake-up per millisecond of the stream or per datagram,
// whichever is rarer, never one per datagram at high rates and never a busy wait.
void StreamClient::sendStream(SendSchedule& schedule) {
    m_firstSentNs = schedule.dueNs(0);
    m_nextProgressNs = m_firstSentNs + kSecondNs;
    std::uint64_t lastSentNs = m_firstSentNs;
    while (m_sent < schedule.count()) {
        const std::uint64_t now = monotonicNowNs();
        if (now >= m_nextHookNs && (m_hooks.onProgress || m_hooks.cancelled) && hooksAskToStop(now, schedule)) {
            m_result.cancelled = true;
            break;
        }
        if (now >= schedule.wakeNs(m_sent)) {
            lastSentNs = sendBatch(schedule, now);
            // Looked at once the batch has told the schedule of any stall (its slip): asked for
            // more than the machine sends, the stream ends about on time with what left.
            if (m_sent < schedule.count() && monotonicNowNs() >= schedule.stopNs()) break;
            continue;
        }
        receiveUntil(schedule.wakeNs(m_sent), [] { return false; });
    }
    m_result.planned = schedule.count();
    m_result.stoppedShort = !m_result.cancelled && m_sent < schedule.count();
    // Sent on time, the last datagram counts from its due time (a batch leaves a little ahead).
    if (m_sent > 0) lastSentNs = std::max(lastSentNs, schedule.dueNs(m_sent - 1));
    m_result.sendingSeconds = seconds(lastSentNs - m_firstSentNs + schedule.intervalNs());
    m_result.sentMbps = 8.0 * m_sent * m_plan.sizeBytes / m_result.sendingSeconds / 1e6;
}

bool StreamClient::hooksAskToStop(std::uint64_t nowNs, const SendSchedule& schedule) {
    m_nextHookNs = nowNs + kHookPeriodNs;
    if (m_hooks.onProgress) m_hooks.onProgress(static_cast<double>(m_sent) / schedule.count());
    return m_hooks.cancelled && m_hooks.cancelled();
}

std::uint64_t StreamClient::sendBatch(SendSchedule& schedule, std::uint64_t nowNs) {
    const auto size = static_cast<std::size_t>(m_plan.sizeBytes);
    const std::uint64_t batchEndNs = schedule.batchEndNs(m_sent, nowNs);
    std::uint64_t sentNs = nowNs;
    while (const std::uint32_t due = schedule.dueBy(m_sent, batchEndNs)) {
        const std::uint32_t batch = std::min(due, m_sender.maxBatch(size));
        sentNs = monotonicNowNs();
        m_batch.clear();
        for (std::uint32_t i = 0; i < batch; ++i) {
            m_payload.clear();
            protocol::appendMeasurePayload(m_payload, protocol::StreamData{false, m_stream, m_sent + i, sentNs});
            m_prober.appendProbe(m_batch, m_plan.sizeBytes, m_payload);
        }
        // Every datagram is exactly the plan's size (at least minimumStreamBytes), as the
        // segmenting send needs.
        const BatchSender::Outcome outcome = m_sender.send(m_batch.data(), size, batch);
        if (outcome.error.value() == ECONNREFUSED) m_result.refused = true;
        for (std::uint32_t i = 0; i < batch; ++i) schedule.sent(m_sent + i, sentNs);
        m_sent += batch;
    }
    return sentNs;
}

void StreamClient::awaitLastDatagrams(double rateMbps, double durationS) {
    const std::uint64_t drainUntil = monotonicNowNs() + static_cast<std::uint64_t>(m_plan.timeoutMs) * kMsNs;
    std::optional<SendSchedule> backSchedule;
    if (m_result.grant && m_result.grant->back) {
        backSchedule.emplace(0, rateMbps, m_result.grant->sizeBytes, durationS);
    }
    if (m_result.counting == StreamCounting::RoundTrip) {
        receiveUntil(drainUntil, [&] { return m_echoed.counts().received >= m_sent; });
    } else if (backSchedule && !m_result.cancelled) {
        receiveUntil(drainUntil, [&] { return m_back.counts().received >= backSchedule->count(); });
    } else {
        // Nothing comes back: only give the last datagrams a head start on the report request.
        receiveUntil(std::min(drainUntil, monotonicNowNs() + kReportHeadStartNs), [] { return false; });
    }
}

void StreamClient::reportOneWay(const SendSchedule& schedule) {
    m_nextProgressNs = 0; // the stream is over: no more progress lines
    std::optional<protocol::StreamCounts> farCounts;
    request(protocol::StreamReportRequest{m_stream}, [&](const protocol::MeasurePayload& answer) {
        const auto* counts = std::get_if<protocol::StreamCounts>(&answer);
        if (counts != nullptr && counts->stream == m_stream) farCounts = *counts;
        return farCounts.has_value();
    });
    m_result.reportReceived = farCounts.has_value();
    m_result.up = streamDirection(m_sent, schedule.late(), maxLateUs(schedule), m_result.sendingSeconds, farCounts);
    m_result.up.slippedMs = static_cast<double>(schedule.slipNs()) / 1e6;
    if (m_result.grant->back) m_result.down = streamBack(schedule, farCounts);
}

StreamDirection StreamClient::streamBack(const SendSchedule& schedule,
                                         const std::optional<protocol::StreamCounts>& farCounts) const {
    const std::uint32_t backSent = farCounts ? farCounts->backSent : 0;
    const double backSeconds = seconds(backSent * schedule.intervalNs());
    StreamDirection down =
        streamDirection(backSent, farCounts ? farCounts->backLate : 0, 0, backSeconds, m_back.counts());
    if (!farCounts) {
        // Without the far side's count of what it sent, loss back is unknown.
        down.sent = 0;
        down.lost = 0;
        down.lossPercent = 0;
    }
    return down;
}

void StreamClient::reportRoundTrip(const SendSchedule& schedule) {
    m_result.up =
        streamDirection(m_sent, schedule.late(), maxLateUs(schedule), m_result.sendingSeconds, m_echoed.counts());
    m_result.up.slippedMs = static_cast<double>(schedule.slipNs()) / 1e6;
    ProbeSeries series;
    series.size = m_plan.sizeBytes;
    series.wireBytes = m_plan.sizeBytes;
    series.sent = static_cast<int>(std::min<std::uint32_t>(m_sent, INT_MAX));
    series.rttUs = m_rtt.takeSample();
    m_result.rtt = summarize(series);
    if (m_rtt.count() > RttReservoir::kCapacity) {
        // The percentiles are the sample's; the count and the extremes are every round trip's.
        m_result.rtt.received = static_cast<int>(std::min<std::uint64_t>(m_rtt.count(), INT_MAX));
        m_result.rtt.lost = std::max(0, series.sent - m_result.rtt.received);
        m_result.rtt.minUs = m_rtt.minUs();
        m_result.rtt.maxUs = m_rtt.maxUs();
        m_result.rtt.meanUs = m_rtt.meanUs();
    }
}

} // namespace

std::string_view wordOf(StreamCounting counting) {
    switch (counting) {
    case StreamCounting::OneWay:
        return "one_way";
    case StreamCounting::RoundTrip:
        return "round_trip";
    case StreamCounting::None:
        break;
    }
    return "none";
}

int minimumStreamBytes() {
    return static_cast<int>(protocol::minimumProbeBytes(UINT32_MAX, UINT32_MAX, UINT32_MAX,
                                                        protocol::measurePayloadChars(protocol::StreamData{})));
}

StreamRunResult runStream(UdpProber& prober, const StreamPlan& plan, std::ostream& progress,
                          const StreamProgress& hooks) {
    return StreamClient(prober, plan, progress, hooks).run();
}

} // namespace speed
