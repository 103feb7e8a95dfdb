#include "render/Fonts.hpp"

#include "text/Words.hpp"

#include <utility>

namespace speed::client {

const sf::Font& Fonts::regular() const {
    return hasJapanese && language() == Language::Japanese ? japanese : latinRegular;
}

const sf::Font& Fonts::bold() const { return hasJapanese && language() == Language::Japanese ? japanese : latinBold; }

std::string loadJapaneseFont(Fonts& fonts, const std::string& path) {
    fonts.hasJapanese = !path.empty() && fonts.japanese.loadFromFile(path);
    if (fonts.hasJapanese) return {};
    return "cannot load the Japanese font " + path + " (install the fonts-ipafont-gothic package)";
}

std::string loadFonts(Fonts& fonts, const std::string& directory) {
    for (auto [font, name] : {std::pair{&fonts.latinRegular, "DejaVuSans.ttf"}, std::pair{&fonts.latinBold, "DejaVuSans-Bold.ttf"}}) {
        const std::string path = directory + "/" + name;
        if (!font->loadFromFile(path)) return "cannot load font " + path + " (install the fonts-dejavu-core package)";
    }
    return {};
}

} // namespace speed::client
