#include "match/ShownTable.hpp"

#include "match/MoveInference.hpp"

#include "speed/common/Referee.hpp"
#include "speed/protocol/TableView.hpp"

#include <algorithm>

namespace speed::client {

void ShownTable::startGame(std::uint32_t game, const GameState& table, int movesBefore, int flipsBefore) {
    m_game = game;
    m_table = table;
    m_ownMoves.clear();
    m_lastApplied.clear();
    m_replaying.clear();
    m_moves = movesBefore;
    m_flips = flipsBefore;
}

void ShownTable::follow(const protocol::SessionEvent& event, std::vector<AppliedMove>& out, const GameState& blank) {
    using protocol::SessionEventKind;
    switch (event.kind) {
    case SessionEventKind::GameStarted:
        startGame(event.game, event.table ? *event.table : blank, event.movesBefore, event.flipsBefore);
        break;
    case SessionEventKind::MoveApplied:
        if (event.move) applied(event.game, *event.move, out);
        break;
    case SessionEventKind::Rewound:
        if (event.table) rebase(event.game, *event.table, event.undone);
        break;
    default: break;
    }
}

void ShownTable::ownMoveShown(const Move& move) {
    m_ownMoves.push_back(move);
    if (m_ownMoves.size() > kMaxOwnMoves) m_ownMoves.erase(m_ownMoves.begin());
}

bool ShownTable::takeOwn(const Move& move) {
    const auto own = std::find(m_ownMoves.begin(), m_ownMoves.end(), move);
    if (own == m_ownMoves.end()) return false;
    m_ownMoves.erase(own);
    return true;
}

void ShownTable::applied(std::uint32_t game, const Move& move, std::vector<AppliedMove>& out) {
    if (game != m_game) return;
    const GameState before = m_table;
    if (applyMove(m_table, move) != MoveError::None) return; // out of step: the next catchUp bridges it
    ++m_moves;
    if (move.kind == MoveKind::Flip) ++m_flips;
    m_lastApplied.push_back(move);
    if (m_lastApplied.size() > kKeptApplied) m_lastApplied.pop_front();
    const auto replayed = std::find(m_replaying.begin(), m_replaying.end(), move);
    if (replayed != m_replaying.end()) { // on its pile since before the rewind: it stays put
        m_replaying.erase(replayed);
        return;
    }
    if (!takeOwn(move)) out.push_back({move, before, m_table});
}

void ShownTable::catchUp(std::uint32_t game, const GameState& confirmed, std::vector<AppliedMove>& out) {
    if (game == 0 || game != m_game || protocol::sameTable(m_table, confirmed)) return;
    for (AppliedMove& record : inferMoves(m_table, confirmed)) {
        ++m_moves;
        if (record.move.kind == MoveKind::Flip) ++m_flips;
        if (!takeOwn(record.move)) out.push_back(std::move(record));
    }
    m_table = confirmed;
    m_replaying.clear(); // the table is the host's again, whatever came of them
}

bool ShownTable::refused(const Move& move) { return takeOwn(move); }

void ShownTable::rebase(std::uint32_t game, const GameState& table, int undone) {
    if (game == 0 || game != m_game) return;
    m_table = table;
    m_moves = std::max(0, m_moves - undone);
    m_replaying.clear();
    for (int i = 0; i < undone && !m_lastApplied.empty(); ++i) {
        m_replaying.push_back(m_lastApplied.back());
        m_lastApplied.pop_back();
    }
}

} // namespace speed::client
