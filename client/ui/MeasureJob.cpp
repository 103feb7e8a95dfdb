#include "ui/MeasureJob.hpp"

#include "speed/measure/MeasureRun.hpp"
#include "speed/measure/StreamRun.hpp"
#include "speed/measure/UdpProber.hpp"
#include "speed/net/HostPort.hpp"
#include "speed/net/UdpAddress.hpp"

#include "text/Words.hpp"

#include <fmt/format.h>

#include <sstream>

namespace speed::client::ui {
namespace {

constexpr int kStreamProgressSteps = 1000; // a stream's progress bar counts permille

const char* failureKey(MeasureFailure failure) {
    switch (failure) {
    case MeasureFailure::None: break;
    case MeasureFailure::Target: return "measure.failure.target";
    case MeasureFailure::Socket: return "measure.failure.socket";
    case MeasureFailure::Refused: return "measure.failure.refused";
    case MeasureFailure::NoStreamStart: return "measure.failure.no_stream_start";
    case MeasureFailure::NoEcho: return "measure.failure.no_echo";
    case MeasureFailure::Error: return "measure.failure.error";
    }
    return "measure.failure.error";
}

// Why a run failed, in `in`: the catalogue's sentence with the lower layer's words filled in.
std::string failureWords(MeasureFailure failure, const std::string& detail, Language in) {
    const char* text = tr(failureKey(failure), in);
    try {
        return fmt::vformat(text, fmt::make_format_args(detail));
    } catch (const fmt::format_error&) {
        return text + (": " + detail);
    }
}

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
    // The message is the notes and the failure's English words (the log's); the dialog says the
    // failure again in its own language from `failure` and `failureDetail`.
    const auto failed = [&](MeasureFailure failure, std::string detail = {}) {
        outcome.status = MeasureStatus::Failed;
        outcome.failure = failure;
        outcome.failureDetail = std::move(detail);
        outcome.message = outcome.notes + failureWords(failure, outcome.failureDetail, Language::English);
        finish(std::move(outcome));
    };
    try {
        const HostPortResult parsed = parseHostPort(target, defaultPort);
        if (!parsed.value) return failed(MeasureFailure::Target, parsed.error);
        asio::io_context io;
        const ResolveResult resolved = resolveUdp(io, *parsed.value);
        if (!resolved.endpoint) return failed(MeasureFailure::Target, resolved.error);
        outcome.target = endpointText(*resolved.endpoint);
        UdpProber prober(io, *resolved.endpoint);
        if (!prober.openError().empty()) return failed(MeasureFailure::Socket, prober.openError());
        std::ostringstream notes;
        if (stream) {
            StreamProgress hooks;
            hooks.onProgress = [this](double share) { m_probesDone = static_cast<int>(share * kStreamProgressSteps); };
            hooks.cancelled = [this] { return m_cancelRequested.load(); };
            StreamRunResult result = runStream(prober, *stream, notes, hooks);
            outcome.notes = notes.str();
            outcome.message = outcome.notes;
            if (result.counting == StreamCounting::None) {
                return failed(result.refused ? MeasureFailure::Refused : MeasureFailure::NoStreamStart);
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
        outcome.notes = notes.str();
        outcome.message = outcome.notes;
        if (result.cancelled) outcome.status = MeasureStatus::Cancelled;
        else if (result.anyEcho()) outcome.status = MeasureStatus::Finished;
        else return failed(result.refused ? MeasureFailure::Refused : MeasureFailure::NoEcho);
    } catch (const std::exception& error) {
        outcome.status = MeasureStatus::Failed;
        outcome.failure = MeasureFailure::Error;
        outcome.failureDetail = error.what();
        outcome.notes.clear();
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

const char* statusText(MeasureStatus status) {
    switch (status) {
    case MeasureStatus::Idle: return tr("measure.status.idle");
    case MeasureStatus::Running: return tr("measure.status.running");
    case MeasureStatus::Finished: return tr("measure.status.finished");
    case MeasureStatus::Cancelled: return tr("measure.status.cancelled");
    case MeasureStatus::Failed: return tr("measure.status.failed");
    }
    return "?";
}

std::string failureText(const MeasureOutcome& outcome) {
    if (outcome.failure == MeasureFailure::None) return outcome.message;
    return outcome.notes + failureWords(outcome.failure, outcome.failureDetail, language());
}

// Each check in validate()'s order, so that the first problem it would name is the one said.
std::string planProblem(const MeasurePlan& plan) {
    const std::string problem = validate(plan);
    if (problem.empty()) return problem;
    if (plan.mode == MeasureMode::Pow2 && (plan.maxExponent < 0 || plan.maxExponent > MeasurePlan::kMaxExponent)) {
        return tr("measure.problem.max_exponent");
    }
    if (plan.mode == MeasureMode::Fixed && (plan.size < 1 || plan.size > MeasurePlan::kMaxProbeBytes)) {
        return tr("measure.problem.size");
    }
    if (plan.count < 1 || plan.count > 1'000'000) {
        return tr(plan.mode == MeasureMode::Pow2 ? "measure.problem.sets" : "measure.problem.probes");
    }
    if (plan.warmup < 0 || plan.warmup > 100'000) return tr("measure.problem.warmup");
    if (plan.intervalMs < 0 || plan.intervalMs > 60'000) return tr("measure.problem.interval");
    if (plan.timeoutMs < 1 || plan.timeoutMs > 60'000) return tr("measure.problem.timeout");
    return problem; // a check this list does not know: validate()'s own words
}

std::string planProblem(const StreamPlan& plan, int minimumBytes) {
    const std::string problem = validate(plan, minimumBytes);
    if (problem.empty()) return problem;
    if (!(plan.rateMbps >= StreamPlan::kMinRateMbps && plan.rateMbps <= StreamPlan::kMaxRateMbps)) {
        return tr("measure.problem.rate");
    }
    if (!(plan.durationS > 0 && plan.durationS <= StreamPlan::kMaxDurationS)) return tr("measure.problem.duration");
    if (plan.sizeBytes < minimumBytes || plan.sizeBytes > MeasurePlan::kMaxProbeBytes) {
        return trf("measure.problem.stream_size", minimumBytes, minimumBytes);
    }
    if (plan.timeoutMs < 1 || plan.timeoutMs > 60'000) return tr("measure.problem.timeout");
    const double datagrams = plan.rateMbps * 1e6 * plan.durationS / (8.0 * plan.sizeBytes);
    if (datagrams > StreamPlan::kMaxDatagrams) return trf("measure.problem.datagrams", datagrams, StreamPlan::kMaxDatagrams);
    return problem;
}

} // namespace speed::client::ui
