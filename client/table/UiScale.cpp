#include "table/UiScale.hpp"

#include <algorithm>
#include <cmath>

namespace speed::client {

float uiScaleFor(float windowWidthPx, float windowHeightPx, float userScale) {
    const float window = std::clamp(std::min(windowWidthPx / kBaseWidthPx, windowHeightPx / kBaseHeightPx), 0.8f, 2.5f);
    // Never so small that the menus' 15 px font goes under 11 px (0.75 of it).
    const float scale = std::clamp(window * std::clamp(userScale, 0.5f, 2.0f), kSmallestUiScale, 4.0f);
    return std::round(scale * 20.0f) / 20.0f;
}

} // namespace speed::client
