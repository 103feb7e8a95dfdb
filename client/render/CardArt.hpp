#pragma once

#include "deck/DeckImage.hpp"
#include "render/Fonts.hpp"
#include "speed/common/Card.hpp"
#include "table/Geometry.hpp"

#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTexture.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace speed::client {

// A back other than the deck's own: the back the game draws, or another deck's (its pixels).
struct BackPicture {
    bool drawn = false; // the built-in back
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> rgba;
};

// The card texture the table draws from: all 54 faces (53 distinct: the two jokers look alike)
// and the back in one atlas (deck::DeckImage's layout). The cards drawn by code are always made,
// at about twice the on-screen size and mipmapped, so cards stay crisp at any size; an installed
// deck's pictures (drawn elsewhere, at the size shown) replace them once they are ready.
class CardArt {
public:
    explicit CardArt(const Fonts& fonts) : m_fonts(fonts) {}

    // (Re)draws the drawn cards for cards shown `cardWidthPx` wide; cheap when nothing changed.
    bool build(float cardWidthPx);
    // Shows a deck's pictures instead, a card the deck lacks drawn by code; false when the
    // texture cannot be made (the drawn cards stay). A deck that lacks a card needs build() first.
    bool useDeck(const deck::DeckImage& image, const BackPicture* back = nullptr);
    void useBuiltIn() { m_deckShown = false; }
    bool usesDeck() const { return m_deckShown; }
    bool built() const { return m_artWidthPx > 0; }

    const sf::Texture& texture() const {
        if (!m_deckShown) return m_shownAtlas.getTexture();
        return m_deckComposed ? m_deckAtlas.getTexture() : m_deckPictures;
    }
    sf::IntRect faceRect(Card card) const;
    sf::IntRect backRect() const;
    // Where a card lies in a place of the table: a deck keeps its own shape, centred in the
    // place; the drawn cards fill it.
    Rect fitted(const Rect& place) const;

private:
    sf::IntRect cell(int column, int row) const;
    sf::IntRect deckCell(deck::AtlasCell at) const;
    void drawFace(Card card, sf::Vector2f origin);
    void drawBack(sf::Vector2f origin);
    void drawCorner(const std::string& rank, const std::string& suit, sf::Color color, sf::Vector2f at, float angle);
    void drawCenter(Card card, sf::Vector2f origin, sf::Color color);

    const Fonts& m_fonts;
    sf::RenderTexture m_atlas;      // drawn at twice the size shown (SFML's shapes have no smoothing of their own)
    sf::RenderTexture m_shownAtlas; // ... and halved once, smoothly, to the size shown
    unsigned m_artWidthPx = 0;
    unsigned m_artHeightPx = 0;
    sf::Texture m_deckPictures;   // the deck's atlas as drawn
    sf::RenderTexture m_deckAtlas; // with the drawn cards for those the deck lacks, when it lacks any
    bool m_deckComposed = false;
    bool m_deckShown = false;
    int m_deckCardWidthPx = 0;
    int m_deckCardHeightPx = 0;
};

} // namespace speed::client
