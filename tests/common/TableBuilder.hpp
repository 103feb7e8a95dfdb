#pragma once

// Builds hand-made tables for rule tests from the protocol's card codes, e.g.
//   Table().deck(0, "S1 S2").hand(0, "H5 -- JJ --").pile(0, "D3").state()
// Deck strings list bottom first, so the last code is the top card.
#include "speed/common/GameState.hpp"

#include <sstream>
#include <stdexcept>
#include <string>

namespace speed::test {

inline Card card(const std::string& code) {
    const CardParse parsed = parseCard(code);
    if (!parsed.card) throw std::invalid_argument(parsed.error);
    return *parsed.card;
}

class Table {
public:
    Table() { m_state.rules.jokers = 2; }
    Table& rules(const RuleOptions& rules) { m_state.rules = rules; return *this; }
    Table& deck(int seat, const std::string& codes) {
        std::istringstream in(codes);
        for (std::string code; in >> code;) m_state.player(seat).deck.push(card(code));
        return *this;
    }
    Table& hand(int seat, const std::string& codes) {
        std::istringstream in(codes);
        std::size_t slot = 0;
        for (std::string code; in >> code; ++slot) {
            if (code != "--") m_state.player(seat).hand.at(slot) = card(code);
        }
        return *this;
    }
    Table& pile(int index, const std::string& codes) {
        std::istringstream in(codes);
        for (std::string code; in >> code;) m_state.pile(index).push(card(code));
        return *this;
    }
    GameState state() const { return m_state; }

private:
    GameState m_state;
};

} // namespace speed::test
