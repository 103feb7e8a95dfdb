#include "speed/measure/MeasureRun.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <ostream>
#include <thread>

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

} // namespace

MeasureRunResult runMeasurement(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes) {
    return runMeasurement(prober, plan, notes, MeasureProgress{});
}

MeasureRunResult runMeasurement(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes,
                                const MeasureProgress& progress) {
    using Clock = std::chrono::steady_clock;
    warnAboutFrames(plan, notes);
    MeasureRunResult run;
    const std::vector<int> schedule = probeSchedule(plan);
    const int total = plan.warmup + static_cast<int>(schedule.size());
    int done = 0;
    const auto stopRequested = [&] {
        run.cancelled = run.cancelled || (progress.cancelled && progress.cancelled());
        return run.cancelled;
    };
    const auto probeDone = [&] {
        if (progress.onProbe) progress.onProbe(++done, total);
    };
    const int warmupSize = planSizes(plan).front();
    notes << "warm-up: " << plan.warmup << " probes of " << warmupSize << " bytes, not counted\n";
    for (int i = 0; i < plan.warmup && !stopRequested(); ++i) {
        const ProbeOutcome outcome = prober.roundTrip(warmupSize, plan.timeoutMs);
        run.warmupReceived += outcome.rttUs ? 1 : 0;
        run.refused = run.refused || outcome.refused;
        probeDone();
    }

    std::map<int, ProbeSeries> bySize;
    protocol::ClockOffsetEstimator estimator;
    std::vector<double> upUs, downUs, heldUs;
    bool sameClock = true;
    auto nextSendAt = Clock::now();
    for (int size : schedule) {
        if (stopRequested()) break;
        const auto intendedAt = nextSendAt;
        if (plan.intervalMs > 0) {
            std::this_thread::sleep_until(nextSendAt); // pacing, like a game's tick
            nextSendAt += std::chrono::milliseconds(plan.intervalMs);
        }
        const ProbeOutcome outcome = prober.roundTrip(size, plan.timeoutMs);
        ProbeSeries& series = bySize[size];
        series.size = size;
        series.wireBytes = std::max(series.wireBytes, outcome.wireBytes);
        ++series.sent;
        if (outcome.rttUs) {
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
        if (outcome.rttUs && outcome.clock && outcome.clock->plausible()) {
            sameClock = sameClock && outcome.sameClock;
            estimator.add(*outcome.clock);
            const auto offset = outcome.sameClock ? protocol::ClockOffset::exactlyZero() : *estimator.estimate();
            const protocol::OneWayDelay delay = protocol::oneWayDelay(*outcome.clock, offset);
            const double held = static_cast<double>(outcome.clock->t3Ns - outcome.clock->t2Ns) / 1000.0;
            series.upUs.push_back(delay.upNs / 1000.0);
            series.downUs.push_back(delay.downNs / 1000.0);
            series.heldUs.push_back(held);
            upUs.push_back(delay.upNs / 1000.0);
            downUs.push_back(delay.downNs / 1000.0);
            heldUs.push_back(held);
        } else if (outcome.clock) {
            estimator.add(*outcome.clock); // counted as refused
        }
        run.refused = run.refused || outcome.refused;
        probeDone();
    }
    for (const auto& [size, series] : bySize) run.results.push_back(summarize(series));
    if (!upUs.empty()) {
        OneWaySummary oneWay;
        oneWay.sameClock = sameClock;
        oneWay.offset = sameClock ? protocol::ClockOffset::exactlyZero() : estimator.estimate().value_or(protocol::ClockOffset{});
        oneWay.up = delayStats(upUs);
        oneWay.down = delayStats(downUs);
        oneWay.held = delayStats(heldUs);
        oneWay.refused = estimator.refused();
        run.oneWay = oneWay;
    }
    return run;
}

} // namespace speed
