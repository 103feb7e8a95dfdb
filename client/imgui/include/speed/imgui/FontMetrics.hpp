#pragma once

#include <optional>
#include <string>

namespace speed::ui {

// The em of a font file's first face as a share of the height ImGui sizes a face by (stb_truetype:
// the hhea table's ascent minus descent): 0.86 for DejaVu Sans, 0.69 for Noto Sans CJK JP, 1.0 for
// IPAPGothic. Nothing when the file cannot be read or is not a TrueType/OpenType font (or a
// collection of them).
std::optional<float> emShareOfHeight(const std::string& path);

// The size to ask ImGui for of a face merged into another drawn at `sizePx`, so that both have
// the same em (as SFML and every browser set them): a CJK face's kana otherwise come out a fifth
// smaller, or larger, than the Latin letters beside them. `sizePx` when either share is unknown.
float mergedSizePx(float sizePx, std::optional<float> baseShare, std::optional<float> mergedShare);

} // namespace speed::ui
