#include "speed/common/Card.hpp"

#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <type_traits>

using namespace speed;

namespace {

// True when Card::of(suit, rank) is a constant expression: only for a card of the pack.
template <Suit S, int Rank>
concept ConstantCard = requires { typename std::integral_constant<int, Card::of(S, Rank).index()>; };

} // namespace

static_assert(ConstantCard<Suit::Spade, 1> && ConstantCard<Suit::Diamond, 13> && ConstantCard<Suit::Joker, 0>);
static_assert(!ConstantCard<Suit::Spade, 14> && !ConstantCard<Suit::Heart, 0> && !ConstantCard<Suit::Club, -1>);
static_assert(!ConstantCard<Suit::Joker, 5> && !ConstantCard<static_cast<Suit>(7), 1>);

TEST_CASE("Card::tryOf makes only the pack's cards, each the one its suit and rank say", "[card]") {
    int made = 0;
    for (int suit = 0; suit < 8; ++suit) {
        for (int rank = -2; rank <= 16; ++rank) {
            const auto card = Card::tryOf(static_cast<Suit>(suit), rank);
            const bool isCard = (suit < 4 && rank >= 1 && rank <= 13) || (suit == 4 && rank == 0);
            INFO("suit " << suit << ", rank " << rank);
            REQUIRE(card.has_value() == isCard);
            if (!card) continue;
            CHECK(card->suit() == static_cast<Suit>(suit));
            CHECK(card->rank() == rank);
            ++made;
        }
    }
    CHECK(made == 53);
}

TEST_CASE("parseCard, what the decoder reads cards with, gives only the pack's cards", "[card]") {
    // Every two bytes: what is accepted is a card of the pack, and reads back as the same code,
    // so a bad rank on the wire is refused before any card is made of it.
    int accepted = 0;
    for (int first = 0; first < 256; ++first) {
        for (int second = 0; second < 256; ++second) {
            const std::string code{static_cast<char>(first), static_cast<char>(second)};
            const CardParse parsed = parseCard(code);
            if (!parsed.card) continue;
            ++accepted;
            CHECK(Card::isCard(parsed.card->suit(), parsed.card->rank()));
            CHECK(parsed.card->code() == code);
        }
    }
    CHECK(accepted == 53);
}

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

TEST_CASE("cardFromCode and cardFromChars read exactly the 53 codes, as parseCard does, and codeChars writes them", "[card]") {
    int read = 0;
    for (int first = 0; first < 256; ++first) {
        for (int second = 0; second < 256; ++second) {
            const std::string code{static_cast<char>(first), static_cast<char>(second)};
            const std::optional<Card> card = cardFromCode(code);
            const CardParse parsed = parseCard(code);
            INFO("code " << first << " " << second);
            REQUIRE(card == parsed.card);
            REQUIRE(cardFromChars(code[0], code[1]) == card);
            REQUIRE(parsed.error.empty() == card.has_value());
            if (!card) continue;
            ++read;
            CHECK(card->code() == code);
            CHECK(std::string(card->codeChars().data(), 2) == code);
        }
    }
    CHECK(read == Card::kDistinctCodes);
    CHECK_FALSE(cardFromCode("S"));
    CHECK_FALSE(cardFromCode("S1S"));
    CHECK_FALSE(cardFromCode(""));
    CHECK(cardFromCode("JJ") == Card::joker());
    CHECK(cardFromCode("HD") == Card::of(Suit::Heart, 13));
}
