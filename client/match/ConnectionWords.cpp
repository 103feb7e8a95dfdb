#include "match/ConnectionWords.hpp"

#include <fmt/format.h>

namespace speed::client {
namespace {

const std::string kDot = "   \xC2\xB7   ";

std::string waitingDetail(const ConnectionFacts& facts) {
    const std::string port = std::to_string(facts.port);
    if (!facts.peer) return facts.host ? "hosting on UDP port " + port : "joining the host on this machine, port " + port;
    const std::string peer = formatHostPort(*facts.peer);
    if (facts.joinOnly) return "joining " + peer;
    return facts.host ? "no host at " + peer + ": hosting on UDP port " + port : "looking for a host at " + peer;
}

// Who is missing, and how long the match waits for them (the countdown of the grace). Short:
// it is one line across the field.
std::string silentDetail(const ConnectionFacts& facts) {
    const std::string who = facts.peerName.empty() ? std::string("the other player") : facts.peerName;
    std::string detail = who + " is missing";
    if (facts.graceLeftMs != kNever) {
        detail += kDot + "the game waits " + std::to_string((facts.graceLeftMs + 999) / 1000) + " s";
    }
    if (facts.comingBack) detail += kDot + "asking to come back";
    if (!facts.keeperProblem.empty()) detail += kDot + facts.keeperProblem;
    return detail;
}

} // namespace

// Fractions of a millisecond where they matter (a LAN's round trip is a few tenths); nothing
// while the peer is silent, when the last figure no longer says anything about the network.
std::string roundTripText(const ConnectionFacts& facts) {
    if (!facts.rttMs || facts.peerSilent) return "RTT \xE2\x80\x94";
    const double ms = *facts.rttMs;
    if (ms < 1) return fmt::format("RTT {:.2f} ms", ms);
    if (ms < 10) return fmt::format("RTT {:.1f} ms", ms);
    return fmt::format("RTT {:.0f} ms", ms);
}

std::string statusDetail(const ConnectionFacts& facts) {
    const std::string role = facts.host ? "host" : "client";
    if (!facts.connected) {
        if (facts.info == GameInfo::ConWait) return role + kDot + waitingDetail(facts);
        return "not connected";
    }
    std::string text = role + kDot + "vs " + facts.peerName + " at " + facts.peerAddress;
    text += kDot + roundTripText(facts);
    if (facts.gameNumber > 0) text += kDot + "game " + std::to_string(facts.gameNumber);
    return text;
}

MatchNotice noticeFor(const ConnectionFacts& facts) {
    const std::string again = facts.connected ? "R: play again" : "R: try again";
    if (!facts.failure.empty()) return {"NO GAME", facts.failure + kDot + again};
    if (facts.matchEnded) {
        return {"MATCH OVER", (facts.endReason.empty() ? std::string("the session ended") : facts.endReason) + kDot + again};
    }
    if (facts.peerSilent) return {"SILENT", silentDetail(facts)};
    switch (facts.info) {
    case GameInfo::ConWait: {
        std::string detail = "for the other player" + kDot + waitingDetail(facts);
        if (!facts.previousEnd.empty()) detail += kDot + "last match: " + facts.previousEnd;
        if (!facts.lastRefusal.empty()) detail += kDot + facts.lastRefusal;
        if (!facts.keeperProblem.empty()) detail += kDot + facts.keeperProblem;
        return {"WAITING", detail};
    }
    case GameInfo::Connect:
        return {"CONNECTED", facts.host ? "dealing the first game" : "the host deals the first game"};
    default: return {};
    }
}

std::string opponentLabel(const ConnectionFacts& facts) {
    if (facts.peerName.empty()) return facts.info == GameInfo::ConWait ? "waiting for the other player" : "no opponent";
    return facts.peerName;
}

std::string describeEnd(const protocol::SessionEvent& ended) {
    using protocol::EndCause;
    using protocol::ShutdownReason;
    const std::string word(protocol::wordOf(ended.shutdown));
    switch (ended.cause) {
    case EndCause::ShutdownThere:
        if (ended.shutdown == ShutdownReason::WindowClosed) return "the other player closed their window";
        if (ended.shutdown == ShutdownReason::MatchOver) return "the other side played its games and ended the match";
        return "the other side ended the match (" + word + ")";
    case EndCause::ShutdownHere:
        if (ended.shutdown == ShutdownReason::MatchOver) return "the games are played";
        return "ended here (" + word + ")";
    case EndCause::PeerLost: return "lost the other side: " + ended.text;
    case EndCause::MatchGone: return ended.text;
    case EndCause::None: break;
    }
    return "the session ended";
}

} // namespace speed::client
