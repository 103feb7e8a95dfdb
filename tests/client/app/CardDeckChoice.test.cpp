#include "app/CardDeckChoice.hpp"

#include <catch2/catch.hpp>

#include <sstream>

using namespace speed::client;
using speed::client::deck::DeckFamily;
using speed::client::deck::DeckInfo;

namespace {

std::vector<DeckInfo> twoDecks() {
    return {DeckInfo{"Anglo", {}, "/d/aisleriot/cards/anglo.svgz", DeckFamily::Aisleriot, false},
            DeckInfo{"Penguins", "ペンギン", "/d/carddecks/svg-penguins/penguins.svgz", DeckFamily::Kde, false}};
}

} // namespace

TEST_CASE("the deck asked for is the deck shown; built-in is none; auto the preferred", "[cards]") {
    CHECK(chooseDeck(twoDecks(), "penguins").deck->name == "Penguins");
    CHECK(chooseDeck(twoDecks(), "penguins").noticeKey.empty());
    CHECK(chooseDeck(twoDecks(), "auto").deck->name == "Anglo");
    CHECK_FALSE(chooseDeck(twoDecks(), "Built-In").deck);
    CHECK(chooseDeck(twoDecks(), "Built-In").noticeKey.empty());
}

TEST_CASE("a deck that is not installed: the preferred one, said; none installed: the built-in cards, said", "[cards]") {
    const DeckChoice missing = chooseDeck(twoDecks(), "Gone");
    REQUIRE(missing.deck);
    CHECK(missing.deck->name == "Anglo");
    CHECK(deckNotice(missing, true) == "No deck named \"Gone\" is installed: showing Anglo");
    const DeckChoice none = chooseDeck({}, "auto");
    CHECK_FALSE(none.deck);
    CHECK(deckNotice(none, true).find("No card deck is installed") == 0);
}

TEST_CASE("the deck list prints a name a line, built-in last; with --json one object", "[cards]") {
    std::ostringstream lines;
    printDecks(twoDecks(), false, lines);
    CHECK(lines.str() == "Anglo\nPenguins\nbuilt-in\n");
    std::ostringstream json;
    printDecks(twoDecks(), true, json);
    CHECK(json.str().find(R"("preferred":"Anglo")") != std::string::npos);
    CHECK(json.str().find(R"("japanese_name":"ペンギン")") != std::string::npos);
    CHECK(json.str().find(R"("family":"kde")") != std::string::npos);
}

TEST_CASE("the back: the deck's own, the drawn one, another deck's; one not installed is the deck's own, said", "[cards]") {
    CHECK(chooseBack(twoDecks(), "deck").kind == BackChoice::Kind::Own);
    CHECK(chooseBack(twoDecks(), "built-in").kind == BackChoice::Kind::Drawn);
    const BackChoice other = chooseBack(twoDecks(), "PENGUINS");
    REQUIRE(other.kind == BackChoice::Kind::Other);
    CHECK(other.deck->name == "Penguins");
    const BackChoice gone = chooseBack(twoDecks(), "Gone");
    CHECK(gone.kind == BackChoice::Kind::Own);
    CHECK(gone.notMet == "Gone");
    CHECK(chooseBack(twoDecks(), "deck").notMet.empty());
}
