#pragma once

#include "speed/settings/Settings.hpp"

#include <span>
#include <string>
#include <string_view>

namespace speed {

// One key of setup.ini: where it lives, how to read it from text and write it back.
// The parser and the writer share this table, so they can never disagree on a key.
struct SettingsKey {
    std::string_view section;
    std::string_view name;
    std::string_view expected; // what a valid value looks like, for error messages
    // Stores `value` into `settings`; returns false when the value is not acceptable.
    bool (*assign)(Settings& settings, std::string_view value);
    std::string (*render)(const Settings& settings);
    bool secret = false; // a password: forms hide it as it is typed and take it untrimmed
};

std::span<const SettingsKey> settingsKeys();

// Case-insensitive lookup; nullptr when setup.ini has no such key.
const SettingsKey* findSettingsKey(std::string_view section, std::string_view name);

bool equalsIgnoringCase(std::string_view a, std::string_view b);

} // namespace speed
