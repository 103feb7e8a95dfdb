#pragma once

// How many rounds a soak test plays: all of them, or a fifth in the sanitizer build, where each
// round costs 10-30 times as much (the release run plays them all; the fuzz targets go deeper).
namespace speed::test {

#ifdef SPEED_SANITIZED_BUILD
inline constexpr long long kSoakDivisor = 5;
#else
inline constexpr long long kSoakDivisor = 1;
#endif

constexpr long long soakRounds(long long rounds) { return rounds / kSoakDivisor; }

} // namespace speed::test
