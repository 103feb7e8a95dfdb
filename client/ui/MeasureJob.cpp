#include "ui/MeasureJob.hpp"

#include "speed/net/MeasureRun.hpp"
#include "speed/net/UdpProber.hpp"
#include "speed/net/HostPort.hpp"
#include "speed/net/UdpAddress.hpp"

#include <sstream>

namespace speed::client::ui {

MeasureJob::~MeasureJob() {
    cancel();
    if (m_worker.joinable()) m_worker.join();
}

bool MeasureJob::start(const std::string& target, std::uint16_t defaultPort, const MeasurePlan& plan) {
    if (running()) return false;
    if (m_worker.joinable()) m_worker.join();
    m_cancelRequested = false;
    m_probesDone = 0;
    m_probesTotal = plan.warmup + static_cast<int>(probeSchedule(plan).size());
    {
        const std::lock_guard lock(m_outcomeMutex);
        m_outcome = MeasureOutcome{MeasureStatus::Running, target, {}, {}};
    }
    m_status = MeasureStatus::Running;
    m_worker = std::thread(&MeasureJob::run, this, target, defaultPort, plan);
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
void MeasureJob::run(std::string target, std::uint16_t defaultPort, MeasurePlan plan) {
    MeasureOutcome outcome{MeasureStatus::Failed, target, {}, {}};
    try {
        const HostPortResult parsed = parseHostPort(target, defaultPort);
        if (!parsed.value) return finish({MeasureStatus::Failed, target, parsed.error, {}});
        asio::io_context io;
        const ResolveResult resolved = resolveUdp(io, *parsed.value);
        if (!resolved.endpoint) return finish({MeasureStatus::Failed, target, resolved.error, {}});
        outcome.target = endpointText(*resolved.endpoint);
        UdpProber prober(io, *resolved.endpoint);
        if (!prober.openError().empty()) {
            return finish({MeasureStatus::Failed, outcome.target, "cannot open a UDP socket: " + prober.openError(), {}});
        }
        MeasureProgress progress;
        progress.onProbe = [this](int done, int total) {
            m_probesDone = done;
            m_probesTotal = total;
        };
        progress.cancelled = [this] { return m_cancelRequested.load(); };
        std::ostringstream notes;
        const MeasureRunResult result = runMeasurement(prober, plan, notes, progress);
        outcome.results = result.results;
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
