#pragma once

#include "deck/DeckCatalog.hpp"
#include "deck/DeckImage.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace speed::client::deck {

struct DeckRender {
    DeckImage image;                  // empty when the deck could not be drawn at all
    std::string error;                // why not: "cannot read /usr/share/...: ..."
};

// The largest card of the deck's own shape (height / width `aspect`) that fits a place of
// slotWidth x slotHeight pixels, at least 1 x 1.
PixelRect fitCard(int slotWidth, int slotHeight, double aspect);

// Draws every card of `deck` with librsvg at the size a place of slotWidth x slotHeight pixels
// asks for: the card keeps the deck's shape and fits the place. Slow (tens to hundreds of
// milliseconds): called off the window's loop.
DeckRender renderDeck(const DeckInfo& deck, int slotWidth, int slotHeight);

// An SVG document drawn to fill width x height pixels, as straight RGBA rows; empty with `error`
// when it cannot be read or drawn. For small pictures (the window's icon); no SFML here.
struct SvgPicture {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;
    std::string error;
};
SvgPicture drawSvg(std::string_view document, int width, int height);

} // namespace speed::client::deck
