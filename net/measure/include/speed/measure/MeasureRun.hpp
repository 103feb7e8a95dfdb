#pragma once

#include "speed/measure/LatencyHistogram.hpp"
#include "speed/measure/MeasurePlan.hpp"
#include "speed/measure/RttStats.hpp"
#include "speed/measure/UdpProber.hpp"

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace speed {

// What became of one counted probe.
enum class ProbeFate : std::uint8_t {
    Answered, // its answer came within the timeout
    Late,     // its answer came, after the timeout but before the run ended
    Lost,     // no answer by the end of the run
};
std::string_view wordOf(ProbeFate fate); // "ok", "late", "lost"

// Which way a lost probe was lost, as the far side's numbered answers tell (see attributeLosses).
enum class LostWay : std::uint8_t {
    Unknown, // not lost, not numbered, or a gap with losses both ways (or reordered past it)
    Up,      // the far side never answered it: lost on the way there
    Down,    // the far side answered it, and the answer never came back
};
std::string_view wordOf(LostWay way); // "", "up", "down"

// One counted probe, as sent and as answered. Times are this machine's monotonic clock (ns);
// the far side's stamps (farReceivedNs, farSentNs) are the far machine's.
struct ProbeRecord {
    std::uint32_t seq = 0; // 1, 2, 3 .. the counted probes in sending order
    int size = 0;          // asked for
    int wireBytes = 0;     // sent
    std::uint64_t intendedNs = 0; // when it was due (open loop: the schedule's time)
    std::uint64_t sentNs = 0;     // 0: never sent (the run was stopped)
    std::uint64_t receivedNs = 0; // the first answer, by this program (0: none)
    std::uint64_t kernelReceivedNs = 0; // the same by the kernel's timestamp (0: none)
    std::int64_t farReceivedNs = 0; // T2 (0: not stamped)
    std::int64_t farSentNs = 0;     // T3
    bool sameClock = false;         // the far side read this machine's clock
    std::uint32_t answer = 0;       // the far side's number for its first answer (0: unnumbered)
    std::uint16_t copies = 0;       // answers received (more than 1: duplicated on the way)
    ProbeFate fate = ProbeFate::Lost;
    LostWay lostWay = LostWay::Unknown; // a lost probe's direction, when it can be told
    std::optional<double> upUs, downUs; // one-way delays, when stamped (under the offset of their time)

    bool answered() const { return copies > 0; }
    bool stamped() const { return farReceivedNs != 0 || farSentNs != 0; }
    double rttUs() const { return static_cast<double>(receivedNs - sentNs) / 1000.0; }
};

// One direction of the path (up: this side -> far side; down: back). Loss, duplicates and
// reordering need the far side's counts of the run (a speed-measure --serve numbers its answers
// and reports what it received: `counted`); IPDV needs only stamped answers.
struct DirectionCounts {
    bool counted = false;
    std::uint32_t sent = 0;
    std::uint32_t received = 0; // distinct
    std::uint32_t lost = 0;
    std::uint32_t duplicates = 0;
    std::uint32_t reordered = 0;
    DelayStats ipdv; // |IPDV| of consecutive probes (RFC 5481), from the stamps: needs no clock offset
};

struct MeasureRunResult {
    std::vector<RttSummary> results; // one per size, smallest first
    std::optional<OneWaySummary> oneWay; // when any echo was stamped
    std::vector<ProbeRecord> probes;     // every counted probe, in sending order
    LatencyHistogram histogram;          // the round trips of every answered probe, all sizes
    int late = 0;                        // answered after the timeout (counted in results too)
    // Per direction, when the far side stamped or counted the run (ECHO 'T' or 'U', report 'Q').
    std::optional<DirectionCounts> up, down;
    bool farReportAsked = false; // the far side numbered its answers, so its counts were asked for
    bool openLoop = false;       // probes left on a schedule, not after the last answer
    int warmupReceived = 0;
    // Under setup.ini's password: only answers signed under it count; the others are refused.
    bool authenticated = false;
    int unauthenticated = 0;
    bool refused = false;   // the target machine said nothing listens there
    bool cancelled = false; // stopped by MeasureProgress::cancelled before the last probe
    bool anyEcho() const;
};

// For a caller that runs the measurement on a worker thread (the window's dialog): told after
// every probe sent, asked before every probe whether to stop. Both may be empty.
struct MeasureProgress {
    std::function<void(int probesDone, int probesTotal)> onProbe; // warm-up included
    std::function<bool()> cancelled;
};

// Extras of a run: a line every `intervalReportS` seconds while it goes (0: none) to `notes`.
struct MeasureOptions {
    double intervalReportS = 0;
};

// Warm-up, then the plan's probes. Back to back (plan.intervalMs 0) each probe leaves when the
// last one came back or was lost; paced, they leave on a fixed schedule (open loop, like irtt),
// one every intervalMs whatever the round trip or the losses, many in flight at once. Notes
// about the run (warm-up, sizes over one Ethernet frame, interval lines) go to `notes`.
MeasureRunResult runMeasurement(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes);
// The same, reporting progress and stopping early when asked (the probes done so far are kept).
MeasureRunResult runMeasurement(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes,
                                const MeasureProgress& progress, const MeasureOptions& options = {});

// Marks each lost probe Up or Down where the far side's answer numbers tell: it numbers its
// answers 1, 2, 3 .. in the order the probes reached it, so between two answered probes the
// numbers that never came back are answers lost on the way down. A run of lost probes is lost
// up when no number is missing there, down when as many are missing as probes were lost, and
// stays Unknown otherwise (both ways at once, or reordered past it). `received`: every answer
// number that came back (copies too); `farAnswered`: how many answers the far side sent in all
// and `farDuplicates` how many copies it received (its report). Without the report, or when
// copies reached the far side (a copy's answer lost on the way back is a missing number that is
// no probe's), every lost probe's way stays Unknown.
void attributeLosses(std::vector<ProbeRecord>& probes, std::vector<std::uint32_t> received,
                     std::optional<std::uint32_t> farAnswered, std::uint32_t farDuplicates);

// Every counted probe, one per line: CSV with a header, or JSON lines (docs/NETWORK.md, "Every
// probe"). Times are ns from the first probe's intended send time.
void writeProbesCsv(std::ostream& out, const MeasureRunResult& run);
void writeProbesJsonLines(std::ostream& out, const MeasureRunResult& run);

} // namespace speed
