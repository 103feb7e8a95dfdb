#include "speed/protocol/HostSession.hpp"

#include <algorithm>

// A host that restarts takes its match back from the journal (docs/NETWORK.md, "Coming back"):
// the session it had, the game dealt again from its seed, every move and flip replayed in order.
// Its client's seat is held, the game paused, until that client comes back with the session.
namespace speed::protocol {

std::string HostSession::restore(TimeMs now, const MatchRecord& record, TimeMs lastHeardAt) {
    if (gameInfo() != GameInfo::Nothing || m_link.locked()) return "only a new host session restores a match";
    const auto deal = std::find_if(record.entries.rbegin(), record.entries.rend(),
                                   [](const JournalEntry& entry) { return entry.change == JournalChange::Deal; });
    const auto first = deal == record.entries.rend() ? record.entries.end() : std::prev(deal.base());
    std::vector<Move> history;
    for (auto entry = first; entry != record.entries.end(); ++entry) {
        if (entry->game != first->game) return "the journal mixes game " + std::to_string(entry->game) + " into game " +
                                               std::to_string(first->game);
        if (entry->change == JournalChange::Move || entry->change == JournalChange::Flip) history.push_back(entry->move);
        if (entry->change == JournalChange::Rewind) { // the plays from `move` on were taken back
            const auto undone = std::find(history.rbegin(), history.rend(), entry->move);
            if (undone == history.rend()) return "the journal takes back a move game " + std::to_string(entry->game) + " never made";
            history.erase(std::prev(undone.base()), history.end());
        }
    }
    // The journal keeps the cards' rules; how races are decided is this program's own setting
    // (the client follows the RULES of the next UPDATE).
    const Arbitration arbitration = m_config.rules.arbitration;
    if (first != record.entries.end()) {
        const JournalEntry& last = record.entries.back();
        RuleOptions rules = first->rules;
        rules.arbitration = arbitration;
        if (first->game == 0 || !m_match.restore(rules, first->seed, static_cast<int>(first->game), history, last.elapsedMs, now)) {
            return "the moves the journal keeps of game " + std::to_string(first->game) + " do not replay";
        }
    }
    m_config.dealSeed = record.session.dealSeed;
    m_config.rules = record.session.rules;
    m_config.rules.arbitration = arbitration;
    beginWaiting(now, "restoring the match from the journal");
    m_link.lockPeer(record.session.peer);
    keySession(record.session.clientNonce, record.session.hostNonce);
    // The client's program still has this session, but not the SEQ this process would start
    // from: the match goes on only once it comes back with a new one (RESUME).
    m_link.retireKeys();
    m_nextRekeyAt = now; // REKEY (the one datagram it sends under them) at the first tick, then every second
    connected(now, record.session.peerName);
    if (first != record.entries.end()) {
        const JournalEntry& last = record.entries.back();
        m_revision = last.revision;
        m_game.nextProposal = last.lastProposal + 1;
        m_game.lastDecided = last.lastProposal;
        m_game.userPause = last.userPause;
        m_game.resumeAsked = last.resumeAsked;
        m_game.silencePause = !m_match.over();
        m_game.ackedRevision = m_revision; // nobody to send it to until the client is back
        m_game.speedCallAnnounced = m_match.speedCalled();
        if (last.change == JournalChange::Move || last.change == JournalChange::Flip) m_game.change = last.move;
        for (auto entry = first; entry != record.entries.end(); ++entry) {
            if (entry->proposal == 0) continue;
            m_game.verdicts[entry->proposal] = Verdict{entry->change == JournalChange::Move, entry->refusal, entry->revision};
        }
        m_phase = currentPhase();
        setupFair();
        if (m_match.over()) noteGameOver(now - m_config.timing.match.resultHoldMs, gameNumber(), m_match.state().result);
    }
    m_link.assumeSilent(lastHeardAt);
    emitText(now, SessionEventKind::PeerSilent, "restored from the journal; waiting for " + peerName() + " to come back");
    refreshInfo(now, "restored from the journal");
    return {};
}

} // namespace speed::protocol
