#include "table/Layout.hpp"

#include <algorithm>

namespace speed::client {
namespace {

// Card-unit geometry of the felt; one unit is one card width.
constexpr float kMarginUnits = 0.45f;
constexpr float kDeckGapUnits = 0.6f;     // between a deck and its hand
constexpr float kSlotGapUnits = 0.18f;    // between hand slots
constexpr float kPileGapUnits = 0.5f;     // between the two field piles
constexpr float kRowGapUnits = 0.42f;     // between the three rows
constexpr float kLabelUnits = 0.32f;      // name label above/below each side
constexpr float kMinCardWidthPx = 12.0f;

float rowWidthUnits(int handSize) {
    return 1.0f + kDeckGapUnits + static_cast<float>(handSize) + static_cast<float>(handSize - 1) * kSlotGapUnits;
}

float tableWidthUnits(int handSize) { return rowWidthUnits(handSize) + 2 * kMarginUnits; }

float tableHeightUnits() { return 3 * kCardAspect + 2 * kRowGapUnits + 2 * kLabelUnits + 2 * kMarginUnits; }

// 26 px at the default window and scale; never more than a tenth of the window, never less than
// 22 px (its words are at least 11 px).
float statusBarHeight(float windowHeightPx, float uiScale) {
    return std::clamp(26.0f * uiScale, 22.0f, std::max(22.0f, windowHeightPx * 0.1f));
}

struct RowPlacement {
    float left;   // left edge of the whole row, in px
    float top;    // top of the cards, in px
    float unitPx; // px per card unit
};

// Bottom row: deck on the left, slots left to right. Top row: mirrored.
void placeSide(TableLayout& layout, int seat, bool atBottom, int handSize, const RowPlacement& row) {
    const float w = layout.cardWidthPx;
    const float h = layout.cardHeightPx;
    const float rowWidth = rowWidthUnits(handSize) * row.unitPx;
    auto& slots = layout.hand[static_cast<std::size_t>(seat)];
    slots.assign(static_cast<std::size_t>(handSize), Rect{});
    const float handLeftUnits = 1.0f + kDeckGapUnits;
    for (int slot = 0; slot < handSize; ++slot) {
        const float offset = (handLeftUnits + static_cast<float>(slot) * (1.0f + kSlotGapUnits)) * row.unitPx;
        const float x = atBottom ? row.left + offset : row.left + rowWidth - offset - w;
        slots[static_cast<std::size_t>(slot)] = {x, row.top, w, h};
    }
    const float deckX = atBottom ? row.left : row.left + rowWidth - w;
    layout.deck[static_cast<std::size_t>(seat)] = {deckX, row.top, w, h};
}

} // namespace

TableLayout computeLayout(float windowWidthPx, float windowHeightPx, const LayoutOptions& options) {
    const int handSize = std::clamp(options.handSize, RuleOptions::kMinHandSize, RuleOptions::kMaxHandSize);
    TableLayout layout;
    layout.window = {0, 0, windowWidthPx, windowHeightPx};
    const float barHeight = statusBarHeight(windowHeightPx, options.uiScale);
    const float feltWidth = std::max(1.0f, windowWidthPx - options.sidePanelWidthPx);
    const float feltHeight = std::max(1.0f, windowHeightPx - options.menuBarHeightPx - barHeight);
    layout.table = {0, options.menuBarHeightPx, feltWidth, feltHeight};
    layout.statusBar = {0, windowHeightPx - barHeight, windowWidthPx, barHeight};
    const float speakerWidth = std::min(barHeight * 1.4f, windowWidthPx / 4);
    layout.speaker = {windowWidthPx - speakerWidth, layout.statusBar.top, speakerWidth, barHeight};

    // The names' rows take what their words need at the UI scale, when that is more than their
    // share of card units: the cards give way (a few passes settle it, the need growing as
    // the cards shrink).
    layout.wordsPx = std::max(kSmallestWordsPx, kTableWordsPx * options.userScale);
    const auto labelNeedPx = [&layout](float unitPx) { return layout.wordsPx * 1.35f + 0.02f * unitPx; };
    float unit = std::min(feltWidth / tableWidthUnits(handSize), feltHeight / tableHeightUnits());
    for (int pass = 0; pass < 3; ++pass) {
        const float extra = std::max(0.0f, labelNeedPx(unit) - kLabelUnits * unit);
        unit = std::min(feltWidth / tableWidthUnits(handSize), std::max(0.0f, feltHeight - 2 * extra) / tableHeightUnits());
    }
    unit = std::max(kMinCardWidthPx, unit);
    const float labelPx = std::max(kLabelUnits * unit, labelNeedPx(unit));
    layout.cardWidthPx = unit;
    layout.cardHeightPx = unit * kCardAspect;
    const float contentHeight = tableHeightUnits() * unit + 2 * (labelPx - kLabelUnits * unit);
    const float top = layout.table.top + std::max(0.0f, (feltHeight - contentHeight) / 2);
    const float rowLeft = layout.table.left + (feltWidth - rowWidthUnits(handSize) * unit) / 2;

    const float topRowY = top + kMarginUnits * unit + labelPx;
    const float fieldRowY = topRowY + layout.cardHeightPx + kRowGapUnits * unit;
    const float bottomRowY = fieldRowY + layout.cardHeightPx + kRowGapUnits * unit;
    const int local = options.localSeat == 1 ? 1 : 0;
    const int opponent = 1 - local;
    placeSide(layout, local, true, handSize, {rowLeft, bottomRowY, unit});
    placeSide(layout, opponent, false, handSize, {rowLeft, topRowY, unit});

    // Field piles in the middle, each seat's flip pile on its own left: seen from seat 1 across
    // the table, pile 1 is on the left.
    const float centerX = layout.table.left + feltWidth / 2;
    const Rect leftPile{centerX - kPileGapUnits * unit / 2 - unit, fieldRowY, unit, layout.cardHeightPx};
    const Rect rightPile{centerX + kPileGapUnits * unit / 2, fieldRowY, unit, layout.cardHeightPx};
    layout.pile[static_cast<std::size_t>(local)] = leftPile;
    layout.pile[static_cast<std::size_t>(opponent)] = rightPile;

    layout.clock = {rowLeft, fieldRowY, leftPile.left - rowLeft - kPileGapUnits * unit, layout.cardHeightPx};
    // Banners never cover the field: the piles' tops are what a player reads the moment a
    // banner appears. Notices go over the opponent's row, the SPEED! call beside the piles.
    // ui_scale makes the band taller within the opponent's row and the gap below it.
    const float bannerScale = std::clamp(options.userScale, 0.8f, 1.25f);
    // Tall enough that its detail lines are not drawn under the smallest words, on a small table
    // too, while it stays within the opponent's row.
    const float bannerHeight = std::min(layout.cardHeightPx, std::max(layout.cardHeightPx * 0.76f * bannerScale,
                                                                      kSmallestWordsPx / kBannerDetailShare));
    layout.banner = {layout.table.left, topRowY + layout.cardHeightPx * 0.5f - bannerHeight / 2, feltWidth, bannerHeight};
    const float callLeft = rightPile.right() + kPileGapUnits * unit / 2;
    const float callRight = layout.table.left + feltWidth - kMarginUnits * unit / 2;
    layout.call = {callLeft, fieldRowY + layout.cardHeightPx * 0.2f, std::max(0.0f, callRight - callLeft),
                   layout.cardHeightPx * 0.6f};
    if (layout.call.width < 1.2f * unit) layout.call = layout.banner; // a narrow table: over the opponent's row
    layout.nameAnchor[static_cast<std::size_t>(local)] = {rowLeft, bottomRowY + layout.cardHeightPx + 0.06f * unit};
    layout.nameAnchor[static_cast<std::size_t>(opponent)] = {rowLeft, topRowY - labelPx + 0.02f * unit};
    return layout;
}

Rect rectOf(const TableLayout& layout, const Place& place) {
    const auto seat = static_cast<std::size_t>(std::clamp(place.seat, 0, kSeats - 1));
    switch (place.kind) {
    case PlaceKind::Deck: return layout.deck[seat];
    case PlaceKind::Pile: return layout.pile[static_cast<std::size_t>(std::clamp(place.index, 0, kFieldPiles - 1))];
    case PlaceKind::HandSlot: {
        const auto& slots = layout.hand[seat];
        if (place.index < 0 || static_cast<std::size_t>(place.index) >= slots.size()) return {};
        return slots[static_cast<std::size_t>(place.index)];
    }
    }
    return {};
}

std::optional<Place> hitTest(const TableLayout& layout, Point point, float slackPx) {
    for (int pile = 0; pile < kFieldPiles; ++pile) {
        if (layout.pile[static_cast<std::size_t>(pile)].inflated(slackPx).contains(point)) return Place::pile(pile);
    }
    for (int seat = 0; seat < kSeats; ++seat) {
        const auto& slots = layout.hand[static_cast<std::size_t>(seat)];
        for (std::size_t slot = 0; slot < slots.size(); ++slot) {
            if (slots[slot].inflated(slackPx).contains(point)) return Place::handSlot(seat, static_cast<int>(slot));
        }
        if (layout.deck[static_cast<std::size_t>(seat)].inflated(slackPx).contains(point)) return Place::deck(seat);
    }
    return std::nullopt;
}

} // namespace speed::client
