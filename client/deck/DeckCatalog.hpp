#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

// The card decks installed on this machine: the Aisleriot decks (gnome-cards-data, one SVG per
// deck in <data>/aisleriot/cards/) and the KDE decks (kdegames-card-data-kf5, a folder
// <data>/carddecks/svg-*/ with an index.desktop naming the deck and its SVG), looked up in the
// XDG data folders like the games that ship them.
namespace speed::client::deck {

enum class DeckFamily {
    Aisleriot, // the whole SVG is a grid of 13 columns by 5 rows: clubs, diamonds, hearts, spades, then jokers and back
    Kde,       // one element per card: "1_club" .. "king_spade", "back", "red_joker"
};

struct DeckInfo {
    std::string name;         // unique among the installed decks: what --cards and [player] cards take
    std::string japaneseName; // the deck's own Japanese name (KDE's Name[ja]), else empty
    std::filesystem::path file;
    DeckFamily family = DeckFamily::Aisleriot;
    bool fourColour = false; // diamonds and clubs in their own colours
};

// The two names [player] cards takes besides a deck's: the preferred installed deck, and the
// cards the game draws by itself (also the fallback when no deck is installed or one fails).
inline constexpr std::string_view kAutoDeck = "auto";
inline constexpr std::string_view kBuiltInDeck = "built-in";

// Every deck under `dataDirs` (most important first: a deck in an earlier folder hides the same
// file in a later one), sorted by name. Names that two decks share get their family added:
// "Dondorf (Aisleriot)", "Dondorf (KDE)". A KDE folder without a readable SVG is left out.
std::vector<DeckInfo> findDecks(const std::vector<std::filesystem::path>& dataDirs);

// The deck `name` means: a deck's name, or the stem of its file ("anglo_modern_4_color"),
// without regard to case; nullptr when none is. `auto`: the preferred deck (see preferredDeck).
const DeckInfo* deckNamed(const std::vector<DeckInfo>& decks, std::string_view name);
// The deck a player gets unless they choose: the classic Aisleriot "Anglo", else KDE's
// "Standard", else the first; nullptr without decks.
const DeckInfo* preferredDeck(const std::vector<DeckInfo>& decks);

// "anglo_modern_4_color" -> "Anglo Modern 4 Color": an Aisleriot deck's name from its file.
std::string nameFromStem(std::string_view stem);

} // namespace speed::client::deck
