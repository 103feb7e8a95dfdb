#pragma once

#include "speed/measure/RttStats.hpp"
#include "speed/measure/StreamStats.hpp"
#include "speed/measure/UdpProber.hpp"

#include <functional>
#include <iosfwd>
#include <optional>

namespace speed {

// How a stream was counted.
enum class StreamCounting : std::uint8_t {
    None,      // nothing answered
    OneWay,    // the far side (speed-measure --serve) counted what it received
    RoundTrip, // the far side echoed every datagram (a speed host, a plain echo): counted back here
};
std::string_view wordOf(StreamCounting counting); // "one_way", "round_trip", "none"

struct StreamRunResult {
    StreamCounting counting = StreamCounting::None;
    Reflector reflector = Reflector::None; // what answered the opening request
    bool refused = false;                  // the machine said nothing listens there
    std::optional<protocol::StreamGrant> grant; // one way: what the far side granted
    bool reportReceived = false;  // one way: the far side's counts arrived
    int reportTries = 0;
    double sendingSeconds = 0;    // first send to one interval after the last
    double sentMbps = 0;          // what actually left, over that time
    std::uint32_t planned = 0;    // datagrams the schedule held (as granted)
    bool stoppedShort = false;    // not cancelled, yet fewer left: more than this machine sends (stopNs)
    StreamDirection up;           // this side -> far side (round trip: there and back)
    std::optional<StreamDirection> down; // --bidir, one way: the far side's stream back
    RttSummary rtt;               // round trip: the echoed datagrams' round trips
    std::uint32_t outOfRange = 0; // datagrams with an impossible sequence number (not counted)
    bool cancelled = false;       // sending stopped early (StreamProgress::cancelled)
    // Under setup.ini's password: the opening and the report are signed and only signed answers
    // are believed (a stream's data is not signed); the answers refused.
    bool authenticated = false;
    int unauthenticated = 0;
};

// For a caller that runs a stream on a worker thread (the window's dialog): told the share of
// the stream sent so far, asked whether to stop sending (the far side's counts are still asked
// for, which also ends its stream back). Both may be empty; both are called from the sending
// loop, at most every few milliseconds.
struct StreamProgress {
    std::function<void(double sentShare)> onProgress;
    std::function<bool()> cancelled;
};

// Opens the stream (asks the far side to count it, resent up to 3 times), sends it paced at
// the plan's rate, waits for the last datagrams (at most plan.timeoutMs), then asks for the far
// side's counts (resent up to 3 times). A line of progress goes to `progress` every second.
StreamRunResult runStream(UdpProber& prober, const StreamPlan& plan, std::ostream& progress,
                          const StreamProgress& hooks = {});

// The smallest datagram a stream can have (header, stream fields, checksum).
int minimumStreamBytes();

} // namespace speed
