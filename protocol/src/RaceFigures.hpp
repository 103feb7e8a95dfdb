#pragma once

#include "speed/protocol/Arbitration.hpp"

#include <cstdint>
#include <optional>

// The figures a deal's races are decided with, chosen from the link's recent round trips
// (their four timestamps make each delay exact, resent or not). Both policies report them;
// fair arbitration also waits, ties and rewinds by them.
namespace speed::protocol {

struct RaceFigures {
    std::int64_t lagUs = 0;    // the slowest recent one-way trip, plus a margin
    std::int64_t tieUs = 0;    // how far the clock estimate can be off: their spread
    std::int64_t rewindUs = 0; // how late after its due time a play may still take its place
    TimeMs viewDelayMs = 0;    // how late the client sees what the host does: their median, halved
};

// The round trips to choose from: none while the peer is silent; a round trip more than twice
// the lag's cap above the shortest says nothing about the way (the peer was stopped, or its
// machine stalled, and answered what had waited all at once).
std::optional<DelaySpread> usableDelays(const ArbitrationHost& host, const FairTiming& fair);

RaceFigures raceFigures(const DelaySpread& delays, const SessionTiming& timing);

// How late after its due time a play may come and still take its place: one resend interval
// (its first datagram was lost, the resend came) and the lag again, within the rewind's bound.
std::int64_t rewindWindowUs(std::int64_t lagUs, const SessionTiming& timing);

} // namespace speed::protocol
