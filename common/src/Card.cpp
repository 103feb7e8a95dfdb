#include "speed/common/Card.hpp"

#include <array>

namespace speed {
namespace {

constexpr std::string_view kSuitLetters = "SHCD";
constexpr std::string_view kRankLetters = "123456789ABCD";

std::string quoted(std::string_view text) {
    std::string out = "\"";
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f) {
            out += c;
        } else {
            static constexpr std::array<char, 16> hex{'0', '1', '2', '3', '4', '5', '6', '7',
                                                      '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'};
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 0xf];
        }
    }
    return out + "\"";
}

// Each byte's place in kSuitLetters and kRankLetters, or -1: one look-up per character.
struct LetterTables {
    std::array<std::int8_t, 256> suit{};
    std::array<std::int8_t, 256> rank{};
};

constexpr LetterTables makeLetterTables() {
    LetterTables tables;
    tables.suit.fill(-1);
    tables.rank.fill(-1);
    for (std::size_t i = 0; i < kSuitLetters.size(); ++i) tables.suit[static_cast<unsigned char>(kSuitLetters[i])] = static_cast<std::int8_t>(i);
    for (std::size_t i = 0; i < kRankLetters.size(); ++i) tables.rank[static_cast<unsigned char>(kRankLetters[i])] = static_cast<std::int8_t>(i);
    return tables;
}

constexpr LetterTables kLetters = makeLetterTables();

} // namespace

std::string Card::code() const {
    const std::array<char, 2> chars = codeChars();
    return {chars[0], chars[1]};
}

std::optional<Card> cardFromCode(std::string_view code) {
    if (code.size() != 2) return std::nullopt;
    const int suit = kLetters.suit[static_cast<unsigned char>(code[0])];
    const int rank = kLetters.rank[static_cast<unsigned char>(code[1])];
    if (suit >= 0 && rank >= 0) return Card::of(static_cast<Suit>(suit), rank + 1);
    if (code == "JJ") return Card::joker();
    return std::nullopt;
}

CardParse parseCard(std::string_view code) {
    if (const std::optional<Card> card = cardFromCode(code)) return {card, {}};
    if (code.size() != 2) {
        return {std::nullopt, "card code " + quoted(code) + " must be two characters (e.g. S1, HD, JJ)"};
    }
    const auto suit = kSuitLetters.find(code[0]);
    if (suit == std::string_view::npos) {
        return {std::nullopt, "card code " + quoted(code) + " has no suit S, H, C or D"};
    }
    const auto rank = kRankLetters.find(code[1]);
    if (rank == std::string_view::npos) {
        return {std::nullopt, "card code " + quoted(code) + " has no rank 1-9, A, B, C or D"};
    }
    return {Card::of(static_cast<Suit>(suit), static_cast<int>(rank) + 1), {}};
}

} // namespace speed
