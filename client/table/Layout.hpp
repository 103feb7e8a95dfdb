#pragma once

#include "table/Geometry.hpp"
#include "table/Place.hpp"

#include "speed/common/GameState.hpp"

#include <array>
#include <optional>
#include <vector>

namespace speed::client {

// Where everything sits for one window size. Computed in card units (a card is 1 wide and
// kCardAspect tall) and scaled to the largest card that fits. The local seat sits at the
// bottom; the opponent is mirrored at the top (their deck on the right, their slots reversed).
struct TableLayout {
    float cardWidthPx = 0;
    float cardHeightPx = 0;
    Rect window;                                   // the whole window
    Rect table;                                    // the felt (window minus reserved panels)
    Rect statusBar;                                // bottom strip with the GameInfo name
    Rect speaker;                                  // the sound's state, at the status bar's right end: a click toggles it
    std::array<Rect, kSeats> deck{};               // indexed by seat
    std::array<std::vector<Rect>, kSeats> hand{};  // indexed by seat, then slot
    std::array<Rect, kFieldPiles> pile{};          // indexed by field pile
    Rect clock;                                    // elapsed game time, left of the piles
    Rect banner;                                   // results and match notices: over the opponent's row
    Rect call;                                     // the SPEED! call: right of the field piles
    std::array<Point, kSeats> nameAnchor{};        // where each side's name label starts
    float wordsPx = 12;                            // the table's own words (names, TIME, the score) are never smaller
};

// Room other parts of the window may take away from the felt (menus, the message log).
struct LayoutOptions {
    int handSize = 4;
    int localSeat = 0;
    float menuBarHeightPx = 0;
    float sidePanelWidthPx = 0; // on the right
    float uiScale = 1;          // uiScaleFor(): the status bar's height follows it
    float userScale = 1;        // [player] ui_scale alone: the banners follow it, within what the row allows
};

inline constexpr float kCardAspect = 1.4f; // height / width
// The table's words at UI scale 1, at least; they grow with the scale, never under 11 px.
inline constexpr float kTableWordsPx = 12.0f;
inline constexpr float kSmallestWordsPx = 11.0f;
// A banner's detail line (the time, what to press next): this share of the banner's height.
inline constexpr float kBannerDetailShare = 0.15f;

TableLayout computeLayout(float windowWidthPx, float windowHeightPx, const LayoutOptions& options);

// The rectangle of a place on this layout.
Rect rectOf(const TableLayout& layout, const Place& place);

// The place under `point`, if any. `slackPx` widens every target (forgiving drops).
std::optional<Place> hitTest(const TableLayout& layout, Point point, float slackPx = 0);

} // namespace speed::client
