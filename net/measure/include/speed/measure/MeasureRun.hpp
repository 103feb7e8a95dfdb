#pragma once

#include "speed/measure/MeasurePlan.hpp"
#include "speed/measure/RttStats.hpp"
#include "speed/measure/UdpProber.hpp"

#include <functional>
#include <optional>
#include <iosfwd>
#include <vector>

namespace speed {

struct MeasureRunResult {
    std::vector<RttSummary> results; // one per size, smallest first
    std::optional<OneWaySummary> oneWay; // when any echo was stamped
    int warmupReceived = 0;
    bool refused = false; // the target machine said nothing listens there
    bool cancelled = false; // stopped by MeasureProgress::cancelled before the last probe
    bool anyEcho() const;
};

// For a caller that runs the measurement on a worker thread (the window's dialog): told after
// every probe, asked before every probe whether to stop. Both may be empty.
struct MeasureProgress {
    std::function<void(int probesDone, int probesTotal)> onProbe; // warm-up included
    std::function<bool()> cancelled;
};

// Warm-up, then the plan's probes in order, paced by plan.intervalMs. Notes about the run
// (warm-up, sizes over one Ethernet frame) go to `notes`.
MeasureRunResult runMeasurement(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes);
// The same, reporting progress and stopping early when asked (the sizes done so far are kept).
MeasureRunResult runMeasurement(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes,
                                const MeasureProgress& progress);

} // namespace speed
