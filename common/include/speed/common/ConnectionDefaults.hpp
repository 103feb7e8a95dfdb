#pragma once

#include <cstdint>

// The connection's defaults, written once: setup.ini's [network] keys (settings/), the options
// every program connects with (net/'s ConnectOptions) and the sessions' own timing (protocol/'s
// SessionTiming, which the simulator and the tests use as it is) all start from these.
namespace speed::connection_defaults {

inline constexpr std::uint16_t kPort = 50001; // both sides host and join on this UDP port
inline constexpr int kWaitSeconds = 30;       // how long to look for the other player before giving up
inline constexpr int kGraceSeconds = 60;      // how long a silent player's match is kept

} // namespace speed::connection_defaults
