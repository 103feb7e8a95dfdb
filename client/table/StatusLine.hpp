#pragma once

#include <cstddef>
#include <vector>

namespace speed::client {

// Where the status bar's three parts go, from their measured text widths: the state pill on the
// left, the sentence after it, and on the right as many key hints as fit whole (the first ones
// matter most). The sentence is cut (with an ellipsis) only when it alone does not fit; nothing
// ever overlaps.
struct StatusLineWidths {
    float barWidth = 0;
    float pillText = 0;            // the state word
    float detail = 0;              // the sentence
    std::vector<float> hintPieces; // each key hint, most useful first
    float hintSeparator = 0;       // between two hints
};

struct StatusLinePlacement {
    float pillLeft = 0, pillWidth = 0;
    float detailLeft = 0, detailWidth = 0; // detailWidth < widths.detail: cut to this
    bool detailCut = false;
    std::size_t hintsShown = 0;            // the first N hint pieces
    float hintsLeft = 0, hintsWidth = 0;
};

inline constexpr float kStatusMarginPx = 6;
inline constexpr float kStatusPillPaddingPx = 10; // each side of the word
inline constexpr float kStatusGapPx = 14;          // between the parts

StatusLinePlacement placeStatusLine(const StatusLineWidths& widths);

} // namespace speed::client
