#include "ui/MeasureJob.hpp"

#include "speed/net/MeasureRun.hpp"
#include "speed/net/StreamRun.hpp"
#include "speed/net/UdpProber.hpp"
#include "speed/net/HostPort.hpp"
#include "speed/net/UdpAddress.hpp"

#include <sstream>

namespace speed::client::ui {
namespace {

constexpr int kStreamProgressSteps = 1000; // a stream's progress bar counts permille

} // namespace

MeasureJob::~MeasureJob() {
    cancel();
    if (m_worker.joinable()) m_worker.join();
}

bool MeasureJob::begin(const std::string& target, int probesTotal) {
    if (running()) return false;
    if (m_worker.joinable()) m_worker.join();
    m_cancelRequested = false;
    m_probesDone = 0;
    m_probesTotal = probesTotal;
    {
        const std::lock_guard lock(m_outcomeMutex);
        m_outcome = MeasureOutcome{};
        m_outcome.status = MeasureStatus::Running;
        m_outcome.target = target;
    }
    m_status = MeasureStatus::Running;
    return true;
}

bool MeasureJob::start(const std::string& target, std::uint16_t defaultPort, const MeasurePlan& plan) {
    if (!begin(target, plan.warmup + static_cast<int>(probeSchedule(plan).size()))) return false;
    m_worker = std::thread(&MeasureJob::run, this, target, defaultPort, plan, std::nullopt);
    return true;
}

bool MeasureJob::startStream(const std::string& target, std::uint16_t defaultPort, const StreamPlan& plan) {
    if (!begin(target, kStreamProgressSteps)) return false;
    m_worker = std::thread(&MeasureJob::run, this, target, defaultPort, MeasurePlan{}, plan);
    return true;
}

void MeasureJob::cancel() { m_cancelRequested = true; }

float MeasureJob::progress() const {
    const int total = m_probesTotal.load();
    return total > 0 ? static_cast<float>(m_probesDone.load()) / static_cast<float>(total) : 0.0f;
}

MeasureOutcome MeasureJob::outcome() const {
    const std::lock_guard lock(m_outcomeMutex);
    return m_outcome;
}

void MeasureJob::finish(MeasureOutcome outcome) {
    const MeasureStatus status = outcome.status;
    {
        const std::lock_guard lock(m_outcomeMutex);
        m_outcome = std::move(outcome);
    }
    m_status = status; // last: whoever sees the status sees the outcome too
}

// The worker: resolve, open its own socket, run, hand over. Never throws out of the thread.
void MeasureJob::run(std::string target, std::uint16_t defaultPort, MeasurePlan plan, std::optional<StreamPlan> stream) {
    MeasureOutcome outcome;
    outcome.status = MeasureStatus::Failed; // until it is known to be otherwise
    outcome.target = target;
    outcome.plan = plan;
    outcome.streamPlan = stream;
    const auto failed = [&](std::string message) {
        outcome.status = MeasureStatus::Failed;
        outcome.message = std::move(message);
        finish(std::move(outcome));
    };
    try {
        const HostPortResult parsed = parseHostPort(target, defaultPort);
        if (!parsed.value) return failed(parsed.error);
        asio::io_context io;
        const ResolveResult resolved = resolveUdp(io, *parsed.value);
        if (!resolved.endpoint) return failed(resolved.error);
        outcome.target = endpointText(*resolved.endpoint);
        UdpProber prober(io, *resolved.endpoint);
        if (!prober.openError().empty()) return failed("cannot open a UDP socket: " + prober.openError());
        std::ostringstream notes;
        if (stream) {
            StreamProgress hooks;
            hooks.onProgress = [this](double share) { m_probesDone = static_cast<int>(share * kStreamProgressSteps); };
            hooks.cancelled = [this] { return m_cancelRequested.load(); };
            StreamRunResult result = runStream(prober, *stream, notes, hooks);
            outcome.message = notes.str();
            if (result.counting == StreamCounting::None) {
                return failed(outcome.message + (result.refused ? "nothing listens on that port (the machine refused)"
                                                                : "no answer to the stream's opening request"));
            }
            outcome.status = result.cancelled ? MeasureStatus::Cancelled : MeasureStatus::Finished;
            outcome.stream = std::move(result);
            return finish(std::move(outcome));
        }
        MeasureProgress progress;
        progress.onProbe = [this](int done, int total) {
            m_probesDone = done;
            m_probesTotal = total;
        };
        progress.cancelled = [this] { return m_cancelRequested.load(); };
        const MeasureRunResult result = runMeasurement(prober, plan, notes, progress);
        outcome.results = result.results;
        outcome.oneWay = result.oneWay;
        outcome.fit = fitCostPerByte(result.results);
        outcome.message = notes.str();
        if (result.cancelled) outcome.status = MeasureStatus::Cancelled;
        else if (result.anyEcho()) outcome.status = MeasureStatus::Finished;
        else outcome.message += result.refused ? "nothing listens on that port (the machine refused)"
                                               : "no echo within the timeout: is a speed host or a UDP echo service running there?";
    } catch (const std::exception& error) {
        outcome.status = MeasureStatus::Failed;
        outcome.message = error.what();
    }
    finish(std::move(outcome));
}

std::string_view toString(MeasureStatus status) {
    switch (status) {
    case MeasureStatus::Idle: return "idle";
    case MeasureStatus::Running: return "running";
    case MeasureStatus::Finished: return "finished";
    case MeasureStatus::Cancelled: return "cancelled";
    case MeasureStatus::Failed: return "failed";
    }
    return "?";
}

} // namespace speed::client::ui
