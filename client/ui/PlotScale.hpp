#pragma once

#include <string>
#include <vector>

namespace speed::client::ui {

// A logarithmic axis from a power of ten at or below `minValue` to one at or above `maxValue`:
// round trips spread over decades (60 µs typical, 3 ms for one slow probe), and on a linear axis
// the typical ones would flatten into the floor. Ticks at each decade, plus 2 and 5 times it
// when there are at most two decades.
struct LogAxis {
    double bottom = 1;
    double top = 10;
    std::vector<double> ticks;
    // 0 at bottom, 1 at top; values outside are clamped.
    double fraction(double value) const;
};

LogAxis logAxis(double minValue, double maxValue);

// A probe size for an axis label: "512", "2k", "32k", "1500".
std::string sizeLabel(int bytes);

// Microseconds as a plot label: "850", "1.2k", "15k".
std::string microsecondsLabel(double us);

} // namespace speed::client::ui
