#pragma once

#include "table/Layout.hpp"
#include "table/Place.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace speed::client {

// A key's name shown on the table beside the place it plays (two players on one keyboard).
struct KeyCap {
    Place place;       // the hand slot, deck or field pile the key is for
    int seat = 0;      // whose key it is
    std::string label; // "1", "A", ...
    Rect box;          // where the cap is drawn
};

// The cap's box for `seat`'s key on `place`: astride the edge of the card that faces the field
// (the top edge of the bottom row, the bottom edge of the top row), so it covers neither the
// card's corners nor the name under the row; a pile's caps sit on the edge towards their player.
// `heightPx` is the cap's height; a cap is as wide as it is tall, wider for a long label.
Rect keyCapBox(const TableLayout& layout, const Place& place, int seat, int bottomSeat, float heightPx, std::size_t labelChars);

// The caps' height on this layout: a fifth of a card, never under 12 px times the UI scale (the
// letters stay readable on a small table) nor over a third of a card.
float keyCapHeight(const TableLayout& layout, float uiScale);

} // namespace speed::client
