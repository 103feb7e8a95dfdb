#pragma once

#include <SFML/Graphics/Font.hpp>

#include <string>

namespace speed::client {

// The fonts of the window: a Latin face (DejaVu Sans) for the cards and the English words, a
// Japanese face (Noto Sans CJK JP, or what the machine has) for the Japanese words. The window
// finds their files (client/app's FontLookup); these are the faces loaded from them.
struct Fonts {
    sf::Font latinRegular;
    sf::Font latinBold;
    sf::Font japanese;
    sf::Font japaneseBold;
    bool hasJapanese = false;
    bool hasJapaneseBold = false;

    // The fonts of the table's words in the current language; a Japanese face of one weight is
    // its own bold.
    const sf::Font& regular() const;
    const sf::Font& bold() const;
    // The families of the faces loaded ("DejaVu Sans", "Noto Sans CJK JP"); empty when none.
    std::string latinName() const { return latinRegular.getInfo().family; }
    std::string japaneseName() const { return hasJapanese ? japanese.getInfo().family : std::string(); }
};

// Loads the Latin faces (no bold file: the regular one stands in); returns an error naming the
// file that would not load.
std::string loadFonts(Fonts& fonts, const std::string& regularPath, const std::string& boldPath);
// Loads the Japanese face, and its bold one when `boldPath` is not empty; returns an error naming
// the file and the package that has the face (a missing bold face is no error).
std::string loadJapaneseFont(Fonts& fonts, const std::string& path, const std::string& boldPath);

} // namespace speed::client
