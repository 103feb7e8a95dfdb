#pragma once

#include "speed/common/Card.hpp"

#include <SFML/Graphics/Font.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderTexture.hpp>

#include <string>

namespace speed::client {

// The fonts of the window: DejaVu Sans (fonts-dejavu-core) for the cards and the English words,
// IPAGothic (fonts-ipafont-gothic) for the Japanese words.
struct Fonts {
    sf::Font latinRegular;
    sf::Font latinBold;
    sf::Font japanese;
    bool hasJapanese = false;

    // The fonts of the table's words in the current language; Japanese has one weight.
    const sf::Font& regular() const;
    const sf::Font& bold() const;
};

// Loads DejaVuSans(.ttf, -Bold.ttf) from `directory`; returns an error naming the missing file.
std::string loadFonts(Fonts& fonts, const std::string& directory);
// Loads the Japanese font; returns an error naming the file and the package that has it.
std::string loadJapaneseFont(Fonts& fonts, const std::string& path);

// All 54 faces (53 distinct: the two jokers look alike) and the back, drawn by code into one
// texture atlas at about twice the on-screen size, mipmapped, so cards stay crisp at any size.
class CardArt {
public:
    explicit CardArt(const Fonts& fonts) : m_fonts(fonts) {}

    // (Re)draws the atlas for cards shown `cardWidthPx` wide; cheap to call when nothing changed.
    bool build(float cardWidthPx);

    const sf::Texture& texture() const { return m_atlas.getTexture(); }
    sf::IntRect faceRect(Card card) const;
    sf::IntRect backRect() const;

private:
    sf::IntRect cell(int column, int row) const;
    void drawFace(Card card, sf::Vector2f origin);
    void drawBack(sf::Vector2f origin);
    void drawCorner(const std::string& rank, const std::string& suit, sf::Color color, sf::Vector2f at, float angle);
    void drawCenter(Card card, sf::Vector2f origin, sf::Color color);

    const Fonts& m_fonts;
    sf::RenderTexture m_atlas;
    unsigned m_artWidthPx = 0;
    unsigned m_artHeightPx = 0;
};

} // namespace speed::client
