#pragma once

#include "deck/DeckLoader.hpp"

#include <SFML/Graphics/Texture.hpp>

#include <filesystem>
#include <optional>
#include <string>

namespace speed::client::ui {

// A few cards of a deck and its back, side by side, for Settings > Cards: drawn on a loader's
// thread of its own (the table's is not disturbed), shown when they are ready.
class CardPreview {
public:
    explicit CardPreview(const std::filesystem::path& cacheFolder) : m_loader(deck::DeckCache(cacheFolder)) {}

    // Draws the preview of `deck` with cards `cardWidthPx` wide, or says it is being drawn or
    // why it cannot be; nothing for no deck (the built-in cards).
    void draw(const deck::DeckInfo* deck, float cardWidthPx, bool backOnly = false);

private:
    deck::DeckLoader m_loader;
    sf::Texture m_texture;
    std::filesystem::path m_shownFile; // the deck in m_texture
    int m_cardWidthPx = 0;
    int m_cardHeightPx = 0;
    bool m_hasJoker = true;
    std::string m_error; // the deck last asked for cannot be drawn
};

} // namespace speed::client::ui
