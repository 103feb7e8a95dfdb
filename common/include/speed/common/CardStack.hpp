#pragma once

#include "speed/common/Card.hpp"

#include <array>
#include <cassert>
#include <cstdint>

namespace speed {

// A pile of cards with fixed capacity, stored inline so a whole game state copies
// without allocating. Index 0 is the bottom; top() is the last card.
class CardStack {
public:
    static constexpr int kCapacity = 54;

    int size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    Card top() const { assert(m_size > 0); return m_cards[static_cast<std::size_t>(m_size - 1)]; }
    Card operator[](int i) const { assert(i >= 0 && i < m_size); return m_cards[static_cast<std::size_t>(i)]; }

    void push(Card card) { assert(m_size < kCapacity); m_cards[static_cast<std::size_t>(m_size++)] = card; }
    Card pop() { assert(m_size > 0); return m_cards[static_cast<std::size_t>(--m_size)]; }
    void clear() { m_size = 0; }

    const Card* begin() const { return m_cards.data(); }
    const Card* end() const { return m_cards.data() + m_size; }

    friend bool operator==(const CardStack& a, const CardStack& b) {
        if (a.m_size != b.m_size) return false;
        for (int i = 0; i < a.m_size; ++i) {
            if (!(a[i] == b[i])) return false;
        }
        return true;
    }

private:
    std::array<Card, kCapacity> m_cards{};
    std::uint8_t m_size = 0;
};

} // namespace speed
