#pragma once

#include "speed/measure/MeasurePlan.hpp"
#include "speed/measure/MeasureRun.hpp"
#include "speed/measure/RttStats.hpp"
#include "speed/measure/StreamRun.hpp"
#include "speed/net/HostPort.hpp"

#include <atomic>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace speed::client::ui {

enum class MeasureStatus { Idle, Running, Finished, Cancelled, Failed };

// Why a run failed, so that the dialog can say it in the window's language.
enum class MeasureFailure {
    None,
    BadTarget,     // the target does not parse (targetProblem: why)
    CannotResolve, // the target's host has no address (failureHost; failureDetail: the resolver's words)
    Socket,        // no UDP socket could be opened (failureDetail: the system's words)
    Refused,       // the machine refused: nothing listens on that port
    NoStreamStart, // no answer to a stream's opening request
    NoEcho,        // no echo within the timeout
    Unauthenticated, // answers came, none signed under setup.ini's password
    Error,         // an exception stopped the run (failureDetail: its text)
};

// A probe run over time, for the dialog's plot: at most kPoints points, each the largest value
// among its share of the probes (a spike stays visible however long the run), NaN where none of
// them had one; and how many of them were lost, and of those how many up and how many down
// (the rest: the way is not known).
struct ProbeTimeline {
    static constexpr std::size_t kPoints = 600;
    std::vector<float> rttUs, upUs, downUs;
    std::vector<int> lost, lostUp, lostDown;
    double seconds = 0; // from the first probe's intended time to the last one's
};
ProbeTimeline timelineOf(const std::vector<ProbeRecord>& probes);

// What the dialog shows once a run is over.
struct MeasureOutcome {
    MeasureStatus status = MeasureStatus::Idle;
    std::string target;  // the resolved address, e.g. "127.0.0.1:50001"
    std::string message; // notes of the run, or why it failed, in English (as the log writes it)
    std::string notes;   // the run's own notes alone (the measurement's lines, English)
    MeasureFailure failure = MeasureFailure::None;
    HostPortError targetProblem; // BadTarget: what is wrong with the target as typed
    std::string failureHost;     // CannotResolve: the host name as typed
    std::string failureDetail;   // the resolver's, socket's or exception's own words, for those failures
    std::vector<RttSummary> results;
    std::optional<OneWaySummary> oneWay; // probes: when the far side stamped its echoes
    LineFit fit;                         // probes: fixed cost and cost per byte (points 0: none)
    // Probes: the whole result but every probe's record (the outcome is copied each frame; the
    // records are drawn from `timeline`), for the figures beyond the table and the export.
    MeasureRunResult probeRun;
    ProbeTimeline timeline;
    std::optional<StreamRunResult> stream; // stream mode: the whole result
    MeasurePlan plan;                    // what was run, for the JSON export
    std::optional<StreamPlan> streamPlan;
};

// Runs runMeasurement (or runStream) on a worker thread with its own UDP socket, so the window keeps drawing:
// the measurement blocks between probe and echo on purpose (the figure is the network's, not an
// event loop's). Progress and the status are atomics the window reads every frame; the outcome
// is handed over under a mutex once the worker is done. Cancel stops before the next probe.
class MeasureJob {
public:
    MeasureJob() = default;
    ~MeasureJob();
    MeasureJob(const MeasureJob&) = delete;
    MeasureJob& operator=(const MeasureJob&) = delete;

    // `target` is HOST[:PORT]; a missing port means `defaultPort`. Returns false (and changes
    // nothing) while a run is still going.
    // `configPath`: the setup.ini whose password, when it has one, signs the probes (read when the
    // run starts, so a password just saved counts).
    bool start(const std::string& target, std::uint16_t defaultPort, const MeasurePlan& plan,
               const std::string& configPath = {});
    // The same for a stream (runStream); progress is the share of the stream sent.
    bool startStream(const std::string& target, std::uint16_t defaultPort, const StreamPlan& plan);
    void cancel();

    MeasureStatus status() const { return m_status.load(); }
    bool running() const { return status() == MeasureStatus::Running; }
    float progress() const; // 0..1, warm-up included
    int probesDone() const { return m_probesDone.load(); }   // stream: permille sent
    int probesTotal() const { return m_probesTotal.load(); } // stream: 1000
    MeasureOutcome outcome() const;

private:
    bool begin(const std::string& target, int probesTotal);
    void run(std::string target, std::uint16_t defaultPort, MeasurePlan plan, std::optional<StreamPlan> stream,
             std::string configPath);
    // The run's steps once the prober's socket is open; each fills in `outcome`.
    void measureStream(UdpProber& prober, const StreamPlan& plan, MeasureOutcome& outcome);
    void measureProbes(UdpProber& prober, const MeasurePlan& plan, MeasureOutcome& outcome);
    void finish(MeasureOutcome outcome);

    std::thread m_worker;
    std::atomic<MeasureStatus> m_status{MeasureStatus::Idle};
    std::atomic<bool> m_cancelRequested{false};
    std::atomic<int> m_probesDone{0};
    std::atomic<int> m_probesTotal{0};
    mutable std::mutex m_outcomeMutex;
    MeasureOutcome m_outcome;
};

// The status as the log names it ("finished"); statusText says it in the window's language.
std::string_view toString(MeasureStatus status);
const char* statusText(MeasureStatus status);

// What the dialog shows of a failed run: its notes, then why it failed, in the window's language
// (in English the same as `message`).
std::string failureText(const MeasureOutcome& outcome);

// What is wrong with a plan as the dialog says it, in the window's language: empty exactly when
// validate() finds the plan fine.
std::string planProblem(const MeasurePlan& plan);
std::string planProblem(const StreamPlan& plan, int minimumBytes);

} // namespace speed::client::ui
