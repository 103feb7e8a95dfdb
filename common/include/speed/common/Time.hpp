#pragma once

#include <cstdint>
#include <limits>

namespace speed {

// Milliseconds on an injected clock (virtual in tests and self-play, steady in the programs).
using TimeMs = std::int64_t;
inline constexpr TimeMs kNever = std::numeric_limits<TimeMs>::max();

} // namespace speed
