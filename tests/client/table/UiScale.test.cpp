#include "table/Layout.hpp"
#include "table/UiScale.hpp"

#include <catch2/catch.hpp>

using namespace speed::client;

TEST_CASE("The UI scale follows the window's smaller side and the player's factor", "[scale]") {
    CHECK(uiScaleFor(1024, 720, 1) == Approx(1));
    CHECK(uiScaleFor(1920, 1080, 1) == Approx(1.5)); // 1080 / 720: the height limits
    CHECK(uiScaleFor(3840, 2160, 1) == Approx(2.5)); // held at 2.5 for the window's part
    CHECK(uiScaleFor(800, 600, 1) == Approx(0.8));   // 800 / 1024 = 0.78, held at 0.8
    CHECK(uiScaleFor(1920, 1080, 1.5f) == Approx(2.25));
    CHECK(uiScaleFor(800, 600, 0.5f) == Approx(0.75)); // never under 0.75: the menus' words stay 11 px or more
    CHECK(uiScaleFor(1920, 1080, 0.5f) == Approx(0.75));
    CHECK(uiScaleFor(3840, 2160, 2) == Approx(4));    // never over 4
    CHECK(uiScaleFor(1024, 720, 9) == Approx(2));     // a factor out of range is held to 0.5..2
    // Rounded to a twentieth: a window dragged a few pixels keeps its fonts.
    CHECK(uiScaleFor(1030, 725, 1) == uiScaleFor(1024, 720, 1));
}

TEST_CASE("The status bar grows with the scale, the banner with the player's factor, the field stays clear", "[scale]") {
    LayoutOptions plain;
    const TableLayout base = computeLayout(1920, 1080, plain);
    LayoutOptions scaled;
    scaled.uiScale = 2;
    scaled.userScale = 1.25f;
    const TableLayout big = computeLayout(1920, 1080, scaled);
    CHECK(big.statusBar.height == Approx(2 * base.statusBar.height));
    CHECK(big.statusBar.height <= 1080 * 0.1f);
    CHECK(big.banner.height > base.banner.height);
    // The banner stays over the opponent's row: both piles' tops stay readable.
    for (const Rect& pile : big.pile) CHECK(big.banner.bottom() <= pile.top);
    const TableLayout tiny = computeLayout(320, 240, scaled);
    CHECK(tiny.statusBar.height <= 240 * 0.1f + 16); // a small window keeps room for the table
}
