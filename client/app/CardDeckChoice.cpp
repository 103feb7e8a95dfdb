#include "app/CardDeckChoice.hpp"

#include "speed/settings/SettingsKeys.hpp"
#include "speed/store/XdgDirs.hpp"
#include "text/Words.hpp"

#include <nlohmann/json.hpp>


namespace speed::client {

std::vector<deck::DeckInfo> installedDecks() { return deck::findDecks(store::dataSearchDirs()); }

std::filesystem::path deckCacheFolder() {
    const std::filesystem::path cache = store::cacheDir();
    return cache.empty() ? cache : cache / "cards";
}

DeckChoice chooseDeck(const std::vector<deck::DeckInfo>& installed, std::string_view wanted) {
    DeckChoice choice;
    if (equalsIgnoringCase(wanted, deck::kBuiltInDeck)) return choice;
    if (const deck::DeckInfo* found = deck::deckNamed(installed, wanted)) {
        choice.deck = *found;
        return choice;
    }
    choice.asked = std::string(wanted);
    if (installed.empty()) {
        choice.noticeKey = "cards.none_installed";
        return choice;
    }
    // Asked for a deck this machine does not have: the preferred one, and a word about it.
    choice.deck = *deck::preferredDeck(installed);
    choice.noticeKey = "cards.not_installed";
    choice.shown = choice.deck->name;
    return choice;
}

BackChoice chooseBack(const std::vector<deck::DeckInfo>& installed, std::string_view wanted) {
    BackChoice choice;
    if (wanted.empty() || equalsIgnoringCase(wanted, kOwnBack)) return choice;
    if (equalsIgnoringCase(wanted, deck::kBuiltInDeck)) {
        choice.kind = BackChoice::Kind::Drawn;
        return choice;
    }
    if (!equalsIgnoringCase(wanted, deck::kAutoDeck)) {
        if (const deck::DeckInfo* found = deck::deckNamed(installed, wanted)) {
            choice.kind = BackChoice::Kind::Other;
            choice.deck = *found;
            return choice;
        }
    }
    choice.notMet = std::string(wanted);
    return choice;
}

std::string deckNotice(const DeckChoice& choice, bool english) {
    const Language in = english ? Language::English : language();
    if (choice.noticeKey == "cards.not_installed") return trfIn(in, "cards.not_installed", choice.asked, choice.shown);
    if (choice.noticeKey == "cards.none_installed") return tr("cards.none_installed", in);
    return {};
}

void printDecks(const std::vector<deck::DeckInfo>& decks, bool json, std::ostream& out) {
    if (!json) {
        for (const deck::DeckInfo& deck : decks) out << deck.name << '\n';
        out << deck::kBuiltInDeck << '\n';
        return;
    }
    nlohmann::json list = nlohmann::json::array();
    for (const deck::DeckInfo& deck : decks) {
        list.push_back({{"name", deck.name},
                        {"japanese_name", deck.japaneseName},
                        {"family", deck.family == deck::DeckFamily::Kde ? "kde" : "aisleriot"},
                        {"four_colour", deck.fourColour},
                        {"file", deck.file.string()}});
    }
    const deck::DeckInfo* preferred = deck::preferredDeck(decks);
    out << nlohmann::json{{"decks", list},
                          {"preferred", preferred != nullptr ? preferred->name : std::string(deck::kBuiltInDeck)},
                          {"built_in", deck::kBuiltInDeck}}
               .dump()
        << '\n';
}

} // namespace speed::client
