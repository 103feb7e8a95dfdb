// The one English wording of why a session stopped: the log's event text and the programs'
// terminal lines are made here from the typed fields.
#include "speed/protocol/SessionEvent.hpp"

namespace speed::protocol {

SessionStop stopOf(const SessionEvent& event) {
    SessionStop stop;
    stop.failure = event.failure;
    stop.cause = event.cause;
    stop.shutdown = event.shutdown;
    stop.denial = event.denial;
    stop.waitedMs = event.waitedMs;
    stop.peerName = event.peerName;
    stop.peerVersion = event.peerVersion;
    return stop;
}

namespace {

std::string describeFailure(const SessionStop& stop) {
    const std::string waited = std::to_string(stop.waitedMs) + " ms";
    switch (stop.failure) {
    case ConnectFailure::NoClientCame:
        return "no client connected within " + waited;
    case ConnectFailure::NoHostAnswered:
        return "no answer from the host within " + waited;
    case ConnectFailure::VersionMismatch:
        return versionMismatchWords("the host", stop.peerVersion);
    case ConnectFailure::Denied:
        return std::string(describe(stop.denial));
    case ConnectFailure::None:
        break;
    }
    return {};
}

std::string describeEnd(const SessionStop& stop) {
    switch (stop.cause) {
    case EndCause::ShutdownHere:
        return "shut down here: " + std::string(wordOf(stop.shutdown));
    case EndCause::ShutdownThere:
        return "the peer shut the session down: " + std::string(wordOf(stop.shutdown));
    case EndCause::PeerLost:
        return "nothing heard from " + (stop.peerName.empty() ? std::string("the other player") : stop.peerName) +
               " for " + std::to_string(stop.waitedMs / 1000) + " s: the match is given up";
    case EndCause::MatchGone:
        if (stop.denial == DenyReason::NoMatch) {
            return "the host no longer holds this match: it gave it up when the grace ran out, or restarted without it";
        }
        return "the host would not take this program back: " + std::string(describe(stop.denial));
    case EndCause::RecordDamaged: return std::string(describe(DenyReason::Damaged));
    case EndCause::Stalled: return "the two sides no longer agree on the table: the match is given up";
    case EndCause::None:
        break;
    }
    return {};
}

} // namespace

std::string describe(const SessionStop& stop) {
    return stop.failure != ConnectFailure::None ? describeFailure(stop) : describeEnd(stop);
}

} // namespace speed::protocol
