#include "table/StatusLine.hpp"

#include <catch2/catch.hpp>

using namespace speed::client;

namespace {

// The parts never overlap and stay inside the bar.
void checkNoOverlap(const StatusLineWidths& widths, const StatusLinePlacement& placed) {
    CHECK(placed.pillLeft >= 0);
    CHECK(placed.detailLeft >= placed.pillLeft + placed.pillWidth);
    CHECK(placed.detailLeft + placed.detailWidth <= widths.barWidth);
    if (placed.hintsShown > 0) {
        CHECK(placed.hintsLeft >= placed.detailLeft + placed.detailWidth + kStatusGapPx);
        CHECK(placed.hintsLeft + placed.hintsWidth <= widths.barWidth);
    }
}

} // namespace

TEST_CASE("status line: hints drop whole, last first, and never cover the sentence", "[client][layout]") {
    StatusLineWidths widths;
    widths.pillText = 70;
    widths.detail = 300;
    widths.hintPieces = {150, 110, 60, 60, 60};
    widths.hintSeparator = 20;
    for (float bar : {800.0f, 1024.0f, 1280.0f, 1920.0f, 500.0f, 420.0f}) {
        widths.barWidth = bar;
        const StatusLinePlacement placed = placeStatusLine(widths);
        INFO("bar " << bar);
        checkNoOverlap(widths, placed);
        CHECK_FALSE(placed.detailCut);
    }
    widths.barWidth = 1920;
    CHECK(placeStatusLine(widths).hintsShown == 5);
    widths.barWidth = 800; // 6+90+14+300+28 = 438 used: 356 px left for hints
    CHECK(placeStatusLine(widths).hintsShown == 2);
    widths.barWidth = 500;
    CHECK(placeStatusLine(widths).hintsShown == 0);
}

TEST_CASE("status line: a sentence longer than the bar is cut, not drawn over", "[client][layout]") {
    StatusLineWidths widths;
    widths.barWidth = 800;
    widths.pillText = 80;
    widths.detail = 1200;
    widths.hintPieces = {100};
    const StatusLinePlacement placed = placeStatusLine(widths);
    CHECK(placed.detailCut);
    CHECK(placed.hintsShown == 0);
    CHECK(placed.detailLeft + placed.detailWidth == Approx(800 - kStatusMarginPx));
    checkNoOverlap(widths, placed);
}
