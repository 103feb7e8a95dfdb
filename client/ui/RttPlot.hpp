#pragma once

#include "speed/net/RttStats.hpp"

#include <vector>

namespace speed::client::ui {

// RTT per probe size, drawn with ImGui's draw list: one column per size with the min..max
// range as a thin bar, min..p99 as a wide bar, the median as a dot joined by a line, the mean as
// a tick; a logarithmic µs axis (LogAxis) with the sizes below. Takes `height` pixels and the
// available width.
void drawRttPlot(const std::vector<RttSummary>& results, float height);

} // namespace speed::client::ui
