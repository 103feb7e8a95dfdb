#pragma once

#include "speed/common/Card.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

// One picture with every card of a deck side by side (an atlas), in the layout the window's card
// texture uses whatever drew it: 13 columns of ranks A..K, a row per suit in Suit's order
// (spades, hearts, clubs, diamonds), then a row with the joker and the back. Each cell has a
// transparent gutter so that smoothing never bleeds one card into the next.
namespace speed::client::deck {

inline constexpr int kAtlasColumns = 13;
inline constexpr int kAtlasRows = 5;
inline constexpr int kAtlasPaddingPx = 4;
inline constexpr int kAtlasSlots = kAtlasColumns * kAtlasRows;

struct AtlasCell {
    int column = 0;
    int row = 0;
};
constexpr AtlasCell cellOf(Card card) {
    if (card.isJoker()) return {0, kAtlasRows - 1};
    return {card.rank() - 1, static_cast<int>(card.suit())};
}
constexpr AtlasCell backCell() { return {1, kAtlasRows - 1}; }
constexpr int slotOf(AtlasCell cell) { return cell.row * kAtlasColumns + cell.column; }

struct PixelRect {
    int left = 0;
    int top = 0;
    int width = 0;
    int height = 0;
};

// A deck's cards as pixels: cards of cardWidth x cardHeight, straight (not premultiplied) RGBA.
struct DeckImage {
    int cardWidth = 0;
    int cardHeight = 0;
    std::vector<std::uint8_t> rgba;
    // The cells the deck has no picture for (a KDE deck without a joker): transparent here,
    // drawn by the game instead.
    std::vector<bool> missing = std::vector<bool>(kAtlasSlots, false);

    int atlasWidth() const { return kAtlasColumns * (cardWidth + 2 * kAtlasPaddingPx); }
    int atlasHeight() const { return kAtlasRows * (cardHeight + 2 * kAtlasPaddingPx); }
    std::size_t byteCount() const { return static_cast<std::size_t>(atlasWidth()) * static_cast<std::size_t>(atlasHeight()) * 4; }
    PixelRect rectOf(AtlasCell cell) const {
        return {cell.column * (cardWidth + 2 * kAtlasPaddingPx) + kAtlasPaddingPx,
                cell.row * (cardHeight + 2 * kAtlasPaddingPx) + kAtlasPaddingPx, cardWidth, cardHeight};
    }
    bool isMissing(AtlasCell cell) const { return missing[static_cast<std::size_t>(slotOf(cell))]; }
    // The cards the deck has no picture for, by name ("joker"): what the game says it draws.
    std::vector<std::string> missingCards() const {
        std::vector<std::string> names;
        for (int index = 0; index < Card::kDistinctCodes; ++index) {
            const Card card = Card::fromIndex(index);
            if (isMissing(cellOf(card))) names.push_back(card.isJoker() ? "joker" : card.code());
        }
        return names;
    }
    bool empty() const { return rgba.empty(); }

    // One card's pixels, cardWidth x cardHeight RGBA (another deck's back, shown with these faces).
    std::vector<std::uint8_t> cardPixels(AtlasCell cell) const {
        std::vector<std::uint8_t> out(static_cast<std::size_t>(cardWidth) * static_cast<std::size_t>(cardHeight) * 4);
        if (empty()) return out;
        const PixelRect from = rectOf(cell);
        const std::size_t rowBytes = static_cast<std::size_t>(cardWidth) * 4;
        for (int y = 0; y < cardHeight; ++y) {
            const std::size_t at = (static_cast<std::size_t>(from.top + y) * static_cast<std::size_t>(atlasWidth()) +
                                    static_cast<std::size_t>(from.left)) * 4;
            std::copy_n(rgba.begin() + static_cast<std::ptrdiff_t>(at), rowBytes,
                        out.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(y) * rowBytes));
        }
        return out;
    }
};

} // namespace speed::client::deck
