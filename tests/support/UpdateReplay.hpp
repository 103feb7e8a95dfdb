#pragma once

// What each UPDATE says, applied to the table of the revision before it: a model of
// docs/PROTOCOL.md's CHANGE written apart from ClientSession's, for the tests that check that
// the previous table and what the UPDATE says make the new table, exactly (rewinds included).
#include "speed/common/Referee.hpp"
#include "speed/protocol/Message.hpp"
#include "speed/protocol/TableView.hpp"

#include <string>
#include <vector>

namespace speed::protocol::test {

class UpdateReplay {
public:
    // One UPDATE the host sent, in the order sent: empty when it fits the revision before it (or
    // is a resend, or a deal), else what does not fit.
    std::string take(const Update& update) {
        if (!update.header) return {};
        const SnapshotHeader& header = *update.header;
        const StateFromView rebuilt = stateFromView(update.table, kHostSeat, header.rules);
        if (!rebuilt.state) return "revision " + std::to_string(header.revision) + " does not rebuild";
        if (header.game != m_game) { // a deal: there is nothing before it
            m_game = header.game;
            follow(header, *rebuilt.state);
            m_beforeMoves.clear();
            return {};
        }
        if (header.revision <= m_revision) return {}; // a resend
        if (header.revision != m_revision + 1) {      // never sent (no client then): start again from it
            ++skipped;
            m_beforeMoves.clear();
            follow(header, *rebuilt.state);
            return {};
        }
        const std::string problem = apply(header, *rebuilt.state);
        follow(header, *rebuilt.state);
        return problem;
    }

    int rewinds = 0;   // revisions that undid plays first
    int takenBack = 0; // revisions that took a play back
    int skipped = 0;   // revisions that never went out

private:
    std::string apply(const SnapshotHeader& header, const GameState& received) {
        const std::string at = "revision " + std::to_string(header.revision) + ": ";
        GameState expected = m_table;
        if (header.takenBack) {
            ++takenBack;
            // Its card went home with the rewind (to its slot, or to the deck with the refill it
            // came from): it is on no pile.
            const Move back = moveSeenFrom(*header.takenBack, kHostSeat);
            const CardStack& pile = m_table.pile(back.pile);
            if (back.kind == MoveKind::Play && !pile.empty() && pile.top() == back.card) {
                return at + "the card taken back is still on its pile";
            }
        } else {
            if (header.undone > 0) {
                ++rewinds;
                const auto undone = static_cast<std::size_t>(header.undone);
                if (undone > m_beforeMoves.size()) return at + "it undoes more plays than were made";
                expected = m_beforeMoves[m_beforeMoves.size() - undone];
                m_beforeMoves.resize(m_beforeMoves.size() - undone);
            }
            if (header.change) {
                const Move move = moveSeenFrom(*header.change, kHostSeat);
                if (move.kind == MoveKind::Flip) m_beforeMoves.clear(); // nothing is undone across a flip
                else m_beforeMoves.push_back(expected);
                if (applyMove(expected, move) != MoveError::None) return at + "its CHANGE does not apply";
            }
        }
        if (!sameTable(expected, received)) return at + "the table before it and what it says do not make it";
        return {};
    }

    void follow(const SnapshotHeader& header, const GameState& table) {
        m_revision = header.revision;
        m_table = table;
    }

    WireNumber m_game = 0;
    WireNumber m_revision = 0;
    GameState m_table;
    std::vector<GameState> m_beforeMoves; // the table before each move since the flip, oldest first
};

} // namespace speed::protocol::test
