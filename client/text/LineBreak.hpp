#pragma once

#include <functional>
#include <string_view>
#include <vector>

namespace speed::client {

// The width of a piece of UTF-8 text, in the unit the width to fill is given in (pixels).
using TextMeasure = std::function<float(std::string_view)>;

// Breaks a UTF-8 text into lines no wider than `width`, where Japanese and English allow a break:
//   - after a run of spaces (the spaces end the line and are not part of it);
//   - between two characters when either is Japanese (kana, kanji, full-width forms and
//     punctuation), except that a line never starts with a closing bracket, 、。・ー, a small
//     kana and the like, nor ends with an opening bracket (kinsoku), and a number keeps the
//     kanji or katakana after it, its counter or unit ("25枚", "4ピクセル");
//   - nowhere else: a Latin word, a number ("12,345", "3.5") and an address
//     ("192.168.1.20:50000", "fe80::1") stay whole.
// A newline always breaks. A piece wider than `width` that has no break in it gets a line of its
// own and is never cut. A line's width is the sum of its pieces' (between two breaks): a measure
// that kerns across them may differ by a pixel. The lines are views into `text`.
std::vector<std::string_view> breakLines(std::string_view text, float width, const TextMeasure& measure);

} // namespace speed::client
