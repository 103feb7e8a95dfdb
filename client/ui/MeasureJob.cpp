#include "ui/MeasureJob.hpp"

#include "speed/measure/MeasureRun.hpp"
#include "speed/measure/StreamRun.hpp"
#include "speed/measure/UdpProber.hpp"
#include "speed/net/HostPort.hpp"
#include "speed/net/UdpAddress.hpp"
#include "speed/protocol/Auth.hpp"
#include "speed/settings/Settings.hpp"

#include "match/AddressWords.hpp"
#include "text/Words.hpp"


#include <cmath>
#include <limits>
#include <algorithm>
#include <sstream>

namespace speed::client::ui {
namespace {

constexpr int kStreamProgressSteps = 1000; // a stream's progress bar counts permille

const char* failureKey(MeasureFailure failure) {
    switch (failure) {
    case MeasureFailure::None: break;
    case MeasureFailure::BadTarget: return "measure.failure.target";
    case MeasureFailure::CannotResolve: return "measure.failure.cannot_resolve";
    case MeasureFailure::Socket: return "measure.failure.socket";
    case MeasureFailure::Refused: return "measure.failure.refused";
    case MeasureFailure::NoStreamStart: return "measure.failure.no_stream_start";
    case MeasureFailure::NoEcho: return "measure.failure.no_echo";
    case MeasureFailure::Unauthenticated: return "measure.failure.unauthenticated";
    case MeasureFailure::Error: return "measure.failure.error";
    }
    return "measure.failure.error";
}

// Why a run failed, in `in`: the catalogue's sentence with the typed fields filled in (the
// address as typed, the system's own words).
std::string failureWords(const MeasureOutcome& outcome, Language in) {
    const char* key = failureKey(outcome.failure);
    switch (outcome.failure) {
    case MeasureFailure::BadTarget: return trfIn(in, key, hostPortWords(outcome.targetProblem, in));
    case MeasureFailure::CannotResolve: return trfIn(in, key, outcome.failureHost, outcome.failureDetail);
    default: return trfIn(in, key, outcome.failureDetail);
    }
}

// The run failed: the message is the notes and the failure's English words (the log's); the
// dialog says the failure again in its own language from the typed fields.
// setup.ini's password, when it has one, signs the probes (one Argon2id, on this worker thread).
// False when the key cannot be made.
bool signWithPassword(const std::string& configPath, UdpProber& prober) {
    if (configPath.empty()) return true;
    const auto loaded = loadSettings(configPath);
    if (!loaded.settings || loaded.settings->network.password.empty()) return true;
    const auto passwordKey = protocol::derivePasswordKey(loaded.settings->network.password);
    if (!passwordKey) return false;
    prober.setMeasureKey(protocol::deriveMeasureKey(*passwordKey));
    return true;
}

void markFailed(MeasureOutcome& outcome, MeasureFailure failure, std::string detail = {}) {
    outcome.status = MeasureStatus::Failed;
    outcome.failure = failure;
    outcome.failureDetail = std::move(detail);
    outcome.message = outcome.notes + failureWords(outcome, Language::English);
}

// The target as an endpoint; nothing, with the outcome marked failed, when it does not parse
// or resolve.
std::optional<asio::ip::udp::endpoint> resolveTarget(asio::io_context& io, std::uint16_t defaultPort,
                                                     MeasureOutcome& outcome) {
    HostPortResult parsed = parseHostPort(outcome.target, defaultPort);
    if (!parsed.value) {
        outcome.targetProblem = std::move(parsed.error);
        markFailed(outcome, MeasureFailure::BadTarget);
        return std::nullopt;
    }
    ResolveResult resolved = resolveUdp(io, *parsed.value);
    if (!resolved.endpoint) {
        outcome.failureHost = parsed.value->host;
        markFailed(outcome, MeasureFailure::CannotResolve, std::move(resolved.systemError));
    }
    return resolved.endpoint;
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

bool MeasureJob::start(const std::string& target, std::uint16_t defaultPort, const MeasurePlan& plan,
                       const std::string& configPath) {
    if (!begin(target, plan.warmup + static_cast<int>(probeSchedule(plan).size()))) return false;
    m_worker = std::thread(&MeasureJob::run, this, target, defaultPort, plan, std::nullopt, configPath);
    return true;
}

bool MeasureJob::startStream(const std::string& target, std::uint16_t defaultPort, const StreamPlan& plan) {
    if (!begin(target, kStreamProgressSteps)) return false;
    m_worker = std::thread(&MeasureJob::run, this, target, defaultPort, MeasurePlan{}, plan, std::string());
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
void MeasureJob::run(std::string target, std::uint16_t defaultPort, MeasurePlan plan, std::optional<StreamPlan> stream,
                     std::string configPath) {
    MeasureOutcome outcome;
    outcome.status = MeasureStatus::Failed; // until it is known to be otherwise
    outcome.target = std::move(target);
    outcome.plan = plan;
    outcome.streamPlan = stream;
    try {
        asio::io_context io;
        if (const auto endpoint = resolveTarget(io, defaultPort, outcome)) {
            outcome.target = endpointText(*endpoint);
            UdpProber prober(io, *endpoint);
            if (!prober.openError().empty()) markFailed(outcome, MeasureFailure::Socket, prober.openError());
            else if (stream) measureStream(prober, *stream, outcome);
            else if (!signWithPassword(configPath, prober)) markFailed(outcome, MeasureFailure::Error, "setup.ini's password: no memory for its key");
            else measureProbes(prober, plan, outcome);
        }
    } catch (const std::exception& error) {
        outcome.status = MeasureStatus::Failed;
        outcome.failure = MeasureFailure::Error;
        outcome.failureDetail = error.what();
        outcome.notes.clear();
        outcome.message = error.what();
    }
    finish(std::move(outcome));
}

// A stream: progress is the share sent; a stream nobody counted failed.
void MeasureJob::measureStream(UdpProber& prober, const StreamPlan& plan, MeasureOutcome& outcome) {
    StreamProgress hooks;
    hooks.onProgress = [this](double share) { m_probesDone = static_cast<int>(share * kStreamProgressSteps); };
    hooks.cancelled = [this] { return m_cancelRequested.load(); };
    std::ostringstream notes;
    StreamRunResult result = runStream(prober, plan, notes, hooks);
    outcome.notes = notes.str();
    outcome.message = outcome.notes;
    if (result.counting == StreamCounting::None) {
        return markFailed(outcome, result.refused ? MeasureFailure::Refused : MeasureFailure::NoStreamStart);
    }
    outcome.status = result.cancelled ? MeasureStatus::Cancelled : MeasureStatus::Finished;
    outcome.stream = std::move(result);
}

// Probes: one summary per size and the fitted line; a run without a single echo failed.
void MeasureJob::measureProbes(UdpProber& prober, const MeasurePlan& plan, MeasureOutcome& outcome) {
    MeasureProgress progress;
    progress.onProbe = [this](int done, int total) {
        m_probesDone = done;
        m_probesTotal = total;
    };
    progress.cancelled = [this] { return m_cancelRequested.load(); };
    std::ostringstream notes;
    const MeasureRunResult result = runMeasurement(prober, plan, notes, progress);
    outcome.results = result.results;
    outcome.oneWay = result.oneWay;
    outcome.fit = fitCostPerByte(result.results);
    outcome.timeline = timelineOf(result.probes);
    outcome.probeRun = result;
    outcome.probeRun.probes.clear();
    outcome.notes = notes.str();
    outcome.message = outcome.notes;
    if (result.cancelled) outcome.status = MeasureStatus::Cancelled;
    else if (result.anyEcho()) outcome.status = MeasureStatus::Finished;
    else if (result.unauthenticated > 0) markFailed(outcome, MeasureFailure::Unauthenticated);
    else markFailed(outcome, result.refused ? MeasureFailure::Refused : MeasureFailure::NoEcho);
}

ProbeTimeline timelineOf(const std::vector<ProbeRecord>& probes) {
    ProbeTimeline timeline;
    if (probes.empty()) return timeline;
    const std::size_t points = std::min(probes.size(), ProbeTimeline::kPoints);
    const float none = std::numeric_limits<float>::quiet_NaN();
    timeline.rttUs.assign(points, none);
    timeline.upUs.assign(points, none);
    timeline.downUs.assign(points, none);
    timeline.lost.assign(points, 0);
    timeline.lostUp.assign(points, 0);
    timeline.lostDown.assign(points, 0);
    const auto keep = [](float& point, double value) {
        point = std::isnan(point) ? static_cast<float>(value) : std::max(point, static_cast<float>(value));
    };
    for (std::size_t i = 0; i < probes.size(); ++i) {
        const std::size_t point = i * points / probes.size();
        const ProbeRecord& probe = probes[i];
        if (!probe.answered()) {
            ++timeline.lost[point];
            if (probe.lostWay == LostWay::Up) ++timeline.lostUp[point];
            if (probe.lostWay == LostWay::Down) ++timeline.lostDown[point];
            continue;
        }
        keep(timeline.rttUs[point], probe.rttUs());
        if (probe.upUs) keep(timeline.upUs[point], *probe.upUs);
        if (probe.downUs) keep(timeline.downUs[point], *probe.downUs);
    }
    timeline.seconds = static_cast<double>(probes.back().intendedNs - probes.front().intendedNs) / 1e9;
    return timeline;
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
    return outcome.notes + failureWords(outcome, language());
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
