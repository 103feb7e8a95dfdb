#pragma once

namespace speed::client {

// A spot on the table a card can be taken from or dropped on.
enum class PlaceKind { Deck, HandSlot, Pile };

struct Place {
    PlaceKind kind = PlaceKind::HandSlot;
    int seat = 0;  // Deck, HandSlot: whose; Pile: unused (0)
    int index = 0; // HandSlot: slot; Pile: field pile; Deck: unused (0)

    static Place deck(int seat) { return {PlaceKind::Deck, seat, 0}; }
    static Place handSlot(int seat, int slot) { return {PlaceKind::HandSlot, seat, slot}; }
    static Place pile(int pile) { return {PlaceKind::Pile, 0, pile}; }
    friend bool operator==(const Place&, const Place&) = default;
};

} // namespace speed::client
