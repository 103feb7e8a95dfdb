#include "speed/measure/MeasureRun.hpp"

#include "speed/measure/SequenceWindow.hpp"
#include "speed/net/OsRandom.hpp"
#include "speed/protocol/Probe.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <ostream>
#include <vector>

namespace speed {

bool MeasureRunResult::anyEcho() const {
    return warmupReceived > 0 || std::any_of(probes.begin(), probes.end(), [](const ProbeRecord& p) { return p.answered(); });
}

std::string_view wordOf(ProbeFate fate) {
    switch (fate) {
    case ProbeFate::Answered: return "ok";
    case ProbeFate::Late: return "late";
    case ProbeFate::Lost: break;
    }
    return "lost";
}

std::string_view wordOf(LostWay way) {
    switch (way) {
    case LostWay::Up: return "up";
    case LostWay::Down: return "down";
    case LostWay::Unknown: break;
    }
    return "";
}

void attributeLosses(std::vector<ProbeRecord>& probes, std::vector<std::uint32_t> received,
                     std::optional<std::uint32_t> farAnswered, std::uint32_t farDuplicates) {
    if (!farAnswered || farDuplicates > 0) return;
    std::sort(received.begin(), received.end());
    received.erase(std::unique(received.begin(), received.end()), received.end());
    // The lost probes [from, to) lie between answers numbered `low` and `high` (exclusive).
    const auto mark = [&](std::size_t from, std::size_t to, std::uint64_t low, std::uint64_t high) {
        if (from >= to) return;
        LostWay way = LostWay::Unknown;
        if (high > low) {
            const auto heard = static_cast<std::uint64_t>(
                std::lower_bound(received.begin(), received.end(), high) -
                std::upper_bound(received.begin(), received.end(), static_cast<std::uint32_t>(low)));
            const std::uint64_t missing = (high - low - 1) - heard;
            if (missing == 0) way = LostWay::Up;
            else if (missing == to - from) way = LostWay::Down;
        }
        for (std::size_t i = from; i < to; ++i) probes[i].lostWay = way;
    };
    std::size_t gapStart = 0;
    std::uint32_t low = 0;
    bool numbered = true; // the answer before the gap had a number (the first gap starts at 0)
    for (std::size_t i = 0; i < probes.size(); ++i) {
        if (!probes[i].answered()) continue;
        const std::uint32_t number = probes[i].answer;
        if (numbered && number != 0) mark(gapStart, i, low, number);
        numbered = number != 0;
        low = number;
        gapStart = i + 1;
    }
    if (numbered) mark(gapStart, probes.size(), low, std::uint64_t{*farAnswered} + 1);
}

namespace {

constexpr int kFarReportTries = 3;
constexpr std::uint64_t kMsNs = 1'000'000;
constexpr std::uint64_t kMaxCompensationNs = 1'000'000; // never wake more than 1 ms early
constexpr std::uint64_t kSpinMarginNs = 20'000;         // and then read the socket until the probe is due

void warnAboutFrames(const MeasurePlan& plan, std::ostream& notes) {
    for (int size : planSizes(plan)) {
        if (size <= MeasurePlan::kEthernetPayloadBytes) continue;
        notes << "note: " << size << "-byte probes exceed " << MeasurePlan::kEthernetPayloadBytes
              << " bytes of UDP payload and will not fit one Ethernet frame (IP fragments them;"
                 " losing any fragment loses the probe)\n";
    }
}

// The caller's hooks over one run: each probe done out of the total, and whether to stop.
class ProbeTicker {
public:
    ProbeTicker(const MeasureProgress& progress, int total, bool& cancelled)
        : m_progress(progress), m_total(total), m_cancelled(cancelled) {}

    bool stopRequested() {
        m_cancelled = m_cancelled || (m_progress.cancelled && m_progress.cancelled());
        return m_cancelled;
    }
    void probeDone() {
        if (m_progress.onProbe) m_progress.onProbe(++m_done, m_total);
    }

private:
    const MeasureProgress& m_progress;
    int m_total;
    int m_done = 0;
    bool& m_cancelled;
};

std::size_t answerChars(const protocol::MeasurePayload& form) { return protocol::measurePayloadChars(form); }

// Runs the counted probes: sends them (closed or open loop), matches every answer that comes
// back to its probe, asks the far side what it counted, and sums up.
class ProbeRunner {
public:
    ProbeRunner(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes, ProbeTicker& ticker,
                MeasureRunResult& run, const MeasureOptions& options)
        : m_prober(prober), m_plan(plan), m_notes(notes), m_ticker(ticker), m_run(run), m_options(options),
          m_runName(static_cast<std::uint32_t>(osRandom())),
          m_request(protocol::measurePayloadText(protocol::CountedStampRequest{m_runName, tagSlot()})),
          m_countedChars(answerChars(protocol::CountedEchoStamps{{}, 0, tagSlot()})),
          m_timeoutNs(static_cast<std::uint64_t>(plan.timeoutMs) * kMsNs) {}

    void warmUp(int size);
    void run(const std::vector<int>& schedule);
    // Under a password the counted forms are signed: an empty tag marks where it goes.
    std::optional<std::string> tagSlot() const {
        return m_prober.measureKey() != nullptr ? std::optional<std::string>(std::string()) : std::nullopt;
    }
    // The answer, when it may be believed: under a password only a signed one whose tag holds.
    std::optional<ProbeAnswer> believed(std::string_view bytes);
    void askFarCounts();
    void finish();

private:
    void send(std::size_t index, int size, std::uint64_t intendedNs);
    void take(const ReceivedDatagram& datagram);
    // Reads what comes until `deadlineNs`, or until `done` says so.
    template <typename Done> void receiveUntil(std::uint64_t deadlineNs, Done done);
    void closedLoop(const std::vector<int>& schedule);
    void openLoop(const std::vector<int>& schedule);
    void reportInterval(std::uint64_t nowNs, bool last);
    void summarize();
    void directions();

    UdpProber& m_prober;
    const MeasurePlan& m_plan;
    std::ostream& m_notes;
    ProbeTicker& m_ticker;
    MeasureRunResult& m_run;
    const MeasureOptions& m_options;
    std::uint32_t m_runName;
    std::string m_request; // 'u' and the run's name
    std::size_t m_countedChars = 0; // its answer's ('U'), which the probe makes room for
    std::uint64_t m_timeoutNs;
    std::uint32_t m_firstId = 0;
    std::vector<std::uint32_t> m_wireSeq; // each probe's SEQ on the wire (a plain echo's answer is checked by it)
    std::size_t m_sent = 0;
    std::size_t m_answered = 0;
    // The far side's answer numbers as they came, copies too: the way back's counts and which way
    // each lost probe was lost are read from them once the run is over.
    std::vector<std::uint32_t> m_answerNumbers;
    std::optional<protocol::RunCounts> m_farCounts;
    // --interval-report: the probes answered since the last line, and the next line's time.
    std::vector<double> m_intervalRttUs;
    std::size_t m_intervalSent = 0;
    std::size_t m_intervalLate = 0;
    std::uint64_t m_startNs = 0;
    std::uint64_t m_nextReportNs = 0;
    std::size_t m_overdueCursor = 0; // probes before it were checked for an answer within the timeout
    std::size_t m_overdue = 0;       // of those, how many have no answer yet (kept as answers come)
};

void ProbeRunner::warmUp(int size) {
    if (m_plan.warmup > 0) m_notes << "warm-up: " << m_plan.warmup << " probes of " << size << " bytes, not counted\n";
    // Under a password the warm-up is signed too (a run of its own, so the far side's counts of
    // the measured run are the counted probes' alone).
    const bool signs = m_prober.measureKey() != nullptr;
    const std::string stampRequest =
        signs ? protocol::measurePayloadText(protocol::CountedStampRequest{m_runName + 1, tagSlot()})
              : protocol::measurePayloadText(protocol::StampRequest{});
    const std::size_t stampChars = signs ? answerChars(protocol::CountedEchoStamps{{}, 0, tagSlot()})
                                         : answerChars(protocol::EchoStamps{});
    for (int i = 0; i < m_plan.warmup && !m_ticker.stopRequested(); ++i) {
        const std::string probe = m_prober.nextProbe(size, stampRequest, stampChars);
        const std::uint32_t id = m_prober.lastId();
        const std::uint64_t sentNs = monotonicNowNs();
        if (const std::error_code ec = m_prober.send(probe)) {
            m_run.refused = m_run.refused || ec.value() == ECONNREFUSED;
        } else {
            for (std::uint64_t now = sentNs; now < sentNs + m_timeoutNs; now = monotonicNowNs()) {
                bool refused = false;
                const auto datagram =
                    m_prober.receiveWithin(std::chrono::microseconds((sentNs + m_timeoutNs - now + 999) / 1000), refused);
                m_run.refused = m_run.refused || refused;
                if (refused) break;
                if (!datagram) continue;
                const auto answer = believed(datagram->bytes);
                if (answer && answer->id == id) {
                    ++m_run.warmupReceived;
                    m_prober.setReflector(answer->plain ? Reflector::PlainEcho : Reflector::SpeedEcho);
                    break;
                }
            }
        }
        m_ticker.probeDone();
    }
}

void ProbeRunner::send(std::size_t index, int size, std::uint64_t intendedNs) {
    const std::string probe = m_prober.nextProbe(size, m_request, m_countedChars);
    if (index == 0) m_firstId = m_prober.lastId();
    ProbeRecord& record = m_run.probes[index];
    record.size = size;
    record.wireBytes = static_cast<int>(probe.size());
    record.intendedNs = intendedNs;
    m_wireSeq[index] = m_prober.lastSeq();
    record.sentNs = monotonicNowNs();
    if (const std::error_code ec = m_prober.send(probe)) m_run.refused = m_run.refused || ec.value() == ECONNREFUSED;
    ++m_sent;
    ++m_intervalSent;
    m_ticker.probeDone();
}

std::optional<ProbeAnswer> ProbeRunner::believed(std::string_view bytes) {
    auto answer = readProbeAnswer(bytes, m_prober.measureKey());
    if (answer && m_prober.measureKey() != nullptr && !answer->signedValid) {
        ++m_run.unauthenticated; // unsigned, or signed under another password, or forged
        return std::nullopt;
    }
    return answer;
}

void ProbeRunner::take(const ReceivedDatagram& datagram) {
    const auto answer = believed(datagram.bytes);
    if (!answer) return;
    if (answer->runCounts) {
        if (answer->runCounts->run == m_runName) m_farCounts = answer->runCounts;
        return;
    }
    const std::uint32_t index = answer->id - m_firstId; // warm-up probes and others fall outside
    if (m_sent == 0 || answer->id < m_firstId || index >= m_sent) return;
    if (answer->plain && answer->seq != m_wireSeq[index]) return;
    ProbeRecord& record = m_run.probes[index];
    m_prober.setReflector(answer->plain ? Reflector::PlainEcho : Reflector::SpeedEcho);
    if (answer->answer != 0) m_answerNumbers.push_back(answer->answer);
    if (++record.copies > 1) return; // a copy: the first answer counts
    ++m_answered;
    record.receivedNs = datagram.atNs;
    record.kernelReceivedNs = datagram.kernelAtNs.value_or(0);
    record.answer = answer->answer;
    if (answer->stamps) {
        record.farReceivedNs = static_cast<std::int64_t>(answer->stamps->receivedNs);
        record.farSentNs = record.farReceivedNs + answer->stamps->heldNs;
        record.sameClock = answer->stamps->clockId != 0 && answer->stamps->clockId == m_prober.clockId();
    }
    const bool late = record.receivedNs > record.sentNs + m_timeoutNs;
    record.fate = late ? ProbeFate::Late : ProbeFate::Answered;
    if (index < m_overdueCursor) --m_overdue; // counted as unanswered at a report: it is in now
    if (m_options.intervalReportS <= 0) return;
    if (late) ++m_intervalLate;
    m_intervalRttUs.push_back(record.rttUs());
}

template <typename Done> void ProbeRunner::receiveUntil(std::uint64_t deadlineNs, Done done) {
    while (!done()) {
        bool refused = false;
        const auto datagram = m_prober.receiveUntil(deadlineNs, refused);
        m_run.refused = m_run.refused || refused;
        if (!datagram) return;
        take(*datagram);
    }
}

void ProbeRunner::run(const std::vector<int>& schedule) {
    m_run.probes.resize(schedule.size());
    m_wireSeq.resize(schedule.size());
    m_answerNumbers.reserve(schedule.size());
    for (std::size_t i = 0; i < schedule.size(); ++i) m_run.probes[i].seq = static_cast<std::uint32_t>(i + 1);
    m_startNs = monotonicNowNs();
    m_nextReportNs = m_startNs + static_cast<std::uint64_t>(m_options.intervalReportS * 1e9);
    m_run.openLoop = m_plan.intervalMs > 0;
    if (m_run.openLoop) openLoop(schedule);
    else closedLoop(schedule);
    m_run.probes.resize(m_sent); // a stopped run keeps what it sent
    if (m_options.intervalReportS > 0) reportInterval(monotonicNowNs(), true);
}

// Each probe when the last one came back or was lost: one in flight, and the answer read by a
// blocking receive (the quickest wake-up there is).
void ProbeRunner::closedLoop(const std::vector<int>& schedule) {
    for (std::size_t index = 0; index < schedule.size() && !m_ticker.stopRequested(); ++index) {
        send(index, schedule[index], monotonicNowNs());
        const ProbeRecord& record = m_run.probes[index];
        const std::uint64_t deadline = record.sentNs + m_timeoutNs;
        for (std::uint64_t now = record.sentNs; !record.answered() && now < deadline; now = monotonicNowNs()) {
            bool refused = false;
            // The whole timeout first, the same every probe: the socket's receive timeout is set
            // only when it changes (a system call per probe would show in a loopback RTT); what is
            // left of it only after a datagram that was not this probe's answer.
            const std::uint64_t waitNs = now == record.sentNs ? m_timeoutNs : deadline - now;
            const auto datagram = m_prober.receiveWithin(std::chrono::microseconds((waitNs + 999) / 1000), refused);
            if (refused) {
                m_run.refused = true;
                break;
            }
            if (datagram) take(*datagram);
        }
        if (m_options.intervalReportS > 0) reportInterval(monotonicNowNs(), false);
    }
}

// On a fixed schedule (isochronous): probe i is due at start + i x interval whatever happened
// to the ones before, and answers are read while waiting for the next one's time. The wait
// ends a little early (by how late the system's wake-ups have been, on average) and the last
// microseconds are spent reading the socket, so probes leave on time without a busy loop.
void ProbeRunner::openLoop(const std::vector<int>& schedule) {
    const std::uint64_t intervalNs = static_cast<std::uint64_t>(m_plan.intervalMs) * kMsNs;
    std::uint64_t compensationNs = 0;
    std::size_t next = 0;
    while (next < schedule.size()) {
        if (m_ticker.stopRequested()) return;
        const std::uint64_t due = m_startNs + next * intervalNs;
        std::uint64_t now = monotonicNowNs();
        if (now >= due) {
            send(next, schedule[next], due);
            ++next;
            continue;
        }
        const std::uint64_t early = std::min(compensationNs + kSpinMarginNs, kMaxCompensationNs);
        const std::uint64_t wakeAt = due > early ? due - early : 0;
        if (now < wakeAt) {
            bool refused = false;
            const auto datagram = m_prober.receiveUntil(wakeAt, refused);
            m_run.refused = m_run.refused || refused;
            now = monotonicNowNs();
            if (datagram) {
                take(*datagram);
            } else if (now > wakeAt) { // woke by the timer: that late, on average, is the compensation
                const std::uint64_t over = now - wakeAt;
                compensationNs = (7 * compensationNs + std::min(over, kMaxCompensationNs)) / 8;
            }
        } else {
            bool refused = false;
            if (const auto datagram = m_prober.receiveUntil(now, refused)) take(*datagram); // reads without waiting
        }
        if (m_options.intervalReportS > 0) reportInterval(monotonicNowNs(), false);
    }
    // The last answers: until all are in, or the last probe's timeout and as long again (at least
    // a second), so that an answer slower than the timeout is seen late rather than taken as lost.
    const std::uint64_t end = m_run.probes[m_sent - 1].sentNs + m_timeoutNs + std::max(m_timeoutNs, 1000 * kMsNs);
    while (m_answered < m_sent && monotonicNowNs() < end && !m_ticker.stopRequested()) {
        const std::uint64_t until =
            m_options.intervalReportS > 0 ? std::min(end, std::max(m_nextReportNs, monotonicNowNs())) : end;
        receiveUntil(until, [&] { return m_answered >= m_sent; });
        if (m_options.intervalReportS > 0) reportInterval(monotonicNowNs(), false);
    }
}

void ProbeRunner::reportInterval(std::uint64_t nowNs, bool last) {
    if (!last && nowNs < m_nextReportNs) return;
    // Probes sent more than a timeout ago with no answer yet: those the cursor passes now are
    // added, and take() takes off each one whose answer comes after all.
    for (; m_overdueCursor < m_sent && m_run.probes[m_overdueCursor].sentNs + m_timeoutNs <= nowNs; ++m_overdueCursor) {
        if (!m_run.probes[m_overdueCursor].answered()) ++m_overdue;
    }
    std::string rtt = "no answers";
    if (!m_intervalRttUs.empty()) {
        rtt = fmt::format("rtt min {:.1f} p50 {:.1f} p99 {:.1f} max {:.1f} us",
                          *std::min_element(m_intervalRttUs.begin(), m_intervalRttUs.end()), median(m_intervalRttUs),
                          nearestRankPercentile(m_intervalRttUs, 99),
                          *std::max_element(m_intervalRttUs.begin(), m_intervalRttUs.end()));
    }
    m_notes << fmt::format("{:8.1f} s: sent {} ({} in all), answered {} (late {}), unanswered after {} ms: {}; {}\n",
                           static_cast<double>(nowNs - m_startNs) / 1e9, m_intervalSent, m_sent,
                           m_intervalRttUs.size(), m_intervalLate, m_plan.timeoutMs, m_overdue, rtt)
            << std::flush;
    m_intervalRttUs.clear();
    m_intervalSent = 0;
    m_intervalLate = 0;
    const auto step = static_cast<std::uint64_t>(m_options.intervalReportS * 1e9);
    while (m_nextReportNs <= nowNs) m_nextReportNs += step;
}

// A speed-measure --serve numbers its answers ('U'): it also says what it received of the run.
void ProbeRunner::askFarCounts() {
    const bool numbered = std::any_of(m_run.probes.begin(), m_run.probes.end(), [](const ProbeRecord& p) { return p.answer != 0; });
    if (!numbered) return;
    m_run.farReportAsked = true;
    const std::string request = protocol::measurePayloadText(protocol::RunReportRequest{m_runName, tagSlot()});
    const std::size_t reportChars = answerChars(protocol::RunCounts{0, 0, 0, 0, 0, tagSlot()});
    const std::uint64_t waitNs = std::min<std::uint64_t>(m_timeoutNs, 1000 * kMsNs);
    for (int attempt = 0; attempt < kFarReportTries && !m_farCounts; ++attempt) {
        if (m_prober.send(m_prober.nextProbe(0, request, reportChars))) continue;
        receiveUntil(monotonicNowNs() + waitNs, [&] { return m_farCounts.has_value(); });
    }
}

// Stamped answers' one-way delays and the clock offset they imply, probe by probe in sending order.
class OneWayCollector {
public:
    void add(ProbeRecord& record);
    std::optional<OneWaySummary> summary() const;

private:
    protocol::ClockOffsetEstimator m_estimator;
    std::vector<double> m_upUs, m_downUs, m_heldUs;
    bool m_sameClock = true;
};

protocol::ClockSample sampleOf(const ProbeRecord& record) {
    const std::uint64_t t4 = record.kernelReceivedNs != 0 ? record.kernelReceivedNs : record.receivedNs;
    return {static_cast<std::int64_t>(record.sentNs), record.farReceivedNs, record.farSentNs, static_cast<std::int64_t>(t4)};
}

void OneWayCollector::add(ProbeRecord& record) {
    if (!record.answered() || !record.stamped()) return;
    const protocol::ClockSample sample = sampleOf(record);
    m_estimator.add(sample);
    if (!sample.plausible()) return; // counted as refused
    m_sameClock = m_sameClock && record.sameClock;
    const auto offset = record.sameClock ? protocol::ClockOffset::exactlyZero() : *m_estimator.estimate();
    const protocol::OneWayDelay delay = protocol::oneWayDelay(sample, offset);
    record.upUs = delay.upNs / 1000.0;
    record.downUs = delay.downNs / 1000.0;
    m_upUs.push_back(*record.upUs);
    m_downUs.push_back(*record.downUs);
    m_heldUs.push_back(static_cast<double>(sample.t3Ns - sample.t2Ns) / 1000.0);
}

std::optional<OneWaySummary> OneWayCollector::summary() const {
    if (m_upUs.empty()) return std::nullopt;
    OneWaySummary oneWay;
    oneWay.sameClock = m_sameClock;
    oneWay.offset =
        m_sameClock ? protocol::ClockOffset::exactlyZero() : m_estimator.estimate().value_or(protocol::ClockOffset{});
    oneWay.up = delayStats(m_upUs);
    oneWay.down = delayStats(m_downUs);
    oneWay.held = delayStats(m_heldUs);
    oneWay.refused = m_estimator.refused();
    return oneWay;
}

void ProbeRunner::finish() {
    OneWayCollector oneWay;
    for (ProbeRecord& record : m_run.probes) oneWay.add(record);
    m_run.oneWay = oneWay.summary();
    summarize();
    directions();
    if (!m_answerNumbers.empty() && m_farCounts) {
        attributeLosses(m_run.probes, std::move(m_answerNumbers), m_farCounts->answered, m_farCounts->duplicates);
    }
}

void ProbeRunner::summarize() {
    std::map<int, ProbeSeries> bySize;
    for (const ProbeRecord& record : m_run.probes) {
        ProbeSeries& series = bySize[record.size];
        series.size = record.size;
        series.wireBytes = std::max(series.wireBytes, record.wireBytes);
        ++series.sent;
        if (!record.answered()) continue;
        const double rtt = record.rttUs();
        series.rttUs.push_back(rtt);
        if (record.fate == ProbeFate::Late) ++series.late;
        m_run.late += record.fate == ProbeFate::Late ? 1 : 0;
        m_run.histogram.add(record.receivedNs - record.sentNs);
        if (m_run.openLoop) { // a probe that left after its time counts its lateness too
            const double lateUs = record.sentNs > record.intendedNs ? static_cast<double>(record.sentNs - record.intendedNs) / 1000.0 : 0.0;
            series.fromIntendedUs.push_back(rtt + lateUs);
        }
        if (record.kernelReceivedNs >= record.sentNs && record.kernelReceivedNs != 0) {
            series.kernelRttUs.push_back(static_cast<double>(record.kernelReceivedNs - record.sentNs) / 1000.0);
            series.wakeupUs.push_back(static_cast<double>(record.receivedNs - record.kernelReceivedNs) / 1000.0);
        }
        if (record.upUs) {
            series.upUs.push_back(*record.upUs);
            series.downUs.push_back(*record.downUs);
            series.heldUs.push_back(static_cast<double>(record.farSentNs - record.farReceivedNs) / 1000.0);
        }
    }
    for (const auto& [size, series] : bySize) m_run.results.push_back(speed::summarize(series));
}

// IPDV (RFC 5481) of consecutive probes both stamped: the difference of their trips each way,
// in which the clocks' offset cancels; the far side's counts for loss, duplicates and reordering.
void ProbeRunner::directions() {
    std::vector<double> ipdvUp, ipdvDown;
    const ProbeRecord* previous = nullptr;
    for (const ProbeRecord& record : m_run.probes) {
        const bool usable = record.answered() && record.stamped() && sampleOf(record).plausible();
        if (usable && previous != nullptr && previous->seq + 1 == record.seq) {
            const protocol::ClockSample now = sampleOf(record), before = sampleOf(*previous);
            ipdvUp.push_back(std::abs(static_cast<double>((now.t2Ns - now.t1Ns) - (before.t2Ns - before.t1Ns))) / 1000.0);
            ipdvDown.push_back(std::abs(static_cast<double>((now.t4Ns - now.t3Ns) - (before.t4Ns - before.t3Ns))) / 1000.0);
        }
        previous = usable ? &record : nullptr;
    }
    if (!m_farCounts && ipdvUp.empty()) return;
    DirectionCounts up, down;
    up.ipdv = delayStats(ipdvUp);
    down.ipdv = delayStats(ipdvDown);
    if (m_farCounts) {
        up.counted = down.counted = true;
        up.sent = static_cast<std::uint32_t>(m_sent);
        up.received = m_farCounts->received;
        up.lost = up.sent > up.received ? up.sent - up.received : 0;
        up.duplicates = m_farCounts->duplicates;
        up.reordered = m_farCounts->reordered;
        down.sent = m_farCounts->answered;
        SequenceWindow answers;
        for (const std::uint32_t number : m_answerNumbers) answers.add(number);
        down.received = answers.distinct();
        down.lost = down.sent > down.received ? down.sent - down.received : 0;
        down.duplicates = answers.duplicates();
        down.reordered = answers.reordered();
    }
    m_run.up = up;
    m_run.down = down;
}

} // namespace

MeasureRunResult runMeasurement(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes) {
    return runMeasurement(prober, plan, notes, MeasureProgress{});
}

MeasureRunResult runMeasurement(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes,
                                const MeasureProgress& progress, const MeasureOptions& options) {
    warnAboutFrames(plan, notes);
    MeasureRunResult run;
    const std::vector<int> schedule = probeSchedule(plan);
    ProbeTicker ticker(progress, plan.warmup + static_cast<int>(schedule.size()), run.cancelled);
    ProbeRunner runner(prober, plan, notes, ticker, run, options);
    run.authenticated = prober.measureKey() != nullptr;
    runner.warmUp(planSizes(plan).front());
    if (!ticker.stopRequested()) runner.run(schedule);
    if (!ticker.stopRequested()) runner.askFarCounts();
    runner.finish();
    return run;
}

namespace {

std::string optionalUs(const std::optional<double>& value) {
    return value ? fmt::format("{:.3f}", *value) : std::string();
}

} // namespace

void writeProbesCsv(std::ostream& out, const MeasureRunResult& run) {
    out << "seq,size,wire_bytes,intended_ns,sent_ns,received_ns,far_received_ns,far_sent_ns,rtt_us,up_us,down_us,"
           "fate,lost_way,copies,answer\n";
    const std::uint64_t t0 = run.probes.empty() ? 0 : run.probes.front().intendedNs;
    for (const ProbeRecord& p : run.probes) {
        out << p.seq << ',' << p.size << ',' << p.wireBytes << ',' << p.intendedNs - t0 << ',' << p.sentNs - t0 << ',';
        if (p.answered()) out << p.receivedNs - t0;
        out << ',';
        if (p.stamped()) out << p.farReceivedNs << ',' << p.farSentNs;
        else out << ',';
        out << ',' << (p.answered() ? fmt::format("{:.3f}", p.rttUs()) : std::string()) << ',' << optionalUs(p.upUs)
            << ',' << optionalUs(p.downUs) << ',' << wordOf(p.fate) << ',' << wordOf(p.lostWay) << ',' << p.copies << ',' << p.answer
            << '\n';
    }
}

void writeProbesJsonLines(std::ostream& out, const MeasureRunResult& run) {
    const std::uint64_t t0 = run.probes.empty() ? 0 : run.probes.front().intendedNs;
    for (const ProbeRecord& p : run.probes) {
        out << fmt::format(R"({{"seq":{},"size":{},"wire_bytes":{},"intended_ns":{},"sent_ns":{},"received_ns":{},)",
                           p.seq, p.size, p.wireBytes, p.intendedNs - t0, p.sentNs - t0,
                           p.answered() ? std::to_string(p.receivedNs - t0) : "null");
        out << fmt::format(R"("far_received_ns":{},"far_sent_ns":{},"rtt_us":{},"up_us":{},"down_us":{},)",
                           p.stamped() ? std::to_string(p.farReceivedNs) : "null",
                           p.stamped() ? std::to_string(p.farSentNs) : "null",
                           p.answered() ? fmt::format("{:.3f}", p.rttUs()) : "null",
                           p.upUs ? fmt::format("{:.3f}", *p.upUs) : "null",
                           p.downUs ? fmt::format("{:.3f}", *p.downUs) : "null");
        const std::string way = p.lostWay == LostWay::Unknown ? "null" : fmt::format(R"("{}")", wordOf(p.lostWay));
        out << fmt::format(R"("fate":"{}","lost_way":{},"copies":{},"answer":{}}})", wordOf(p.fate), way, p.copies,
                           p.answer)
            << '\n';
    }
}

} // namespace speed
