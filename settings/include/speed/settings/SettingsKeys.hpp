#pragma once

#include "speed/settings/Settings.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace speed {

// The form of a key's values, which says what kind of problem a refused value is.
enum class SettingsValue : std::uint8_t {
    WholeNumber, // min..max
    Factor,      // a factor with at most two decimals, min..max in percent
    OnOff,
    Address,     // an IP address or host name
    Choice,      // one of a few words
    Name,        // a player name
    Password,
};

// One key of setup.ini: where it lives, how to read it from text and write it back.
// The parser and the writer share this table, so they can never disagree on a key.
struct SettingsKey {
    std::string_view section;
    std::string_view name;
    std::string_view expected; // what a valid value looks like, for error messages
    SettingsValue form;
    long min = 0; // WholeNumber, Factor: the range
    long max = 0;
    // Stores `value` into `settings`; returns false when the value is not acceptable.
    bool (*assign)(Settings& settings, std::string_view value);
    std::string (*render)(const Settings& settings);
    bool secret = false; // a password: forms hide it as it is typed and take it untrimmed
};

std::span<const SettingsKey> settingsKeys();

// Why `value`, which `key.assign` refused, is wrong: BadNumber, OutOfRange, BadBoolean, ...
SettingsProblem valueProblem(const SettingsKey& key, std::string_view value);

// Case-insensitive lookup; nullptr when setup.ini has no such key.
const SettingsKey* findSettingsKey(std::string_view section, std::string_view name);

bool equalsIgnoringCase(std::string_view a, std::string_view b);

} // namespace speed
