#pragma once

#include "speed/measure/MeasureReport.hpp"
#include "speed/measure/RttStats.hpp"

#include <vector>

namespace speed::client::ui {

// RTT per probe size, drawn with ImGui's draw list: one column per size with the min..max
// range as a thin bar, min..p99 as a wide bar, the median as a dot joined by a line, the mean as
// a tick; a logarithmic µs axis (LogAxis) with the sizes below. Takes `height` pixels and the
// available width. With `fit`, the fitted line (fixed cost + cost per byte) through each size's
// column, dashed.
void drawRttPlot(const std::vector<RttSummary>& results, float height, const LineFit* fit = nullptr);

// Every round trip's distribution: one bar per power of two of µs (the HDR-style buckets summed,
// the empty powers between kept), its height the share of the answers, its count above it; the
// bars' bounds below; p50, p99 and p99.9 marked where they fall. Takes `height` pixels.
void drawRttHistogram(const LatencyHistogram& histogram, float height);

// A run over time: the RTT, and the one-way delays up and down where the answers were stamped,
// as lines on a logarithmic µs axis (a gap where a stretch had none), the seconds below, and
// marks at the foot for every stretch with a lost probe: in the up line's colour for probes lost
// on the way there, the down line's for answers lost on the way back, grey where the way is not
// known. Takes `height` pixels.
struct TimelineLosses {
    const std::vector<int>& lost; // per stretch, all
    const std::vector<int>& up;   // of them, lost on the way there
    const std::vector<int>& down; // and on the way back
};
void drawTimeline(const std::vector<float>& rttUs, const std::vector<float>& upUs, const std::vector<float>& downUs,
                  const TimelineLosses& losses, double seconds, float height);

} // namespace speed::client::ui
