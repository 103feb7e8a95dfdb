#include "speed/protocol/HostSession.hpp"

#include <algorithm>
#include <memory>

// A host that restarts takes its match back from the journal (docs/NETWORK.md, "Coming back"):
// the session it had, the game dealt again from its seed, every move and flip replayed in order.
// Its client's seat is held, the game paused, until that client comes back with the session.
namespace speed::protocol {

namespace {

using Entries = std::vector<JournalEntry>;

// The moves of the game that starts at `first`, those taken back left out; empty `problem`
// when the journal holds together.
std::vector<Move> movesKept(Entries::const_iterator first, Entries::const_iterator end, std::string& problem) {
    std::vector<Move> history;
    for (auto entry = first; entry != end; ++entry) {
        if (entry->game != first->game) {
            problem =
                "the journal mixes game " + std::to_string(entry->game) + " into game " + std::to_string(first->game);
            return {};
        }
        if (entry->change == JournalChange::Move || entry->change == JournalChange::Flip)
            history.push_back(entry->move);
        if (entry->change == JournalChange::Rewind) { // the plays from `move` on were taken back
            const auto undone = std::find(history.rbegin(), history.rend(), entry->move);
            if (undone == history.rend()) {
                problem = "the journal takes back a move game " + std::to_string(entry->game) + " never made";
                return {};
            }
            history.erase(std::prev(undone.base()), history.end());
        }
    }
    return history;
}

} // namespace

std::string HostSession::restore(TimeMs now, const MatchRecord& record, TimeMs lastHeardAt) {
    if (gameInfo() != GameInfo::Nothing || m_link.locked()) return "only a new host session restores a match";
    const Entries& entries = record.entries;
    const auto deal = std::find_if(entries.rbegin(), entries.rend(),
                                   [](const JournalEntry& entry) { return entry.change == JournalChange::Deal; });
    const auto first = deal == entries.rend() ? entries.end() : std::prev(deal.base());
    // The journal keeps the cards' rules; how races are decided is this program's own setting
    // (the client follows the RULES of the next UPDATE).
    const Arbitration arbitration = m_config.rules.arbitration;
    if (first != entries.end()) {
        std::string problem;
        const std::vector<Move> history = movesKept(first, entries.end(), problem);
        if (!problem.empty()) return problem;
        RuleOptions rules = first->rules;
        rules.arbitration = arbitration;
        if (first->game == 0 || !m_match.restore(rules, first->seed, static_cast<int>(first->game), history,
                                                 entries.back().elapsedMs, now)) {
            return "the moves the journal keeps of game " + std::to_string(first->game) + " do not replay";
        }
    }
    takeSessionBack(now, record.session);
    if (first != entries.end()) restoreGame(now, first, entries.end());
    m_link.assumeSilent(lastHeardAt);
    emitText(now, SessionEventKind::PeerSilent,
             "restored from the journal; waiting for " + peerName() + " to come back");
    refreshInfo(now, "restored from the journal");
    return {};
}

// The journal's game cannot be trusted, its session can: the client is asked back as after any
// restore, and its RESUME is answered DENY DAMAGED (HostSessionHandshake.cpp), so that both
// sides end the match at once instead of playing on from a table older than the client's.
void HostSession::restoreDamaged(TimeMs now, const JournalSession& session, TimeMs lastHeardAt, std::string damage) {
    if (gameInfo() != GameInfo::Nothing || m_link.locked()) return;
    m_recordDamage = damage.empty() ? std::string("the journal cannot prove it is complete") : std::move(damage);
    takeSessionBack(now, session);
    m_link.assumeSilent(lastHeardAt);
    emitText(now, SessionEventKind::PeerSilent,
             "the journal is damaged (" + m_recordDamage + "); waiting for " + peerName() + " to tell it so");
    refreshInfo(now, "restored a damaged journal's session");
}

// The journal's session: its keys, its client's address and name, its deal seed and rules. The
// client's program still has this session, but not the SEQ this process would start from: the
// match goes on only once it comes back with a new one (RESUME).
void HostSession::takeSessionBack(TimeMs now, const JournalSession& session) {
    // The journal keeps the cards' rules; how races are decided is this program's own setting.
    const Arbitration arbitration = m_config.rules.arbitration;
    m_config.dealSeed = session.dealSeed;
    m_config.rules = session.rules;
    m_config.rules.arbitration = arbitration;
    beginWaiting(now, "restoring the match from the journal");
    m_link.lockPeer(session.peer);
    keySession(session.clientNonce, session.hostNonce);
    m_link.retireKeys();
    m_nextRekeyAt = now; // REKEY (the one datagram it sends under them) at the first tick, then every second
    m_waitingForAckSince = now;
    connected(now, session.peerName);
}

// What the host kept of the replayed game, as its last journal entry left it: the revision,
// the proposals decided and their answers, the pause. The client is silent until it comes back.
void HostSession::restoreGame(TimeMs now, std::vector<JournalEntry>::const_iterator first,
                              std::vector<JournalEntry>::const_iterator end) {
    const JournalEntry& last = *std::prev(end);
    m_revision = last.revision;
    m_game.nextProposal = last.lastProposal + 1;
    m_game.lastDecided = last.lastProposal;
    m_game.userPause = last.userPause;
    m_game.resumeAsked = last.resumeAsked;
    m_game.silencePause = !m_match.over();
    m_game.ackedRevision = m_revision; // nobody to send it to until the client is back
    m_game.speedCallAnnounced = m_match.speedCalled();
    if (last.change == JournalChange::Move || last.change == JournalChange::Flip) m_game.change = last.move;
    for (auto entry = first; entry != end; ++entry) {
        if (entry->proposal == 0) continue;
        m_game.verdicts[entry->proposal] =
            Verdict{entry->change == JournalChange::Move, entry->refusal, entry->revision};
    }
    m_phase = currentPhase();
    setupArbitration();
    announceRestoredGame(now);
    if (m_match.over()) noteGameOver(now - m_config.timing.match.resultHoldMs, gameNumber(), m_match.state().result);
}

// The game taken back starts for whoever draws this seat as any game does (GameStarted), on its
// table as replayed and with the moves it had: its statistics count them all, and the moves
// applied from here on follow a game it knows.
void HostSession::announceRestoredGame(TimeMs now) {
    SessionEvent started;
    started.kind = SessionEventKind::GameStarted;
    started.at = now;
    started.game = gameNumber();
    started.table = std::make_shared<const GameState>(m_match.state());
    started.movesBefore = m_match.moves() + m_match.flips();
    started.flipsBefore = m_match.flips();
    started.text = "game " + std::to_string(gameNumber()) + " taken back from the journal at revision " +
                   std::to_string(m_revision) + ", " + std::to_string(started.movesBefore) + " moves in";
    emit(std::move(started));
}

} // namespace speed::protocol
