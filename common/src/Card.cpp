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


} // namespace

std::string Card::code() const {
    const std::array<char, 2> chars = codeChars();
    return {chars[0], chars[1]};
}

std::optional<Card> cardFromCode(std::string_view code) {
    if (code.size() != 2) return std::nullopt;
    return cardFromChars(code[0], code[1]);
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
