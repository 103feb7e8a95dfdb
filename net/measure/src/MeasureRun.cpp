#include "speed/measure/MeasureRun.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>
#include <ostream>
#include <thread>
#include <vector>

namespace speed {

bool MeasureRunResult::anyEcho() const {
    return warmupReceived > 0 ||
           std::any_of(results.begin(), results.end(), [](const RttSummary& r) { return r.received > 0; });
}

namespace {

void warnAboutFrames(const MeasurePlan& plan, std::ostream& notes) {
    for (int size : planSizes(plan)) {
        if (size <= MeasurePlan::kEthernetPayloadBytes) continue;
        notes << "note: " << size << "-byte probes exceed " << MeasurePlan::kEthernetPayloadBytes
              << " bytes of UDP payload and will not fit one Ethernet frame (IP fragments them;"
                 " losing any fragment loses the probe)\n";
    }
}

using Clock = std::chrono::steady_clock;

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

// Stamped echoes' one-way delays over every size, and the clock offset they imply.
class OneWayCollector {
public:
    // Adds the probe's delays to its size's series and to the run's, when its echo was stamped.
    void add(const ProbeOutcome& outcome, ProbeSeries& series);
    // Empty when no echo was stamped.
    std::optional<OneWaySummary> summary() const;

private:
    protocol::ClockOffsetEstimator m_estimator;
    std::vector<double> m_upUs, m_downUs, m_heldUs;
    bool m_sameClock = true;
};

void OneWayCollector::add(const ProbeOutcome& outcome, ProbeSeries& series) {
    if (outcome.rttUs && outcome.clock && outcome.clock->plausible()) {
        m_sameClock = m_sameClock && outcome.sameClock;
        m_estimator.add(*outcome.clock);
        const auto offset = outcome.sameClock ? protocol::ClockOffset::exactlyZero() : *m_estimator.estimate();
        const protocol::OneWayDelay delay = protocol::oneWayDelay(*outcome.clock, offset);
        const double held = static_cast<double>(outcome.clock->t3Ns - outcome.clock->t2Ns) / 1000.0;
        series.upUs.push_back(delay.upNs / 1000.0);
        series.downUs.push_back(delay.downNs / 1000.0);
        series.heldUs.push_back(held);
        m_upUs.push_back(delay.upNs / 1000.0);
        m_downUs.push_back(delay.downNs / 1000.0);
        m_heldUs.push_back(held);
    } else if (outcome.clock) {
        m_estimator.add(*outcome.clock); // counted as refused
    }
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

// The warm-up probes, all of the plan's first size; only whether they came back is kept.
void warmUp(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes, ProbeTicker& ticker,
            MeasureRunResult& run) {
    const int warmupSize = planSizes(plan).front();
    notes << "warm-up: " << plan.warmup << " probes of " << warmupSize << " bytes, not counted\n";
    for (int i = 0; i < plan.warmup && !ticker.stopRequested(); ++i) {
        const ProbeOutcome outcome = prober.roundTrip(warmupSize, plan.timeoutMs);
        run.warmupReceived += outcome.rttUs ? 1 : 0;
        run.refused = run.refused || outcome.refused;
        ticker.probeDone();
    }
}

// Adds one probe's round trip to its size's series.
void addRoundTrip(ProbeSeries& series, int size, const ProbeOutcome& outcome, const MeasurePlan& plan,
                  Clock::time_point intendedAt) {
    series.size = size;
    series.wireBytes = std::max(series.wireBytes, outcome.wireBytes);
    ++series.sent;
    if (!outcome.rttUs) return;
    series.rttUs.push_back(*outcome.rttUs);
    if (plan.intervalMs > 0) {
        // The probe was meant to leave at intendedAt: a late start is part of its delay.
        const auto intendedNs = static_cast<std::uint64_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(intendedAt.time_since_epoch()).count());
        const double lateUs =
            outcome.sentNs > intendedNs ? static_cast<double>(outcome.sentNs - intendedNs) / 1000.0 : 0.0;
        series.fromIntendedUs.push_back(*outcome.rttUs + lateUs);
    }
    if (outcome.kernelRttUs) {
        series.kernelRttUs.push_back(*outcome.kernelRttUs);
        series.wakeupUs.push_back(outcome.wakeupUs.value_or(0));
    }
}

} // namespace

MeasureRunResult runMeasurement(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes) {
    return runMeasurement(prober, plan, notes, MeasureProgress{});
}

MeasureRunResult runMeasurement(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes,
                                const MeasureProgress& progress) {
    warnAboutFrames(plan, notes);
    MeasureRunResult run;
    const std::vector<int> schedule = probeSchedule(plan);
    ProbeTicker ticker(progress, plan.warmup + static_cast<int>(schedule.size()), run.cancelled);
    warmUp(prober, plan, notes, ticker, run);

    std::map<int, ProbeSeries> bySize;
    OneWayCollector oneWay;
    auto nextSendAt = Clock::now();
    for (int size : schedule) {
        if (ticker.stopRequested()) break;
        const auto intendedAt = nextSendAt;
        if (plan.intervalMs > 0) {
            std::this_thread::sleep_until(nextSendAt); // pacing, like a game's tick
            nextSendAt += std::chrono::milliseconds(plan.intervalMs);
        }
        const ProbeOutcome outcome = prober.roundTrip(size, plan.timeoutMs);
        ProbeSeries& series = bySize[size];
        addRoundTrip(series, size, outcome, plan, intendedAt);
        oneWay.add(outcome, series);
        run.refused = run.refused || outcome.refused;
        ticker.probeDone();
    }
    for (const auto& [size, series] : bySize)
        run.results.push_back(summarize(series));
    run.oneWay = oneWay.summary();
    return run;
}

} // namespace speed
