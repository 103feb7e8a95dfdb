#include "speed/common/Card.hpp"

#include <catch2/catch.hpp>

using namespace speed;

TEST_CASE("every card code round-trips through parse and print", "[card]") {
    int parsed = 0;
    for (char suit : std::string("SHCD")) {
        for (char rank : std::string("123456789ABCD")) {
            const std::string code{suit, rank};
            const CardParse result = parseCard(code);
            REQUIRE(result.card);
            CHECK(result.error.empty());
            CHECK(result.card->code() == code);
            ++parsed;
        }
    }
    CHECK(parsed == 52);
    REQUIRE(parseCard("JJ").card);
    CHECK(parseCard("JJ").card->isJoker());
}

TEST_CASE("card codes mean the protocol's suits and ranks", "[card]") {
    CHECK(parseCard("HD").card == Card::of(Suit::Heart, 13)); // the king of hearts: HD, never SD
    CHECK(parseCard("SA").card == Card::of(Suit::Spade, 10));
    CHECK(parseCard("CB").card == Card::of(Suit::Club, 11));
    CHECK(parseCard("DC").card == Card::of(Suit::Diamond, 12));
    CHECK(parseCard("S1").card->rank() == 1);
    CHECK(parseCard("H5").card->isRed());
    CHECK(parseCard("D2").card->isRed());
    CHECK(parseCard("C9").card->isBlack());
    CHECK(parseCard("SD").card->isBlack());
}

TEST_CASE("anything that is not a card code gets an error naming it", "[card]") {
    for (const char* bad : {"", "S", "S10", "X1", "S0", "SE", "s1", "J1", "1S", "JJJ", "  "}) {
        const CardParse result = parseCard(bad);
        CHECK_FALSE(result.card);
        CHECK_FALSE(result.error.empty());
    }
    CHECK(parseCard("S0").error.find("\"S0\"") != std::string::npos);
    CHECK(parseCard(std::string("H\x01", 2)).error.find("\\x01") != std::string::npos);
}

TEST_CASE("adjacency: one rank apart with K-A wrap both ways, suits ignored", "[card][rules]") {
    auto c = [](const char* code) { return *parseCard(code).card; };
    CHECK(adjacent(c("H5"), c("S4")));
    CHECK(adjacent(c("H5"), c("D6")));
    CHECK(adjacent(c("S1"), c("CD"))); // A-1 = K
    CHECK(adjacent(c("CD"), c("S1"))); // K+1 = A
    CHECK(adjacent(c("HD"), c("HC")));
    CHECK(adjacent(c("S2"), c("H1")));
    CHECK_FALSE(adjacent(c("H5"), c("H5")));
    CHECK_FALSE(adjacent(c("H5"), c("S7")));
    CHECK_FALSE(adjacent(c("S1"), c("SC")));
    CHECK_FALSE(adjacent(c("SD"), c("D2")));
}

TEST_CASE("a joker goes on anything and anything goes on a joker", "[card][rules]") {
    const Card joker = Card::joker();
    for (int index = 0; index < Card::kDistinctCodes; ++index) {
        CHECK(adjacent(joker, Card::fromIndex(index)));
        CHECK(adjacent(Card::fromIndex(index), joker));
    }
}
