#include "match/ConnectionWords.hpp"

#include "table/TableText.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace speed::client {
namespace {

const std::string kDot = "   \xC2\xB7   ";

std::string who(const ConnectionFacts& facts) { return facts.peerName.empty() ? std::string("the other player") : facts.peerName; }

std::string whose(const ConnectionFacts& facts) {
    return facts.peerName.empty() ? std::string("the other player's") : facts.peerName + "'s";
}

std::string timeLeft(const ConnectionFacts& facts) {
    return facts.waitLeftMs == kNever ? std::string() : kDot + countdownText(facts.waitLeftMs) + " left";
}

// Where the wait happens, after "Waiting for a player" or "Joining".
std::string waitingWhere(const ConnectionFacts& facts) {
    const std::string port = std::to_string(facts.port);
    if (!facts.peer) return facts.host ? "on UDP port " + port : "the host on this computer, port " + port;
    const std::string peer = formatHostPort(*facts.peer);
    if (facts.joinOnly || !facts.host) return "the host at " + peer;
    return "on UDP port " + port + " (no host answered at " + peer + ")";
}

bool joining(const ConnectionFacts& facts) { return !facts.host; }

// Who is missing, and how long the match waits for them (the countdown of the grace).
std::string silentDetail(const ConnectionFacts& facts) {
    std::string detail;
    if (facts.graceLeftMs != kNever) detail = "the game waits " + countdownText(facts.graceLeftMs) + " for it";
    if (facts.comingBack) detail += (detail.empty() ? "" : kDot) + std::string("asking to come back");
    if (!facts.keeperProblem.empty()) detail += (detail.empty() ? "" : kDot) + facts.keeperProblem;
    return detail;
}

} // namespace

std::string countdownText(TimeMs leftMs) { return formatClock((std::max<TimeMs>(0, leftMs) + 999) / 1000 * 1000); }

// Fractions of a millisecond where they matter (a LAN's round trip is a few tenths); nothing
// while the peer is silent, when the last figure no longer says anything about the network.
std::string roundTripText(const ConnectionFacts& facts) {
    if (!facts.rttMs || facts.peerSilent) return "RTT \xE2\x80\x94";
    const double ms = *facts.rttMs;
    if (ms < 1) return fmt::format("RTT {:.2f} ms", ms);
    if (ms < 10) return fmt::format("RTT {:.1f} ms", ms);
    return fmt::format("RTT {:.0f} ms", ms);
}

std::string statusWord(const ConnectionFacts& facts) {
    if (!facts.failure.empty() || facts.matchEnded) return "No game";
    if (!facts.connected) return joining(facts) ? "Joining" : "Waiting";
    if (facts.peerSilent) return "Paused";
    return std::string(stateWord(facts.info));
}

std::string statusDetail(const ConnectionFacts& facts) {
    if (!facts.failure.empty()) return facts.failure;
    if (facts.matchEnded) return facts.endReason.empty() ? std::string("the match ended") : facts.endReason;
    if (!facts.connected) {
        if (joining(facts)) return waitingWhere(facts) + timeLeft(facts);
        return "for a player" + timeLeft(facts) + kDot + waitingWhere(facts);
    }
    if (facts.peerSilent) {
        std::string text = whose(facts) + " window stopped answering";
        if (facts.graceLeftMs != kNever) text += kDot + "waiting " + countdownText(facts.graceLeftMs);
        return text;
    }
    std::string text = facts.info == GameInfo::Play || protocol::isPaused(facts.info) ? who(facts) : "vs " + who(facts);
    text += kDot + roundTripText(facts);
    if (facts.gameNumber > 0) text += kDot + "game " + std::to_string(facts.gameNumber);
    return text;
}

MatchNotice noticeFor(const ConnectionFacts& facts) {
    const std::string again = facts.connected ? "R: play again" : "R: try again";
    if (!facts.failure.empty()) return {"No game", facts.failure + kDot + again, facts.failure, false};
    if (facts.matchEnded) {
        const std::string reason = facts.endReason.empty() ? std::string("the match ended") : facts.endReason;
        return {"Match over", reason + kDot + again, reason, false};
    }
    if (facts.peerSilent) return {whose(facts) + " window stopped answering", silentDetail(facts), {}, true};
    switch (facts.info) {
    case GameInfo::ConWait: {
        std::string detail = (joining(facts) ? "looking for " : "") + waitingWhere(facts) + timeLeft(facts);
        if (!joining(facts) && !facts.lanAddress.empty()) detail += kDot + "your friend joins " + facts.lanAddress;
        if (!facts.previousEnd.empty()) detail += kDot + "last match: " + facts.previousEnd;
        if (!facts.lastRefusal.empty()) detail += kDot + facts.lastRefusal;
        if (!facts.keeperProblem.empty()) detail += kDot + facts.keeperProblem;
        return {joining(facts) ? "Joining" : "Waiting for a player", detail, {}, false};
    }
    case GameInfo::Connect:
        return {"Playing " + who(facts), facts.host ? "dealing the first game" : who(facts) + " deals the first game", {}, false};
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
    switch (ended.cause) {
    case EndCause::ShutdownThere:
        switch (ended.shutdown) {
        case ShutdownReason::WindowClosed: return "the other player left";
        case ShutdownReason::MatchOver: return "the other player played their games and ended the match";
        case ShutdownReason::Interrupted: case ShutdownReason::Terminated: return "the other player's program was stopped";
        case ShutdownReason::ProtocolVersion: return "the other player's Speed is another version";
        case ShutdownReason::Other: break;
        }
        return "the other player ended the match";
    case EndCause::ShutdownHere:
        if (ended.shutdown == ShutdownReason::MatchOver) return "the games are played";
        return "you ended the match";
    case EndCause::PeerLost: return "the other window stopped answering";
    case EndCause::MatchGone: return ended.text;
    case EndCause::None: break;
    }
    return "the match ended";
}

} // namespace speed::client
