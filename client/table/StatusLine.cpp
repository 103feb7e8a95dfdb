#include "table/StatusLine.hpp"

#include <algorithm>

namespace speed::client {

StatusLinePlacement placeStatusLine(const StatusLineWidths& widths) {
    StatusLinePlacement placed;
    placed.pillLeft = kStatusMarginPx;
    placed.pillWidth = widths.pillText + 2 * kStatusPillPaddingPx;
    placed.detailLeft = placed.pillLeft + placed.pillWidth + kStatusGapPx;
    const float right = widths.barWidth - kStatusMarginPx;
    const float detailRoom = std::max(0.0f, right - placed.detailLeft);
    placed.detailWidth = std::min(widths.detail, detailRoom);
    placed.detailCut = widths.detail > detailRoom;
    if (placed.detailCut) return placed;
    // Hints from the right edge leftwards, whole pieces only, after a gap from the sentence.
    const float hintRoom = right - (placed.detailLeft + placed.detailWidth + 2 * kStatusGapPx);
    float used = 0;
    for (std::size_t i = 0; i < widths.hintPieces.size(); ++i) {
        const float next = used + (i > 0 ? widths.hintSeparator : 0) + widths.hintPieces[i];
        if (next > hintRoom) break;
        used = next;
        placed.hintsShown = i + 1;
    }
    placed.hintsWidth = used;
    placed.hintsLeft = right - used;
    return placed;
}

} // namespace speed::client
