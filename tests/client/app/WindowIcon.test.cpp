#include "app/WindowIcon.hpp"

#include "deck/DeckRaster.hpp"

#include <catch2/catch.hpp>

using namespace speed::client;

TEST_CASE("the window's icon is built in and draws: a rounded tile, transparent in its corners", "[app]") {
    const deck::SvgPicture icon = deck::drawSvg(windowIconSvg(), kWindowIconPx, kWindowIconPx);
    REQUIRE(icon.error.empty());
    REQUIRE(icon.width == kWindowIconPx);
    const auto alphaAt = [&](int x, int y) {
        return icon.rgba[(static_cast<std::size_t>(y) * static_cast<std::size_t>(icon.width) + static_cast<std::size_t>(x)) * 4 + 3];
    };
    CHECK(alphaAt(0, 0) == 0);
    CHECK(alphaAt(kWindowIconPx - 1, kWindowIconPx - 1) == 0);
    CHECK(alphaAt(kWindowIconPx / 2, kWindowIconPx / 2) == 255);
}
