#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace speed {

namespace detail {
// Not constexpr: Card::of calls it for a rank or suit no card has, so such a card written as a
// constant does not compile, in every build (assert only stops a debug build, at run time).
inline void cardOutOfRange() {}
} // namespace detail

enum class Suit : std::uint8_t { Spade, Heart, Club, Diamond, Joker };

// One playing card, one byte. Ranks run 1 (ace) .. 13 (king); a joker has rank 0.
// The two jokers are indistinguishable, exactly as on the wire ("JJ").
class Card {
public:
    static constexpr int kRanks = 13;
    static constexpr int kDistinctCodes = 53; // 52 ranked cards + the joker

    constexpr Card() = default;
    static constexpr Card joker() { return Card{static_cast<std::uint8_t>(52)}; }
    // True for a card of the pack: a suit S/H/C/D with rank 1..13, or the joker with rank 0.
    static constexpr bool isCard(Suit suit, int rank) {
        if (suit == Suit::Joker) return rank == 0;
        return static_cast<int>(suit) < static_cast<int>(Suit::Joker) && rank >= 1 && rank <= kRanks;
    }
    // The card of `suit` and `rank`, which must be one (isCard): rank 14 would be another suit's
    // ace. Numbers from outside go through tryOf, text through parseCard.
    static constexpr Card of(Suit suit, int rank) {
        if (!isCard(suit, rank)) detail::cardOutOfRange();
        assert(isCard(suit, rank));
        return suit == Suit::Joker ? joker()
                                   : Card{static_cast<std::uint8_t>(static_cast<int>(suit) * kRanks + rank - 1)};
    }
    // The card, or nothing when `suit` and `rank` make none.
    static constexpr std::optional<Card> tryOf(Suit suit, int rank) {
        if (!isCard(suit, rank)) return std::nullopt;
        return of(suit, rank);
    }
    // index() is 0..52, dense: use it to count cards in arrays.
    static constexpr Card fromIndex(int index) { return Card{static_cast<std::uint8_t>(index)}; }

    constexpr int index() const { return m_index; }
    constexpr bool isJoker() const { return m_index == 52; }
    constexpr Suit suit() const { return isJoker() ? Suit::Joker : static_cast<Suit>(m_index / kRanks); }
    constexpr int rank() const { return isJoker() ? 0 : m_index % kRanks + 1; }
    constexpr bool isRed() const { return suit() == Suit::Heart || suit() == Suit::Diamond; }
    constexpr bool isBlack() const { return suit() == Suit::Spade || suit() == Suit::Club; }

    // The two-character wire code: suit S/H/C/D, rank 1-9, A=10, B=J, C=Q, D=K; JJ.
    std::string code() const;
    // The same two characters without a string: what the encoder appends.
    constexpr std::array<char, 2> codeChars() const {
        constexpr std::string_view kSuits = "SHCD";
        constexpr std::string_view kRankLetters = "123456789ABCD";
        if (isJoker()) return {'J', 'J'};
        return {kSuits[m_index / kRanks], kRankLetters[m_index % kRanks]};
    }

    friend constexpr bool operator==(Card, Card) = default;

private:
    constexpr explicit Card(std::uint8_t index) : m_index(index) {}
    std::uint8_t m_index = 0;
};

struct CardParse {
    std::optional<Card> card;
    std::string error; // empty when card is set
};

// Parses exactly two characters; anything else gets an error that quotes the input.
CardParse parseCard(std::string_view code);
// The card two characters name, without building an error (parseCard says why one is not a card).
std::optional<Card> cardFromCode(std::string_view code);

namespace detail {
// For each byte, the index of the ace of the suit it names and the offset from it of the rank it
// names (-1: none), made from the very codes codeChars writes.
struct CardCodeTables {
    std::array<std::int8_t, 256> suitBase{};
    std::array<std::int8_t, 256> rankOffset{};
};
constexpr CardCodeTables makeCardCodeTables() {
    CardCodeTables tables;
    tables.suitBase.fill(-1);
    tables.rankOffset.fill(-1);
    for (int index = 0; index < Card::kDistinctCodes; ++index) {
        const Card card = Card::fromIndex(index);
        if (card.isJoker()) continue;
        const std::array<char, 2> code = card.codeChars();
        tables.suitBase[static_cast<unsigned char>(code[0])] = static_cast<std::int8_t>(index - index % Card::kRanks);
        tables.rankOffset[static_cast<unsigned char>(code[1])] = static_cast<std::int8_t>(index % Card::kRanks);
    }
    return tables;
}
inline constexpr CardCodeTables kCardCodeTables = makeCardCodeTables();
} // namespace detail

// The card the characters `first` and `second` name, by two look-ups in place (the decoder reads
// every card with it); none for any other pair.
inline std::optional<Card> cardFromChars(char first, char second) {
    const int suitBase = detail::kCardCodeTables.suitBase[static_cast<unsigned char>(first)];
    const int rankOffset = detail::kCardCodeTables.rankOffset[static_cast<unsigned char>(second)];
    if ((suitBase | rankOffset) >= 0) return Card::fromIndex(suitBase + rankOffset);
    if (first == 'J' && second == 'J') return Card::joker();
    return std::nullopt;
}

// True when `a` may be played on `b` (or `b` on `a`): ranks one apart with K-A wrap, or a joker.
constexpr bool adjacent(Card a, Card b) {
    if (a.isJoker() || b.isJoker()) return true;
    const int diff = (a.rank() - b.rank() + Card::kRanks) % Card::kRanks;
    return diff == 1 || diff == Card::kRanks - 1;
}

} // namespace speed
