#pragma once

#include <SFML/Graphics/Font.hpp>

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

} // namespace speed::client
