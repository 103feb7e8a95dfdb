#include "table/KeyCaps.hpp"

#include <algorithm>

namespace speed::client {

float keyCapHeight(const TableLayout& layout, float uiScale) {
    const float wanted = std::max(layout.cardWidthPx * 0.2f, 12.0f * uiScale);
    return std::min(wanted, layout.cardWidthPx / 3);
}

Rect keyCapBox(const TableLayout& layout, const Place& place, int seat, int bottomSeat, float heightPx, std::size_t labelChars) {
    const Rect card = rectOf(layout, place);
    const float width = heightPx * (labelChars > 1 ? 0.55f + 0.45f * static_cast<float>(labelChars) : 1.0f);
    // Toward the field from the player's row; a pile's cap on the side of the player it is for.
    const bool atBottomEdge = place.kind == PlaceKind::Pile ? seat == bottomSeat : seat != bottomSeat;
    const float edge = atBottomEdge ? card.bottom() : card.top;
    return {card.center().x - width / 2, edge - heightPx / 2, width, heightPx};
}

} // namespace speed::client
