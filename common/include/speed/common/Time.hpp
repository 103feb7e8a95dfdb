#pragma once

#include <cstdint>
#include <limits>

namespace speed {

// Milliseconds on an injected clock (virtual in tests and self-play, steady in the programs).
using TimeMs = std::int64_t;
inline constexpr TimeMs kNever = std::numeric_limits<TimeMs>::max();

// `ms` after `at`: kNever for a wait without end (either is kNever), never past it.
constexpr TimeMs laterBy(TimeMs at, TimeMs ms) {
    if (at == kNever || ms == kNever) return kNever;
    return at > 0 && ms > kNever - at ? kNever : at + ms;
}

} // namespace speed
