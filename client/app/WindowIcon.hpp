#pragma once

#include <string_view>

namespace speed::client {

// The game's icon (assets/icons/speed.svg, the same picture the desktop shows), built into the
// program so the window never looks for a file to wear it.
std::string_view windowIconSvg();

// The size the window's icon is drawn at: window managers scale it for their title bars and
// task switchers.
inline constexpr int kWindowIconPx = 64;

} // namespace speed::client
