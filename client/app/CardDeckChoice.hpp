#pragma once

#include "deck/DeckCatalog.hpp"

#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace speed::client {

// The decks installed on this machine, looked up in the XDG data folders.
std::vector<deck::DeckInfo> installedDecks();
// Where drawn decks are kept: $XDG_CACHE_HOME/speed/cards (empty when no folder is known).
std::filesystem::path deckCacheFolder();

// Which deck the window shows, from what the player asked for (--cards, else setup.ini's
// [player] cards), and what to say when that is not what they get.
struct DeckChoice {
    std::optional<deck::DeckInfo> deck; // none: the cards the game draws itself
    std::string noticeKey;              // a word key (cards.none_installed, cards.not_installed), or empty
    std::string asked;                  // the name asked for, for the notice
    std::string shown;                  // the name of what is shown instead, for the notice
};
DeckChoice chooseDeck(const std::vector<deck::DeckInfo>& installed, std::string_view wanted);

// The back of the cards, from setup.ini's [player] card_back: the deck's own, the back the game
// draws, or another installed deck's. A deck that is not installed gives the deck's own, said.
struct BackChoice {
    enum class Kind { Own, Drawn, Other };
    Kind kind = Kind::Own;
    std::optional<deck::DeckInfo> deck; // Other: whose back
    std::string notMet;                 // the name asked for when it is not installed
    bool operator==(const BackChoice& other) const {
        return kind == other.kind && (deck ? deck->file : std::filesystem::path()) == (other.deck ? other.deck->file : std::filesystem::path());
    }
};
inline constexpr std::string_view kOwnBack = "deck";
BackChoice chooseBack(const std::vector<deck::DeckInfo>& installed, std::string_view wanted);

// What the choice says, in the window's language (the game log) or in English (the log).
std::string deckNotice(const DeckChoice& choice, bool english = false);

// `speed --list-cards`: one name a line (a deck's name, then built-in), or with --json one object:
// {"decks": [{"name", "japanese_name", "family", "four_colour", "file"}...], "preferred", "built_in"}.
void printDecks(const std::vector<deck::DeckInfo>& decks, bool json, std::ostream& out);

} // namespace speed::client
