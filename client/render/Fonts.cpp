#include "render/Fonts.hpp"

#include "text/Words.hpp"

namespace speed::client {

const sf::Font& Fonts::regular() const {
    return hasJapanese && language() == Language::Japanese ? japanese : latinRegular;
}

const sf::Font& Fonts::bold() const {
    if (!hasJapanese || language() != Language::Japanese) return latinBold;
    return hasJapaneseBold ? japaneseBold : japanese;
}

std::string loadJapaneseFont(Fonts& fonts, const std::string& path, const std::string& boldPath) {
    fonts.hasJapanese = !path.empty() && fonts.japanese.loadFromFile(path);
    fonts.hasJapaneseBold = fonts.hasJapanese && !boldPath.empty() && fonts.japaneseBold.loadFromFile(boldPath);
    if (fonts.hasJapanese) return {};
    if (path.empty()) return "no Japanese font found (install the fonts-noto-cjk package)";
    return "cannot load the Japanese font " + path + " (install the fonts-noto-cjk package)";
}

std::string loadFonts(Fonts& fonts, const std::string& regularPath, const std::string& boldPath) {
    if (regularPath.empty()) return "no Latin font found (install the fonts-dejavu-core package)";
    const std::string& bold = boldPath.empty() ? regularPath : boldPath;
    for (auto [font, path] : {std::pair{&fonts.latinRegular, &regularPath}, std::pair{&fonts.latinBold, &bold}}) {
        if (!font->loadFromFile(*path)) return "cannot load font " + *path + " (install the fonts-dejavu-core package)";
    }
    return {};
}

} // namespace speed::client
