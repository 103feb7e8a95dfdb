#include "speed/measure/UdpReflector.hpp"

#include "ReceiveStamped.hpp"

#include "speed/measure/BatchSender.hpp"
#include "speed/measure/StreamRun.hpp"
#include "speed/measure/UdpProber.hpp"
#include "speed/protocol/Codec.hpp"
#include "speed/protocol/Probe.hpp"

#include <poll.h>
#include <sys/time.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstring>
#include <variant>

namespace speed {
namespace {

constexpr std::size_t kMaxDatagramBytes = 65'536;
constexpr std::size_t kMaxRemembered = 4096; // addresses whose last answer is kept (loop check)
constexpr std::uint16_t kFirstUnprivilegedPort = 1024;
constexpr auto kReflectionWindow = std::chrono::milliseconds(200); // a bounce comes back sooner
constexpr int kDrainBatch = 64;          // datagrams read per wake-up before the stream back gets its turn
constexpr std::uint32_t kBackBatch = 256; // datagrams of one stream back sent per turn
// What a stream may ask for, as speed-measure's own limits (StreamPlan): 100,000 Mbit/s for a
// day. The stream back is bounded by what comes in anyway (see sendBackDue).
constexpr std::uint32_t kMaxGrantKbps = 100'000'000;
constexpr std::uint32_t kMaxGrantMs = 86'400'000;
constexpr auto kIdleWait = std::chrono::milliseconds(200); // the longest wait for a stream back's turn

std::uint64_t ns(std::chrono::nanoseconds duration) { return static_cast<std::uint64_t>(duration.count()); }

} // namespace

UdpReflector::UdpReflector(asio::ip::udp::socket socket)
    : m_socket(std::move(socket)), m_buffer(kMaxDatagramBytes), m_clockId(thisMachineClockId()),
      m_backSender(m_socket.native_handle()) {
    detail::enableKernelTimestamps(m_socket.native_handle());
    detail::enlargeReceiveBuffer(m_socket.native_handle(), detail::kStreamReceiveBufferBytes);
    enlargeSendBuffer(m_socket.native_handle(), kStreamSendBufferBytes);
}

std::string UdpReflector::setDscp(int dscp) { return speed::setDscp(m_socket, dscp); }

void UdpReflector::wakeFromSignal(int descriptor) {
    // Async-signal-safe: one system call. A blocked receive returns at once, and so does the
    // next one when the signal came just before it (the race a flag alone leaves open).
    if (descriptor >= 0) ::shutdown(descriptor, SHUT_RD);
}

void UdpReflector::run(const volatile std::sig_atomic_t& stop) {
    // The blocking read has no receive timeout: a timer armed and cancelled around every wait
    // cost about 0.3 us per datagram (some 4% of a loopback round trip on one CPU).
    // `stop` is looked at after each datagram, and wakeFromSignal ends the wait.
    while (stop == 0) {
        if (const auto due = nextBackDueNs()) {
            const std::uint64_t now = monotonicNowNs();
            if (*due > now) {
                const std::uint64_t waitNs = std::min<std::uint64_t>(*due - now, ns(kIdleWait));
                const timespec timeout{static_cast<time_t>(waitNs / 1'000'000'000ULL),
                                       static_cast<long>(waitNs % 1'000'000'000ULL)};
                pollfd descriptor{m_socket.native_handle(), POLLIN, 0};
                ::ppoll(&descriptor, 1, &timeout, nullptr);
            }
            drain(false);
        } else {
            drain(true);
        }
        if (!m_streams.empty()) {
            forgetIdleStreams(monotonicNowNs());
            sendBackDue();
        }
    }
}

// `block`: one datagram, waiting for it (the next blocking read returns at once when more are
// there, so a stream needs no batch; and after an answer the loop goes straight back into the
// kernel, with no extra read that would only find nothing). Else whatever is already there, up
// to a batch, without waiting: the stream back's turn comes between batches.
void UdpReflector::drain(bool block) {
    const int batch = block ? 1 : kDrainBatch;
    for (int i = 0; i < batch; ++i) {
        sockaddr_storage from{};
        socklen_t fromLength = 0;
        const int flags = block ? 0 : MSG_DONTWAIT;
        const detail::StampedReceive received = detail::receiveStamped(
            m_socket.native_handle(), m_buffer.data(), m_buffer.size(), flags, &from, &fromLength);
        if (received.length < 0) {
            // EAGAIN: nothing more; EINTR: a signal. (EWOULDBLOCK is EAGAIN.)
            if (received.error == EAGAIN || received.error == EINTR) break;
            spdlog::debug("receive: {}", std::strerror(received.error));
            continue; // an ICMP error for an earlier answer: the next datagram may be there
        }
        if (fromLength == 0) break; // no sender: the socket was shut down for reading (stopping)
        if (fromLength > m_sender.capacity()) continue;
        std::memcpy(m_sender.data(), &from, fromLength);
        m_sender.resize(fromLength);
        // T2 is the kernel's arrival time when there is one: this program's waking up is not the
        // network's delay.
        onDatagram(std::string_view(m_buffer.data(), static_cast<std::size_t>(received.length)),
                   received.kernelAtNs.value_or(received.atNs));
    }
}

void UdpReflector::onDatagram(std::string_view bytes, std::uint64_t atNs) {
    ++m_counts.received;
    if (m_sender != m_lastAddress && m_addresses.size() < kMaxRemembered) { // a run comes from one address
        m_lastAddress = m_sender;
        m_addresses.insert(m_sender);
        m_counts.addresses = m_addresses.size();
    }
    // What the datagram is, the protocol says (PROBEs read in place): the answer is on the
    // measuring side's clock.
    const protocol::MeasureDatagram read = protocol::readMeasureDatagram(bytes);
    if (read.kind != protocol::MeasureDatagramKind::Probe) {
        answerUnchanged(bytes, read.kind);
        return;
    }
    // A signed request is served only under the same password (its tag holds); else it gets the
    // plain echo, which the measuring side does not believe.
    const protocol::Key* signKey = nullptr;
    if (protocol::isSigned(read.payload)) {
        if (!m_measureKey || !protocol::measureTagValid(*m_measureKey, bytes)) {
            ++m_counts.badTags;
            protocol::writeEcho(m_answer, read.probe, {});
            ++m_counts.echoes;
            sendTo(m_answer, m_sender);
            return;
        }
        signKey = &*m_measureKey;
    }
    m_signKey = signKey;
    if (onStreamProbe(read.probe, read.payload, bytes, atNs)) return;
    // Written into buffers kept from one datagram to the next: the answer allocates nothing.
    m_stampText.clear();
    const auto stampsNow = [&] {
        const std::uint64_t sentNs = monotonicNowNs(); // T3: as late as the answer allows
        return protocol::EchoStamps{
            atNs, static_cast<std::uint32_t>(std::min<std::uint64_t>(sentNs > atNs ? sentNs - atNs : 0, UINT32_MAX)),
            m_clockId};
    };
    const std::optional<std::string> tagSlot = signKey ? std::optional<std::string>(std::string()) : std::nullopt;
    if (std::holds_alternative<protocol::StampRequest>(read.payload)) {
        protocol::appendMeasurePayload(m_stampText, stampsNow());
    } else if (const auto* counted = std::get_if<protocol::CountedStampRequest>(&read.payload)) {
        ProbeRun& run = probeRun(counted->run, atNs);
        run.seen.add(read.probe.seq);
        protocol::appendMeasurePayload(m_stampText, protocol::CountedEchoStamps{stampsNow(), ++run.answered, tagSlot});
    } else if (const auto* report = std::get_if<protocol::RunReportRequest>(&read.payload)) {
        protocol::RunCounts counts{report->run, 0, 0, 0, 0, tagSlot};
        if (const auto found = m_probeRuns.find({m_sender, report->run}); found != m_probeRuns.end()) {
            const ProbeRun& run = *found->second;
            counts = {report->run, run.seen.distinct(), run.seen.duplicates(), run.seen.reordered(), run.answered, tagSlot};
        }
        protocol::appendMeasurePayload(m_stampText, counts);
    }
    protocol::writeEcho(m_answer, read.probe, m_stampText, signKey);
    if (m_answer.size() > bytes.size()) { // cannot happen (an ECHO is its probe's size); never amplify
        ++m_counts.dropped;
        return;
    }
    ++m_counts.echoes;
    sendTo(m_answer, m_sender);
}

UdpReflector::ProbeRun& UdpReflector::probeRun(std::uint32_t name, std::uint64_t atNs) {
    // A run's probes come one after another from one address: the last run found is asked first
    // (the map's look-up compares endpoints a dozen times, a good part of an answer's cost).
    if (m_lastRun != nullptr && m_lastRunKey.second == name && m_lastRunKey.first == m_sender) {
        m_lastRun->lastNs = atNs;
        return *m_lastRun;
    }
    const RunKey key{m_sender, name};
    auto found = m_probeRuns.find(key);
    if (found == m_probeRuns.end()) {
        if (m_probeRuns.size() >= kMaxProbeRuns) { // the least recently heard run makes room
            const auto oldest = std::min_element(m_probeRuns.begin(), m_probeRuns.end(), [](const auto& a, const auto& b) {
                return a.second->lastNs < b.second->lastNs;
            });
            if (oldest->second.get() == m_lastRun) m_lastRun = nullptr;
            m_probeRuns.erase(oldest);
        }
        found = m_probeRuns.emplace(key, std::make_unique<ProbeRun>()).first;
    }
    found->second->lastNs = atNs;
    m_lastRun = found->second.get();
    m_lastRunKey = key;
    return *found->second;
}

bool UdpReflector::onStreamProbe(const protocol::ProbeView& probe, const protocol::MeasurePayload& payload,
                                 std::string_view bytes, std::uint64_t atNs) {
    if (const auto* data = std::get_if<protocol::StreamData>(&payload); data != nullptr && !data->back) {
        return onStreamData(*data, bytes, atNs);
    }
    if (const auto* open = std::get_if<protocol::StreamOpen>(&payload)) return onStreamOpen(probe, *open, bytes, atNs);
    if (const auto* report = std::get_if<protocol::StreamReportRequest>(&payload)) {
        return onStreamReport(probe, *report, atNs);
    }
    return false;
}

bool UdpReflector::onStreamData(const protocol::StreamData& data, std::string_view bytes, std::uint64_t atNs) {
    const auto found = m_streams.find({m_sender, data.stream});
    if (found == m_streams.end()) return false; // not open: any probe gets its ECHO
    Stream& stream = found->second;
    stream.counter.add(data.seq, data.sentNs, atNs, bytes.size());
    stream.bytesIn += bytes.size();
    stream.lastActivityNs = atNs;
    ++m_counts.streamDatagrams;
    if (stream.grant.back && !stream.back && !stream.backStopped) {
        // The stream back starts a moment behind the stream in (two intervals, at least 2 ms),
        // so that the bytes it may spend are there on time despite the way in's jitter.
        const double rateMbps = stream.grant.rateKbps / 1000.0;
        const double intervalNs = 8000.0 * stream.grant.sizeBytes / rateMbps;
        const auto lagNs = static_cast<std::uint64_t>(std::max(2 * intervalNs, 2e6));
        stream.back.emplace(atNs + lagNs, rateMbps, stream.grant.sizeBytes, stream.grant.durationMs / 1000.0);
    }
    return true;
}

bool UdpReflector::onStreamOpen(const protocol::ProbeView& probe, const protocol::StreamOpen& open,
                                std::string_view bytes, std::uint64_t atNs) {
    forgetIdleStreams(atNs); // the loop may have slept through their silence: room for this one
    const StreamKey key{m_sender, open.stream};
    auto found = m_streams.find(key);
    if (found == m_streams.end()) {
        const auto fromThere = std::count_if(m_streams.begin(), m_streams.end(),
                                             [&](const auto& entry) { return entry.first.first == m_sender; });
        const bool fits = static_cast<int>(open.sizeBytes) >= minimumStreamBytes() && open.sizeBytes <= protocol::kMaxProbeDatagramBytes;
        if (m_streams.size() >= kMaxStreams || static_cast<std::size_t>(fromThere) >= kMaxStreamsPerAddress || !fits ||
            open.rateKbps == 0 || open.durationMs == 0) {
            spdlog::info("stream {} from {} not opened (busy, or not a stream it can send)", open.stream,
                         m_sender.address().to_string());
            return false; // answered as any probe: the measuring side falls back to round trips
        }
        const protocol::StreamGrant grant{open.stream, std::min(open.rateKbps, kMaxGrantKbps),
                                          std::min(open.durationMs, kMaxGrantMs), open.sizeBytes, open.back};
        const double expected = grant.rateKbps * 1000.0 * (grant.durationMs / 1000.0) / (8.0 * grant.sizeBytes);
        const auto maxDatagrams =
            static_cast<std::uint32_t>(std::min<double>(2 * expected + 16, StreamPlan::kMaxDatagrams));
        found = m_streams.emplace(key, Stream{grant, StreamCounter(open.stream, maxDatagrams), std::nullopt}).first;
        ++m_counts.streams;
        spdlog::info("stream {} from {}: {} kbit/s for {} ms, {}-byte datagrams{}", grant.stream,
                     m_sender.address().to_string(), grant.rateKbps, grant.durationMs, grant.sizeBytes,
                     grant.back ? ", and one back" : "");
    }
    found->second.lastActivityNs = atNs;
    // Asked again (the grant was lost): the same grant again, the counts untouched. Signed when
    // the request was.
    protocol::StreamGrant grant = found->second.grant;
    if (m_signKey != nullptr) grant.tag = std::string();
    protocol::writeEcho(m_answer, probe, protocol::measurePayloadText(grant), m_signKey);
    if (m_answer.size() <= bytes.size()) sendTo(m_answer, m_sender);
    ++m_counts.echoes;
    return true;
}

bool UdpReflector::onStreamReport(const protocol::ProbeView& probe, const protocol::StreamReportRequest& report,
                                  std::uint64_t atNs) {
    const auto found = m_streams.find({m_sender, report.stream});
    if (found == m_streams.end()) return false;
    Stream& stream = found->second;
    stream.backStopped = true;
    stream.lastActivityNs = atNs;
    protocol::StreamCounts counts = stream.counter.counts();
    counts.backSent = stream.backNext;
    counts.backLate = stream.back ? stream.back->late() : 0;
    if (m_signKey != nullptr) counts.tag = std::string();
    if (protocol::measurePayloadChars(counts) >= probe.payload.size() + 1) return false; // too small to hold the report
    protocol::writeEcho(m_answer, probe, protocol::measurePayloadText(counts), m_signKey);
    sendTo(m_answer, m_sender);
    ++m_counts.echoes;
    return true;
}

void UdpReflector::answerUnchanged(std::string_view bytes, protocol::MeasureDatagramKind kind) {
    const auto now = std::chrono::steady_clock::now();
    Sent& lastSent = m_lastSent[m_sender];
    // An ECHO is an answer, another reflector's perhaps: never answered, even damaged.
    const bool anAnswer = kind == protocol::MeasureDatagramKind::Answer;
    const bool ownAnswer = bytes == lastSent.bytes && now - lastSent.at < kReflectionWindow;
    if (anAnswer || m_sender.port() < kFirstUnprivilegedPort || ownAnswer) {
        ++m_counts.dropped;
        spdlog::debug("not answered: {} bytes from {}", bytes.size(), m_sender.address().to_string());
        return;
    }
    ++m_counts.unchanged;
    sendTo(bytes, m_sender);
    if (m_lastSent.size() > kMaxRemembered) m_lastSent.clear();
    else lastSent = Sent{std::string(bytes), now};
}

void UdpReflector::sendTo(std::string_view bytes, const asio::ip::udp::endpoint& to) {
    if (::sendto(m_socket.native_handle(), bytes.data(), bytes.size(), 0, to.data(),
                 static_cast<socklen_t>(to.size())) < 0) {
        spdlog::debug("send to {}: {}", to.address().to_string(), std::strerror(errno));
    }
}

void UdpReflector::forgetIdleStreams(std::uint64_t nowNs) {
    for (auto it = m_streams.begin(); it != m_streams.end();) {
        if (nowNs - it->second.lastActivityNs > ns(kStreamForgottenAfter)) it = m_streams.erase(it);
        else ++it;
    }
}

// Each stream back sends what is due, in batches as the measuring side sends its stream (a
// wake-up sends up to a millisecond of it, see SendSchedule), as long as it has brought in at
// least as many bytes as it would have sent: a forged source address gets no more than the
// forger sent. At most kBackBatch datagrams per stream per turn, so the stream in is read too.
void UdpReflector::sendBackDue() {
    const std::uint64_t now = monotonicNowNs();
    for (auto& [key, stream] : m_streams) {
        if (!stream.back || stream.backStopped) continue;
        SendSchedule& schedule = *stream.back;
        if (stream.backNext >= schedule.count() || now < schedule.wakeNs(stream.backNext)) continue;
        const std::uint64_t batchEndNs = schedule.batchEndNs(stream.backNext, now);
        const std::size_t size = stream.grant.sizeBytes;
        for (std::uint32_t turn = 0; turn < kBackBatch;) {
            const std::uint64_t paidFor =
                stream.bytesIn > stream.bytesOut ? (stream.bytesIn - stream.bytesOut) / size : 0;
            const std::uint32_t batch = static_cast<std::uint32_t>(
                std::min<std::uint64_t>({schedule.dueBy(stream.backNext, batchEndNs), m_backSender.maxBatch(size),
                                         kBackBatch - turn, paidFor}));
            if (batch == 0) break;
            sendBackBatch(key.first, stream, batch);
            turn += batch;
        }
    }
}

void UdpReflector::sendBackBatch(const asio::ip::udp::endpoint& to, Stream& stream, std::uint32_t batch) {
    const std::size_t size = stream.grant.sizeBytes;
    const std::uint64_t sentNs = monotonicNowNs();
    const auto sinceStart =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - m_startedAt);
    m_backBatch.clear();
    for (std::uint32_t i = 0; i < batch; ++i) {
        m_backPayload.clear();
        protocol::appendMeasurePayload(m_backPayload,
                                       protocol::StreamData{true, stream.grant.stream, stream.backNext + i, sentNs});
        protocol::appendEchoOfSize(m_backBatch, stream.backNext + i, size,
                                   static_cast<std::uint32_t>(sinceStart.count()), m_nextSeq++, m_backPayload);
    }
    // Every datagram is exactly the granted size (at least the smallest stream datagram).
    const BatchSender::Outcome outcome =
        m_backSender.send(m_backBatch.data(), size, batch, to.data(), static_cast<socklen_t>(to.size()));
    if (outcome.error) spdlog::debug("stream back to {}: {}", to.address().to_string(), outcome.error.message());
    for (std::uint32_t i = 0; i < batch; ++i) stream.back->sent(stream.backNext + i, sentNs);
    stream.backNext += batch;
    stream.bytesOut += static_cast<std::uint64_t>(batch) * size;
    m_counts.backSent += batch;
}

std::optional<std::uint64_t> UdpReflector::nextBackDueNs() const {
    std::optional<std::uint64_t> next;
    for (const auto& [key, stream] : m_streams) {
        if (!stream.back || stream.backStopped || stream.backNext >= stream.back->count()) continue;
        // Out of budget: the stream's next datagram in brings the next turn.
        if (stream.bytesOut + stream.grant.sizeBytes > stream.bytesIn) continue;
        next = std::min(stream.back->wakeNs(stream.backNext), next.value_or(UINT64_MAX));
    }
    return next;
}

} // namespace speed
