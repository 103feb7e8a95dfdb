#include "text/LineBreak.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <string_view>

namespace speed::client {
namespace {

struct Character {
    char32_t code;
    std::size_t begin; // its first byte in the text
};

// The code points of `text`, each with where it begins; a byte that starts no valid sequence is a
// character of its own (shown as whatever the font makes of it, never split further).
std::vector<Character> decode(std::string_view text) {
    std::vector<Character> characters;
    std::size_t at = 0;
    while (at < text.size()) {
        const auto lead = static_cast<unsigned char>(text[at]);
        const std::size_t length = lead < 0x80 ? 1 : (lead >> 5) == 0x6 ? 2 : (lead >> 4) == 0xE ? 3 : (lead >> 3) == 0x1E ? 4 : 1;
        char32_t code = length == 1 ? char32_t{lead} : char32_t{lead} & (char32_t{0x7F} >> length);
        bool valid = at + length <= text.size();
        for (std::size_t i = 1; valid && i < length; ++i) {
            const auto next = static_cast<unsigned char>(text[at + i]);
            valid = (next & 0xC0) == 0x80;
            code = (code << 6) | (next & 0x3F);
        }
        if (!valid) {
            characters.push_back({lead, at});
            ++at;
            continue;
        }
        characters.push_back({code, at});
        at += length;
    }
    return characters;
}

bool isJapanese(char32_t c) {
    return (c >= 0x2E80 && c <= 0x2FFF)     // CJK radicals
           || (c >= 0x3000 && c <= 0x303F)  // CJK symbols and punctuation (、。「」 the ideographic space)
           || (c >= 0x3040 && c <= 0x30FF)  // hiragana, katakana
           || (c >= 0x31F0 && c <= 0x31FF)  // small katakana for Ainu
           || (c >= 0x3400 && c <= 0x4DBF)  // CJK extension A
           || (c >= 0x4E00 && c <= 0x9FFF)  // CJK unified ideographs
           || (c >= 0xF900 && c <= 0xFAFF)  // CJK compatibility ideographs
           || (c >= 0xFF00 && c <= 0xFFEF)  // full-width and half-width forms
           || (c >= 0x20000 && c <= 0x3FFFF); // the ideographs of the supplementary planes
}

bool contains(std::u32string_view set, char32_t c) { return set.find(c) != std::u32string_view::npos; }

// Kinsoku: what never starts a line (closing brackets, the marks that end or join a phrase,
// small kana, the long vowel mark, ellipses) and what never ends one (opening brackets).
constexpr std::u32string_view kNoLineStart =
    U")]}>,.:;!?%"
    U"、。，．・：；？！゛゜ヽヾゝゞ々〻ー―‐–〜～…‥"
    U"」』）〕］｝〉》】〙〗〟’”｠»"
    U"ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
    U"％";
constexpr std::u32string_view kNoLineEnd = U"([{<「『（〔［｛〈《【〘〖〝‘“｟«";

bool isDigit(char32_t c) { return (c >= U'0' && c <= U'9') || (c >= U'０' && c <= U'９'); }

// A kanji or katakana after a number is its counter or unit ("25枚", "4ピクセル"): kept with it.
bool isCounter(char32_t c) { return (c >= 0x30A0 && c <= 0x30FF) || (c >= 0x3400 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF); }

// A line may break between `before` and `after`.
bool mayBreak(char32_t before, char32_t after) {
    if (before == U' ') return after != U' '; // after the last space of a run
    if (after == U' ') return false;
    if (contains(kNoLineStart, after) || contains(kNoLineEnd, before)) return false;
    if (!isJapanese(before) && !isJapanese(after)) return false; // inside a word, a number, an address
    return !(isDigit(before) && isCounter(after));
}

std::string_view withoutTrailingSpaces(std::string_view text) {
    const std::size_t end = text.find_last_not_of(' ');
    return end == std::string_view::npos ? text.substr(0, 0) : text.substr(0, end + 1);
}

// One paragraph (no newline in it), broken greedily: each line takes as much as fits. A paragraph
// that fits costs one measure; else each piece between two breaks is measured once (with and
// without the spaces it ends with) and a line's width is the sum of its pieces', so a dialog
// that wraps a long game log every frame stays linear in its text.
void breakParagraph(std::string_view paragraph, float width, const TextMeasure& measure, std::vector<std::string_view>& lines) {
    if (measure(withoutTrailingSpaces(paragraph)) <= width) {
        lines.push_back(withoutTrailingSpaces(paragraph));
        return;
    }
    const std::vector<Character> characters = decode(paragraph);
    std::vector<std::size_t> breaks; // the byte offsets a line may start at, then the end
    for (std::size_t i = 1; i < characters.size(); ++i) {
        if (mayBreak(characters[i - 1].code, characters[i].code)) breaks.push_back(characters[i].begin);
    }
    breaks.push_back(paragraph.size());

    std::size_t lineStart = 0;
    std::size_t pieceStart = 0;
    float lineWidth = 0; // the pieces on the line so far, their spaces included
    for (const std::size_t pieceEnd : breaks) {
        const std::string_view piece = paragraph.substr(pieceStart, pieceEnd - pieceStart);
        const std::string_view shown = withoutTrailingSpaces(piece);
        const float shownWidth = measure(shown);
        // The first piece of a line goes on it, however wide.
        if (pieceStart > lineStart && lineWidth + shownWidth > width) {
            lines.push_back(withoutTrailingSpaces(paragraph.substr(lineStart, pieceStart - lineStart)));
            lineStart = pieceStart;
            lineWidth = 0;
        }
        lineWidth += shown.size() == piece.size() ? shownWidth : measure(piece);
        pieceStart = pieceEnd;
    }
    lines.push_back(withoutTrailingSpaces(paragraph.substr(lineStart)));
}

} // namespace

std::vector<std::string_view> breakLines(std::string_view text, float width, const TextMeasure& measure) {
    std::vector<std::string_view> lines;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find('\n', start);
        breakParagraph(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start), width,
                       measure, lines);
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    return lines;
}

} // namespace speed::client
