#include "deck/DeckCatalog.hpp"

#include "DeckFixtures.hpp"

#include <catch2/catch.hpp>

using namespace speed::client::deck;
using namespace speed::client::deck::test;

namespace {

std::vector<std::string> namesOf(const std::vector<DeckInfo>& decks) {
    std::vector<std::string> names;
    for (const DeckInfo& deck : decks) names.push_back(deck.name);
    return names;
}

} // namespace

TEST_CASE("an Aisleriot deck is named after its file", "[deck]") {
    CHECK(nameFromStem("anglo_modern_4_color") == "Anglo Modern 4 Color");
    CHECK(nameFromStem("guyenne-classic") == "Guyenne Classic");
    CHECK(nameFromStem("__odd__") == "Odd");
    CHECK(nameFromStem("Атласные") == "Атласные");
}

TEST_CASE("decks are found in both families' folders, named, sorted and told apart", "[deck]") {
    TempFolder data;
    writeFile(data.path() / "aisleriot/cards/anglo.svgz", "x");
    writeFile(data.path() / "aisleriot/cards/neoclassical_4_color.svg", "x");
    writeFile(data.path() / "aisleriot/cards/dondorf.svgz", "x");
    writeFile(data.path() / "aisleriot/cards/readme.txt", "not a deck");
    writeKdeDeck(data.path(), "svg-penguins", "Penguins", "x", "Name[ja]=ペンギン\n");
    writeKdeDeck(data.path(), "svg-dondorf", "Dondorf", "x");
    // Not decks: a KDE folder without its SVG, one without a name, one not named svg-*.
    writeFile(data.path() / "carddecks/svg-broken/index.desktop", "[KDE Backdeck]\nName=Broken\nSVG=gone.svgz\n");
    writeFile(data.path() / "carddecks/svg-nameless/index.desktop", "[KDE Backdeck]\nSVG=deck.svg\n");
    writeFile(data.path() / "carddecks/svg-nameless/deck.svg", "x");
    writeKdeDeck(data.path(), "decks-other", "Other", "x");

    const std::vector<DeckInfo> decks = findDecks({data.path()});
    CHECK(namesOf(decks) == std::vector<std::string>{"Anglo", "Dondorf (Aisleriot)", "Dondorf (KDE)", "Neoclassical 4 Color", "Penguins"});
    const DeckInfo* penguins = deckNamed(decks, "penguins");
    REQUIRE(penguins != nullptr);
    CHECK(penguins->family == DeckFamily::Kde);
    CHECK(penguins->japaneseName == "ペンギン");
    CHECK(penguins->file == data.path() / "carddecks/svg-penguins/deck.svg");
    REQUIRE(deckNamed(decks, "NEOCLASSICAL_4_COLOR") != nullptr);
    CHECK(deckNamed(decks, "neoclassical_4_color")->fourColour);
    CHECK_FALSE(deckNamed(decks, "Anglo")->fourColour);
    CHECK(deckNamed(decks, " dondorf (kde) ")->family == DeckFamily::Kde);
    CHECK(deckNamed(decks, "nothing such") == nullptr);
    CHECK(deckNamed(decks, std::string(kAutoDeck))->name == "Anglo");
}

TEST_CASE("a deck in an earlier data folder hides the same deck in a later one", "[deck]") {
    TempFolder user;
    TempFolder system;
    writeFile(user.path() / "aisleriot/cards/tango.svg", "mine");
    writeFile(system.path() / "aisleriot/cards/tango.svg", "theirs");
    writeFile(system.path() / "aisleriot/cards/paris.svg", "x");
    const std::vector<DeckInfo> decks = findDecks({user.path(), system.path(), system.path() / "missing"});
    CHECK(namesOf(decks) == std::vector<std::string>{"Paris", "Tango"});
    CHECK(deckNamed(decks, "tango")->file == user.path() / "aisleriot/cards/tango.svg");
}

TEST_CASE("the preferred deck is Anglo, else Standard, else the first; none without decks", "[deck]") {
    CHECK(preferredDeck({}) == nullptr);
    TempFolder data;
    writeFile(data.path() / "aisleriot/cards/tango.svg", "x");
    writeKdeDeck(data.path(), "svg-standard", "Standard", "x");
    CHECK(preferredDeck(findDecks({data.path()}))->name == "Standard");
    writeFile(data.path() / "aisleriot/cards/anglo.svg", "x");
    CHECK(preferredDeck(findDecks({data.path()}))->name == "Anglo");
    TempFolder other;
    writeFile(other.path() / "aisleriot/cards/tango.svg", "x");
    CHECK(preferredDeck(findDecks({other.path()}))->name == "Tango");
}
