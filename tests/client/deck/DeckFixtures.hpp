#pragma once

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

// Small decks written by the tests: each card a rectangle of its own colour, so that a test can
// tell from a pixel which card landed in which cell.
namespace speed::client::deck::test {

class TempFolder {
public:
    TempFolder() {
        std::string pattern = (std::filesystem::temp_directory_path() / "speed-deck-XXXXXX").string();
        m_path = ::mkdtemp(pattern.data()) != nullptr ? std::filesystem::path(pattern) : std::filesystem::path();
    }
    ~TempFolder() {
        std::error_code error;
        std::filesystem::permissions(m_path, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, error);
        std::filesystem::remove_all(m_path, error);
    }
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;
    const std::filesystem::path& path() const { return m_path; }

private:
    std::filesystem::path m_path;
};

inline void writeFile(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

// The colour of grid cell (column, row): red = 10 * column + 5, green = 40 * row + 5, blue 200.
inline std::string cellColour(int column, int row) {
    return "rgb(" + std::to_string(10 * column + 5) + "," + std::to_string(40 * row + 5) + ",200)";
}

// An Aisleriot deck: a 13 x 5 grid of 100 x 150 cells, each filled with cellColour.
inline std::string aisleriotSvg() {
    std::string svg = R"(<svg xmlns="http://www.w3.org/2000/svg" width="1300" height="750">)";
    for (int row = 0; row < 5; ++row) {
        for (int column = 0; column < 13; ++column) {
            svg += "<rect x=\"" + std::to_string(column * 100) + "\" y=\"" + std::to_string(row * 150) +
                   "\" width=\"100\" height=\"150\" fill=\"" + cellColour(column, row) + "\"/>";
        }
    }
    return svg + "</svg>";
}

inline const char* kKdeRanks[] = {"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king"};
inline const char* kKdeSuits[] = {"club", "diamond", "heart", "spade"};

// A KDE deck: one element per card ("5_spade") at a place of its own inside a moved group; a
// card of suit s and rank r coloured cellColour(r - 1, s) in kKdeSuits' order; the back
// cellColour(2, 4); a joker only when asked.
inline std::string kdeSvg(bool withJoker, const std::string& leaveOut = {}) {
    std::string svg = R"svg(<svg xmlns="http://www.w3.org/2000/svg" width="2000" height="1000"><g transform="translate(40,20)">)svg";
    const auto card = [&](const std::string& id, int x, int y, const std::string& colour) {
        if (id == leaveOut) return;
        svg += "<g id=\"" + id + "\"><rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
               "\" width=\"80\" height=\"120\" fill=\"" + colour + "\"/></g>";
    };
    for (int suit = 0; suit < 4; ++suit) {
        for (int rank = 1; rank <= 13; ++rank) {
            card(std::string(kKdeRanks[rank - 1]) + "_" + kKdeSuits[suit], (rank - 1) * 100, suit * 150, cellColour(rank - 1, suit));
        }
    }
    card("back", 0, 700, cellColour(2, 4));
    if (withJoker) card("red_joker", 100, 700, cellColour(1, 4));
    return svg + "</g></svg>";
}

inline void writeKdeDeck(const std::filesystem::path& dataDir, const std::string& folder, const std::string& name,
                         const std::string& svg, const std::string& extra = {}) {
    writeFile(dataDir / "carddecks" / folder / "deck.svg", svg);
    writeFile(dataDir / "carddecks" / folder / "index.desktop",
              "[KDE Backdeck]\nName=" + name + "\n" + extra + "SVG=deck.svg\nBack=" + name + "\n");
}

} // namespace speed::client::deck::test
