#include "table/Layout.hpp"

#include <catch2/catch.hpp>

#include <vector>

using namespace speed::client;

namespace {

std::vector<Rect> cardRects(const TableLayout& layout) {
    std::vector<Rect> rects;
    for (const Rect& pile : layout.pile) rects.push_back(pile);
    for (int seat = 0; seat < speed::kSeats; ++seat) {
        rects.push_back(layout.deck[static_cast<std::size_t>(seat)]);
        for (const Rect& slot : layout.hand[static_cast<std::size_t>(seat)]) rects.push_back(slot);
    }
    return rects;
}

bool inside(const Rect& inner, const Rect& outer) {
    return inner.left >= outer.left - 0.01f && inner.top >= outer.top - 0.01f && inner.right() <= outer.right() + 0.01f &&
           inner.bottom() <= outer.bottom() + 0.01f;
}

} // namespace

TEST_CASE("layout: every card fits the felt without overlapping and at many window sizes") {
    const auto [width, height] = GENERATE(table<float, float>(
        {{1024, 720}, {640, 480}, {1920, 1080}, {320, 240}, {3000, 800}, {800, 1400}}));
    const int handSize = GENERATE(1, 4, 8);
    CAPTURE(width, height, handSize);
    const TableLayout layout = computeLayout(width, height, {handSize, 0, 0, 0});
    const auto rects = cardRects(layout);
    REQUIRE(rects.size() == static_cast<std::size_t>(2 + 2 + 2 * handSize));
    for (std::size_t i = 0; i < rects.size(); ++i) {
        CHECK(inside(rects[i], layout.table));
        CHECK(rects[i].height == Approx(rects[i].width * kCardAspect));
        for (std::size_t j = i + 1; j < rects.size(); ++j) CHECK_FALSE(rects[i].intersects(rects[j]));
    }
    CHECK(layout.statusBar.bottom() == Approx(height));
    CHECK_FALSE(layout.statusBar.intersects(layout.table));
}

TEST_CASE("layout: a bigger window gives bigger cards - the aspect never changes") {
    const TableLayout small = computeLayout(640, 480, {});
    const TableLayout large = computeLayout(1600, 1000, {});
    CHECK(large.cardWidthPx > small.cardWidthPx * 2);
    CHECK(small.cardHeightPx == Approx(small.cardWidthPx * kCardAspect));
}

TEST_CASE("layout: the local seat is at the bottom and the opponent mirrored at the top") {
    for (const int local : {0, 1}) {
        const TableLayout layout = computeLayout(1024, 720, {4, local, 0, 0});
        const auto me = static_cast<std::size_t>(local);
        const auto them = static_cast<std::size_t>(1 - local);
        CHECK(layout.deck[me].top > layout.pile[0].bottom());
        CHECK(layout.deck[them].bottom() < layout.pile[0].top);
        CHECK(layout.deck[me].left < layout.hand[me][0].left);           // my deck on my left
        CHECK(layout.deck[them].left > layout.hand[them][0].left);       // theirs on my right
        CHECK(layout.hand[me][0].left < layout.hand[me][3].left);        // my slots left to right
        CHECK(layout.hand[them][0].left > layout.hand[them][3].left);    // theirs reversed
        CHECK(layout.pile[me].left < layout.pile[them].left);            // my flip pile on my left
    }
}

TEST_CASE("layout: panels of the next issue (menu bar and message log) take room from the felt") {
    const TableLayout layout = computeLayout(1200, 800, {4, 0, 24, 300});
    CHECK(layout.table.top == Approx(24));
    CHECK(layout.table.width == Approx(900));
    for (const Rect& rect : cardRects(layout)) CHECK(inside(rect, layout.table));
}

TEST_CASE("hit-testing finds each place at its centre and nothing in the gaps") {
    const TableLayout layout = computeLayout(1024, 720, {});
    for (int seat = 0; seat < speed::kSeats; ++seat) {
        CHECK(hitTest(layout, layout.deck[static_cast<std::size_t>(seat)].center()) == Place::deck(seat));
        for (int slot = 0; slot < 4; ++slot) {
            CHECK(hitTest(layout, rectOf(layout, Place::handSlot(seat, slot)).center()) == Place::handSlot(seat, slot));
        }
    }
    CHECK(hitTest(layout, layout.pile[1].center()) == Place::pile(1));
    const Point betweenPiles{(layout.pile[0].right() + layout.pile[1].left) / 2, layout.pile[0].center().y};
    CHECK_FALSE(hitTest(layout, betweenPiles).has_value());
    CHECK_FALSE(hitTest(layout, {2, 2}).has_value());
    const Point nearPile{layout.pile[0].left - 3, layout.pile[0].center().y};
    CHECK_FALSE(hitTest(layout, nearPile).has_value());
    CHECK(hitTest(layout, nearPile, 6) == Place::pile(0)); // a forgiving drop
}

TEST_CASE("layout: banners and the SPEED! call never cover a field pile") {
    for (float width : {800.0f, 1024.0f, 1280.0f, 1920.0f}) {
        for (float height : {600.0f, 720.0f, 1080.0f}) {
            for (int hand : {1, 4, 8}) {
                LayoutOptions options;
                options.handSize = hand;
                options.menuBarHeightPx = 19;
                const TableLayout layout = computeLayout(width, height, options);
                INFO(width << "x" << height << " hand " << hand);
                for (const Rect& pile : layout.pile) {
                    CHECK_FALSE(layout.banner.intersects(pile));
                    CHECK_FALSE(layout.call.intersects(pile));
                }
                CHECK(layout.call.width > layout.cardWidthPx * 0.8f); // room for the call's word
                CHECK(layout.banner.top >= layout.table.top);
            }
        }
    }
}

TEST_CASE("layout: the speaker sits at the status bar's right end, inside the window, at every size and scale") {
    for (const auto& [width, height] : {std::pair{800.0f, 600.0f}, {1024.0f, 720.0f}, {1920.0f, 1080.0f}, {3840.0f, 2160.0f}}) {
        for (const float scale : {0.5f, 1.0f, 2.0f}) {
            LayoutOptions options;
            options.uiScale = scale;
            const TableLayout layout = computeLayout(width, height, options);
            CAPTURE(width, height, scale);
            CHECK(layout.speaker.right() == Approx(layout.statusBar.right()));
            CHECK(layout.speaker.top == Approx(layout.statusBar.top));
            CHECK(layout.speaker.height == Approx(layout.statusBar.height));
            CHECK(layout.speaker.width >= layout.statusBar.height);
            CHECK(layout.speaker.left > layout.statusBar.left + layout.statusBar.width / 2);
        }
    }
}

TEST_CASE("layout: the table's words follow the UI scale, are never under 11 px, and have their room") {
    for (const auto& [width, height] : {std::pair{800.0f, 600.0f}, {1024.0f, 720.0f}, {1920.0f, 1080.0f}, {3840.0f, 2160.0f}}) {
        float smaller = 0;
        for (const float scale : {0.5f, 1.0f, 1.5f, 2.0f}) {
            LayoutOptions options;
            options.userScale = scale;
            options.uiScale = scale;
            const TableLayout layout = computeLayout(width, height, options);
            CAPTURE(width, height, scale);
            CHECK(layout.wordsPx >= kSmallestWordsPx);
            CHECK(layout.wordsPx >= smaller); // a larger scale never makes them smaller
            smaller = layout.wordsPx;
            // The opponent's name sits above its row, the player's below theirs, each with room
            // for a line of words before the cards or the felt's edge.
            const float topRow = layout.hand[1][0].top;
            CHECK(layout.nameAnchor[1].y >= layout.table.top);
            CHECK(layout.nameAnchor[1].y + layout.wordsPx * 1.3f <= topRow + 0.5f);
            CHECK(layout.nameAnchor[0].y + layout.wordsPx * 1.3f <= layout.table.bottom() + 0.5f);
        }
        CHECK(computeLayout(width, height, [] { LayoutOptions o; o.userScale = 2; return o; }()).wordsPx == Approx(2 * kTableWordsPx));
    }
}
