#pragma once

// How large the window's words and widgets are (menus, dialogs, the status bar, banners): 1 at
// the default 1024x720 window, growing and shrinking with the window, times the player's
// [player] ui_scale. Pure.
namespace speed::client {

inline constexpr float kBaseWidthPx = 1024;
inline constexpr float kBaseHeightPx = 720;
// The smallest scale: the menus' words at 11 px and more, whatever the window and the factor.
inline constexpr float kSmallestUiScale = 0.75f;

// The window's own part: the smaller of the width and height ratios to 1024x720, held within
// 0.8..2.5 (below that text stops being readable, above it a 4K window still fits its menus).
// Then times userScale (0.5..2), held within 0.5..4, rounded to a twentieth: a window resized
// pixel by pixel rebuilds its fonts at most every 5%.
float uiScaleFor(float windowWidthPx, float windowHeightPx, float userScale);

} // namespace speed::client
