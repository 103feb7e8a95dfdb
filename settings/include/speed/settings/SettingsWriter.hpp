#pragma once

#include "speed/settings/Settings.hpp"

#include <string>
#include <string_view>

namespace speed {

// Writes `settings` into existing setup.ini text for the window's Settings dialog: the values of
// keys this program knows are replaced in place; comments, blank lines, key spelling, spacing,
// inline comments and line endings stay as they were. Known keys missing from the text are
// added at the end of their section, and missing sections at the end of the text.
// Pure: the caller reads and writes the file.
std::string writeSettings(std::string_view existingText, const Settings& settings);

} // namespace speed
