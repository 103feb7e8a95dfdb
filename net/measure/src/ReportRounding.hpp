#pragma once

#include <cmath>

namespace speed::detail {

// A figure as the reports print it: to two decimals.
inline double rounded(double value) {
    return std::round(value * 100.0) / 100.0;
}

} // namespace speed::detail
