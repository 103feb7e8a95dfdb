#include "match/ConnectionWords.hpp"

#include "table/TableText.hpp"
#include "text/Words.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace speed::client {
namespace {

const std::string kDot = "   \xC2\xB7   ";

std::string who(const ConnectionFacts& facts) {
    return facts.peerName.empty() ? std::string(tr("play.conn.the_other_player")) : facts.peerName;
}

// "Robo's window stopped answering", or the other player's without a name.
std::string windowSilent(const ConnectionFacts& facts) {
    return facts.peerName.empty() ? std::string(tr("play.conn.their_window_silent"))
                                  : trf("play.conn.window_silent", facts.peerName);
}

std::string timeLeft(const ConnectionFacts& facts) {
    return facts.waitLeftMs == kNever ? std::string() : kDot + trf("play.conn.time_left", countdownText(facts.waitLeftMs));
}

// Where the wait happens, after "Waiting for a player" or "Joining".
std::string waitingWhere(const ConnectionFacts& facts) {
    if (!facts.peer) return facts.host ? trf("play.conn.on_port", facts.port) : trf("play.conn.local_host", facts.port);
    const std::string peer = formatHostPort(*facts.peer);
    if (facts.joinOnly || !facts.host) return trf("play.conn.host_at", peer);
    return trf("play.conn.on_port_no_host", facts.port, peer);
}

// Whom a joining window looks for, the banner's sentence.
std::string lookingFor(const ConnectionFacts& facts) {
    if (!facts.peer) return trf("play.conn.looking_local", facts.port);
    return trf("play.conn.looking_host", formatHostPort(*facts.peer));
}

bool joining(const ConnectionFacts& facts) { return !facts.host; }

// Who is missing, and how long the match waits for them (the countdown of the grace).
std::string silentDetail(const ConnectionFacts& facts) {
    std::string detail;
    if (facts.graceLeftMs != kNever) detail = trf("play.conn.game_waits", countdownText(facts.graceLeftMs));
    if (facts.comingBack) detail += (detail.empty() ? "" : kDot) + std::string(tr("play.conn.coming_back"));
    if (facts.keeperProblem) detail += (detail.empty() ? "" : kDot) + keeperWords(*facts.keeperProblem);
    return detail;
}

std::string matchEndedWords(const ConnectionFacts& facts) {
    return facts.endReason.empty() ? std::string(tr("play.end.ended")) : facts.endReason;
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
    if (!facts.failure.empty() || facts.matchEnded) return tr("play.state.no_game");
    if (facts.awaitingReturn) return tr("play.state.waiting");
    if (!facts.connected) return joining(facts) ? tr("play.state.joining") : tr("play.state.waiting");
    if (facts.peerSilent) return tr("play.state.paused");
    return std::string(stateWord(facts.info));
}

std::string statusDetail(const ConnectionFacts& facts) {
    if (!facts.failure.empty()) return facts.failure;
    if (facts.matchEnded) return matchEndedWords(facts);
    if (facts.awaitingReturn) {
        std::string text = trf("play.conn.for_return", who(facts));
        if (facts.graceLeftMs != kNever) text += kDot + trf("play.conn.waiting_left", countdownText(facts.graceLeftMs));
        return text + kDot + trf("play.conn.on_port", facts.port);
    }
    if (!facts.connected) {
        if (joining(facts)) return waitingWhere(facts) + timeLeft(facts);
        return tr("play.conn.for_a_player") + timeLeft(facts) + kDot + waitingWhere(facts);
    }
    if (facts.peerSilent) {
        std::string text = windowSilent(facts);
        if (facts.graceLeftMs != kNever) text += kDot + trf("play.conn.waiting_left", countdownText(facts.graceLeftMs));
        return text + kDot + roundTripText(facts); // "RTT —": the last figure is stale
    }
    std::string text = facts.info == GameInfo::Play || protocol::isPaused(facts.info) ? who(facts)
                                                                                      : trf("play.status.versus", who(facts));
    text += kDot + roundTripText(facts);
    if (facts.gameNumber > 0) text += kDot + trf("play.status.game", facts.gameNumber);
    return text;
}

MatchNotice noticeFor(const ConnectionFacts& facts) {
    const std::string again = facts.connected ? tr("play.conn.play_again") : tr("play.conn.try_again");
    if (!facts.failure.empty()) return {tr("play.state.no_game"), facts.failure + kDot + again, facts.failure, false};
    if (facts.matchEnded) {
        const std::string reason = matchEndedWords(facts);
        return {tr("play.conn.match_over"), reason + kDot + again, reason, false};
    }
    if (facts.awaitingReturn) {
        MatchNotice notice{trf("play.conn.awaiting_return", who(facts)),
                           silentDetail(facts) + kDot + trf("play.conn.on_port", facts.port), {}, false};
        notice.awaitingReturn = true;
        return notice;
    }
    if (facts.peerSilent) return {windowSilent(facts), silentDetail(facts), {}, true};
    switch (facts.info) {
    case GameInfo::ConWait: {
        std::string detail = (joining(facts) ? lookingFor(facts) : waitingWhere(facts)) + timeLeft(facts);
        if (!joining(facts) && !facts.lanAddress.empty()) detail += kDot + trf("play.conn.friend_joins", facts.lanAddress);
        if (!facts.previousEnd.empty()) detail += kDot + trf("play.conn.last_match", facts.previousEnd);
        if (!facts.lastRefusal.empty()) detail += kDot + facts.lastRefusal;
        if (facts.keeperProblem) detail += kDot + keeperWords(*facts.keeperProblem);
        return {joining(facts) ? tr("play.state.joining") : tr("play.conn.waiting_for_player"), detail, {}, false};
    }
    case GameInfo::Connect:
        return {trf("play.conn.playing", who(facts)),
                facts.host ? std::string(tr("play.conn.dealing_first")) : trf("play.conn.deals_first", who(facts)), {},
                false};
    default: return {};
    }
}

std::string opponentLabel(const ConnectionFacts& facts) {
    if (facts.peerName.empty()) {
        return facts.info == GameInfo::ConWait ? tr("play.conn.waiting_other") : tr("play.conn.no_opponent");
    }
    return facts.peerName;
}

std::string describeEnd(const protocol::SessionEvent& ended) {
    using protocol::EndCause;
    using protocol::ShutdownReason;
    switch (ended.cause) {
    case EndCause::ShutdownThere:
        switch (ended.shutdown) {
        case ShutdownReason::WindowClosed: return tr("play.end.left");
        case ShutdownReason::MatchOver: return tr("play.end.their_games_played");
        case ShutdownReason::Interrupted: case ShutdownReason::Terminated: return tr("play.end.their_program_stopped");
        case ShutdownReason::ProtocolVersion: return tr("play.end.other_version");
        case ShutdownReason::Stalled: return tr("play.end.stalled");
        case ShutdownReason::Other: break;
        }
        return tr("play.end.they_ended");
    case EndCause::ShutdownHere:
        if (ended.shutdown == ShutdownReason::MatchOver) return tr("play.end.games_played");
        return tr("play.end.you_ended");
    case EndCause::PeerLost: return tr("play.end.peer_lost");
    case EndCause::MatchGone:
        if (ended.denial == protocol::DenyReason::NoMatch) return tr("play.end.match_gone");
        return trf("play.end.not_taken_back", denialWords(ended.denial));
    case EndCause::RecordDamaged: return tr("play.end.record_damaged");
    case EndCause::Stalled: return tr("play.end.stalled");
    case EndCause::None: break;
    }
    return tr("play.end.ended");
}

namespace {

// Why a host turned this program away, as the joining player reads it.
const char* denialKey(protocol::DenyReason reason) {
    using protocol::DenyReason;
    switch (reason) {
    case DenyReason::Busy: return "play.deny.busy";
    case DenyReason::NotInvited: return "play.deny.not_invited";
    case DenyReason::PasswordNeeded: return "play.deny.password_needed";
    case DenyReason::NoPassword: return "play.deny.no_password";
    case DenyReason::WrongPassword: return "play.deny.wrong_password";
    case DenyReason::Version: return "play.deny.version";
    case DenyReason::Held: return "play.deny.held";
    case DenyReason::NoMatch: return "play.deny.no_match";
    case DenyReason::Damaged: return "play.deny.damaged";
    }
    return "play.deny.busy";
}

// Why this host turned a player away, as the host's banner says it.
const char* refusalKey(protocol::DenyReason reason) {
    using protocol::DenyReason;
    switch (reason) {
    case DenyReason::Busy: return "play.refused.busy";
    case DenyReason::NotInvited: return "play.refused.not_invited";
    case DenyReason::PasswordNeeded: return "play.refused.password_needed";
    case DenyReason::NoPassword: return "play.refused.no_password";
    case DenyReason::WrongPassword: return "play.refused.wrong_password";
    case DenyReason::Version: return "play.refused.version";
    case DenyReason::Held: return "play.refused.held";
    case DenyReason::NoMatch: return "play.refused.no_match";
    case DenyReason::Damaged: return "play.refused.damaged";
    }
    return "play.refused.busy";
}

std::string secondsText(TimeMs ms) { return fmt::format("{:g}", static_cast<double>(ms) / 1000.0); }

const char* keeperKindKey(store::StoreProblemKind kind) {
    using Kind = store::StoreProblemKind;
    switch (kind) {
    case Kind::CannotCreateFolder: return "play.keeper.cannot_create_folder";
    case Kind::CannotUseFolder: return "play.keeper.cannot_use_folder";
    case Kind::StateLocked: return "play.keeper.state_locked";
    case Kind::CannotLockState: return "play.keeper.cannot_lock_state";
    case Kind::CannotWriteTicket: return "play.keeper.cannot_write_ticket";
    case Kind::CannotRemoveTicket: return "play.keeper.cannot_remove_ticket";
    case Kind::CannotReadTicket: return "play.keeper.cannot_read_ticket";
    case Kind::NotATicket: return "play.keeper.not_a_ticket";
    case Kind::CannotOpenJournal: return "play.keeper.cannot_open_journal";
    case Kind::JournalLocked: return "play.keeper.journal_locked";
    case Kind::NotADatabase: return "play.keeper.not_a_database";
    case Kind::JournalDamaged: return "play.keeper.journal_damaged";
    case Kind::NewerJournal: return "play.keeper.newer_journal";
    case Kind::NotAJournal: return "play.keeper.not_a_journal";
    case Kind::CannotWriteJournal: return "play.keeper.cannot_write_journal";
    case Kind::CannotReadJournal: return "play.keeper.cannot_read_journal";
    case Kind::JournalIncomplete: return "play.keeper.journal_incomplete";
    }
    return "play.keeper.cannot_write_journal";
}

// Empty for KeeperEffect::None.
const char* keeperEffectKey(store::KeeperEffect effect) {
    switch (effect) {
    case store::KeeperEffect::None: return "";
    case store::KeeperEffect::JoinsAsNewPlayer: return "play.keeper.joins_as_new";
    case store::KeeperEffect::CannotComeBack: return "play.keeper.cannot_come_back";
    case store::KeeperEffect::HostCannotTakeBack: return "play.keeper.host_cannot_take_back";
    case store::KeeperEffect::StartsNewMatch: return "play.keeper.starts_new_match";
    case store::KeeperEffect::HostWithoutResume: return "play.keeper.host_without_resume";
    }
    return "";
}

// The program that holds a port's lock, as far as its lock file says.
std::string holderWords(const store::LockHolder& holder) {
    const std::string program = holder.program.empty() ? tr("play.keeper.holder_unknown") : holder.program;
    if (holder.pid <= 0) return program;
    if (holder.hostName.empty()) return trf("play.keeper.holder_pid", program, holder.pid);
    return trf("play.keeper.holder_on", program, holder.pid, holder.hostName);
}

} // namespace

std::string keeperWords(const store::StoreProblem& problem) {
    std::string words = trf(keeperKindKey(problem.kind), problem.file.string());
    if (problem.kind == store::StoreProblemKind::StateLocked) {
        const store::LockHolder holder = problem.holder.value_or(store::LockHolder{});
        words = trf("play.keeper.state_locked", holder.port, holderWords(holder));
    }
    if (!problem.systemText.empty()) words = trf("play.keeper.because", words, problem.systemText);
    if (const std::string_view effect = keeperEffectKey(problem.effect); !effect.empty()) {
        words = trf("play.keeper.then", words, tr(effect));
    }
    return words;
}

std::string denialWords(protocol::DenyReason reason) { return tr(denialKey(reason)); }

std::string refusalWords(const JoinRefusal& refusal) {
    const bool versions = refusal.reason == protocol::DenyReason::Version && refusal.version > 0;
    const std::string why = versions ? trf("play.refused.version_numbers", refusal.version, protocol::kProtocolVersion)
                                     : tr(refusalKey(refusal.reason));
    if (refusal.name.empty()) return trf("play.refused.player", refusal.address, why);
    return trf("play.refused.player_named", refusal.address, refusal.name, why);
}

std::string failureWords(const ConnectionFailure& failure) {
    switch (failure.kind) {
    case ConnectorFailure::CannotResolve: return trf("play.fail.cannot_resolve", failure.target, failure.systemError);
    case ConnectorFailure::NoPasswordKey: return tr("play.fail.no_password_key");
    case ConnectorFailure::PortInUse: return trf("play.fail.port_in_use", failure.port);
    case ConnectorFailure::CannotBindPort: return trf("play.fail.cannot_bind", failure.port, failure.systemError);
    case ConnectorFailure::CannotOpenSocket: return trf("play.fail.cannot_open_socket", failure.systemError);
    case ConnectorFailure::NoHostAnswered:
        if (failure.portTaken) {
            return trf("play.fail.no_host_port_taken", failure.target, secondsText(failure.waitedMs), failure.port);
        }
        return trf("play.fail.no_host", failure.target, secondsText(failure.waitedMs));
    case ConnectorFailure::NoClientCame: return trf("play.fail.no_client", failure.port, secondsText(failure.waitedMs));
    case ConnectorFailure::Refused:
        if (failure.denial == protocol::DenyReason::Version && failure.peerVersion > 0) {
            return trf("play.fail.version", failure.target, failure.peerVersion, protocol::kProtocolVersion);
        }
        return trf("play.fail.refused", failure.target, denialWords(failure.denial));
    case ConnectorFailure::None: break;
    }
    return {};
}

} // namespace speed::client
