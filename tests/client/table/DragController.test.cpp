#include "table/DragController.hpp"
#include "table/Speeds.hpp"

#include <catch2/catch.hpp>

using namespace speed::client;

namespace {
const Place kSlot = Place::handSlot(0, 2);
const Rect kHome{100, 400, 80, 112};
} // namespace

TEST_CASE("drag: a press released within the threshold is a click") {
    DragController drag;
    REQUIRE(drag.press(kSlot, kHome, {120, 420}));
    CHECK(drag.phase() == DragPhase::Pressed);
    CHECK_FALSE(drag.move({122, 422})); // 2.8 px: still a click
    const Release release = drag.release({123, 421}, Place::pile(0));
    CHECK(release.kind == ReleaseKind::Click);
    CHECK(release.source == kSlot);
    CHECK(drag.phase() == DragPhase::Idle);
}

TEST_CASE("drag: moving past the threshold starts a drag - the card follows the pointer") {
    DragController drag;
    drag.press(kSlot, kHome, {120, 420});
    CHECK(drag.move({120 + kDragStartPx + 1, 420}));
    CHECK(drag.phase() == DragPhase::Dragging);
    drag.move({220, 300});
    CHECK(drag.cardRect() == Rect{200, 280, 80, 112}); // the grab point stays under the pointer
    const Release release = drag.release({230, 310}, Place::pile(1));
    CHECK(release.kind == ReleaseKind::Drop);
    CHECK(release.target == Place::pile(1));
    CHECK(release.cardRect == Rect{210, 290, 80, 112});
}

TEST_CASE("drag: a drop on nothing carries no target - release without press means nothing") {
    DragController drag;
    CHECK(drag.release({0, 0}, std::nullopt).kind == ReleaseKind::None);
    drag.press(kSlot, kHome, {120, 420});
    drag.move({300, 100});
    const Release release = drag.release({300, 100}, std::nullopt);
    CHECK(release.kind == ReleaseKind::Drop);
    CHECK_FALSE(release.target.has_value());
}

TEST_CASE("drag: one gesture at a time and and cancel forgets it") {
    DragController drag;
    REQUIRE(drag.press(kSlot, kHome, {120, 420}));
    CHECK_FALSE(drag.press(Place::deck(0), kHome, {0, 0}));
    CHECK(drag.holds(kSlot));
    drag.cancel();
    CHECK(drag.phase() == DragPhase::Idle);
    CHECK_FALSE(drag.holds(kSlot));
    CHECK(drag.release({0, 0}, std::nullopt).kind == ReleaseKind::None);
}
