#pragma once

#include "speed/common/Card.hpp"

#include <cstdint>
#include <string>

namespace speed {

enum class MoveKind : std::uint8_t {
    Play,   // a hand card onto a field pile
    Refill, // the deck's top card into an empty hand slot
    Flip,   // "SPEED!": both seats turn one card onto their field pile at once
};

struct Move {
    MoveKind kind = MoveKind::Play;
    int seat = 0;
    int slot = 0; // hand slot (Play, Refill)
    int pile = 0; // field pile (Play)
    Card card;    // the card the mover believes is in `slot` (Play)

    static Move play(int seat, int slot, Card card, int pile) { return {MoveKind::Play, seat, slot, pile, card}; }
    static Move refill(int seat, int slot) { return {MoveKind::Refill, seat, slot, 0, Card{}}; }
    static Move flip() { return {MoveKind::Flip, 0, 0, 0, Card{}}; }

    friend bool operator==(const Move&, const Move&) = default;
};

// Human-readable, for logs: "seat 1 plays H5 from slot 2 on pile 0".
std::string describe(const Move& move);

} // namespace speed
