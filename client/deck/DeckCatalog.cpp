#include "deck/DeckCatalog.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <system_error>

namespace speed::client::deck {
namespace {

namespace fs = std::filesystem;

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

bool isSvg(const fs::path& path) {
    const std::string extension = lower(path.extension().string());
    return extension == ".svg" || extension == ".svgz";
}

bool looksFourColour(std::string_view text) {
    const std::string words = lower(text);
    return words.find("4 colo") != std::string::npos || words.find("4_colo") != std::string::npos ||
           words.find("four colo") != std::string::npos;
}

std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r");
    return std::string(text.substr(first, last - first + 1));
}

// The keys of index.desktop's [KDE Backdeck] group that a deck needs: Name, Name[ja], SVG.
std::map<std::string, std::string> readKdeIndex(const fs::path& index) {
    std::map<std::string, std::string> keys;
    std::ifstream in(index);
    std::string line;
    bool inGroup = false;
    while (std::getline(in, line)) {
        const std::string text = trim(line);
        if (text.empty() || text.front() == '#') continue;
        if (text.front() == '[') {
            inGroup = text == "[KDE Backdeck]";
            continue;
        }
        const auto equals = text.find('=');
        if (!inGroup || equals == std::string::npos) continue;
        keys.emplace(trim(std::string_view(text).substr(0, equals)), trim(std::string_view(text).substr(equals + 1)));
    }
    return keys;
}

// Each deck once, by its place under a data folder: the first folder that has it wins.
void addDeck(std::vector<DeckInfo>& decks, std::vector<std::string>& seen, const std::string& relative, DeckInfo deck) {
    if (std::find(seen.begin(), seen.end(), relative) != seen.end()) return;
    seen.push_back(relative);
    decks.push_back(std::move(deck));
}

std::vector<fs::path> sortedEntries(const fs::path& folder) {
    std::vector<fs::path> entries;
    std::error_code error;
    for (fs::directory_iterator it(folder, error), end; !error && it != end; it.increment(error)) entries.push_back(it->path());
    std::sort(entries.begin(), entries.end());
    return entries;
}

void findAisleriot(const fs::path& dataDir, std::vector<DeckInfo>& decks, std::vector<std::string>& seen) {
    for (const fs::path& file : sortedEntries(dataDir / "aisleriot" / "cards")) {
        std::error_code error;
        if (!isSvg(file) || !fs::is_regular_file(file, error)) continue;
        const std::string stem = file.stem().string();
        DeckInfo deck{nameFromStem(stem), {}, file, DeckFamily::Aisleriot, looksFourColour(stem)};
        addDeck(decks, seen, "aisleriot/" + file.filename().string(), std::move(deck));
    }
}

void findKde(const fs::path& dataDir, std::vector<DeckInfo>& decks, std::vector<std::string>& seen) {
    for (const fs::path& folder : sortedEntries(dataDir / "carddecks")) {
        if (folder.filename().string().rfind("svg-", 0) != 0) continue;
        std::map<std::string, std::string> keys = readKdeIndex(folder / "index.desktop");
        const auto svg = keys.find("SVG");
        const auto name = keys.find("Name");
        if (svg == keys.end() || name == keys.end() || name->second.empty()) continue;
        const fs::path file = folder / fs::path(svg->second).filename(); // never outside its folder
        std::error_code error;
        if (!isSvg(file) || !fs::is_regular_file(file, error)) continue;
        DeckInfo deck{name->second, keys["Name[ja]"], file, DeckFamily::Kde, looksFourColour(name->second)};
        addDeck(decks, seen, "carddecks/" + folder.filename().string(), std::move(deck));
    }
}

} // namespace

std::string nameFromStem(std::string_view stem) {
    std::string name;
    bool wordStart = true;
    for (const char c : stem) {
        if (c == '_' || c == '-' || c == ' ') {
            if (!name.empty() && name.back() != ' ') name += ' ';
            wordStart = true;
            continue;
        }
        const auto byte = static_cast<unsigned char>(c);
        name += wordStart && byte < 0x80 ? static_cast<char>(std::toupper(byte)) : c;
        wordStart = false;
    }
    while (!name.empty() && name.back() == ' ') name.pop_back();
    return name;
}

std::vector<DeckInfo> findDecks(const std::vector<fs::path>& dataDirs) {
    std::vector<DeckInfo> decks;
    std::vector<std::string> seen;
    for (const fs::path& dir : dataDirs) {
        findAisleriot(dir, decks, seen);
        findKde(dir, decks, seen);
    }
    // A name two decks share is not a name: both say which family they are from.
    std::map<std::string, int> uses;
    for (const DeckInfo& deck : decks) ++uses[lower(deck.name)];
    for (DeckInfo& deck : decks) {
        if (uses[lower(deck.name)] > 1) deck.name += deck.family == DeckFamily::Kde ? " (KDE)" : " (Aisleriot)";
    }
    std::stable_sort(decks.begin(), decks.end(), [](const DeckInfo& a, const DeckInfo& b) { return lower(a.name) < lower(b.name); });
    return decks;
}

const DeckInfo* preferredDeck(const std::vector<DeckInfo>& decks) {
    for (const std::string_view wanted : {"anglo", "standard"}) {
        for (const DeckInfo& deck : decks) {
            if (lower(deck.file.stem().string()) == wanted) return &deck;
        }
    }
    return decks.empty() ? nullptr : &decks.front();
}

const DeckInfo* deckNamed(const std::vector<DeckInfo>& decks, std::string_view name) {
    const std::string wanted = lower(trim(name));
    if (wanted == kAutoDeck) return preferredDeck(decks);
    for (const DeckInfo& deck : decks) {
        if (lower(deck.name) == wanted) return &deck;
    }
    for (const DeckInfo& deck : decks) {
        if (lower(deck.file.stem().string()) == wanted) return &deck;
    }
    return nullptr;
}

} // namespace speed::client::deck
