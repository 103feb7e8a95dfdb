#pragma once

#include "MeasurePlan.hpp"
#include "RttStats.hpp"
#include "UdpProber.hpp"

#include <iosfwd>
#include <vector>

namespace speed {

struct MeasureRunResult {
    std::vector<RttSummary> results; // one per size, smallest first
    int warmupReceived = 0;
    bool refused = false; // the target machine said nothing listens there
    bool anyEcho() const;
};

// Warm-up, then the plan's probes in order, paced by plan.intervalMs. Notes about the run
// (warm-up, sizes over one Ethernet frame) go to `notes`.
MeasureRunResult runMeasurement(UdpProber& prober, const MeasurePlan& plan, std::ostream& notes);

} // namespace speed
