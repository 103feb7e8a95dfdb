#pragma once

#include "speed/common/Bot.hpp"
#include "speed/common/RuleOptions.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace speed {

// setup.ini (docs/NETWORK.md). In brackets: the Japanese name each key had before it had an
// English one.
struct NetworkSettings {
    static constexpr std::uint16_t kDefaultPort = 50001;
    static constexpr int kDefaultWaitSeconds = 30;
    static constexpr int kMaxWaitSeconds = 86400;
    static constexpr int kDefaultGraceSeconds = 60;
    static constexpr int kMinGraceSeconds = 5; // more than the 3 s of silence that pauses a game
    static constexpr int kMaxGraceSeconds = 3600;
    static constexpr std::size_t kMaxPeerChars = 180; // "peer = " and it fit one line (kMaxLineChars)

    std::string peer;                   // [対戦者IPアドレス] IP or host name; empty: host only
    std::uint16_t port = kDefaultPort;  // [使用ポート] both sides use the same port
    int waitSeconds = kDefaultWaitSeconds; // [対戦者を待つ時間] how long a host waits for a client
    // How long a match is kept while nothing is heard from the other player (a crash, a
    // network drop) before it is given up: SessionTiming::graceMs.
    int graceSeconds = kDefaultGraceSeconds;
    static constexpr std::size_t kMaxPasswordChars = 64;
    std::string password; // empty: none; else both players set the same (docs/PROTOCOL.md)
    friend bool operator==(const NetworkSettings&, const NetworkSettings&) = default;
};

// The language of the window's words: auto follows the locale (LC_ALL, LC_MESSAGES, LANG).
enum class UiLanguage { Auto, English, Japanese };
std::string_view toString(UiLanguage language); // "auto", "en", "ja"
std::optional<UiLanguage> parseUiLanguage(std::string_view text);

struct PlayerSettings {
    static constexpr std::size_t kMaxNameLength = 16;
    static constexpr int kDefaultVolume = 80;
    static constexpr int kMaxVolume = 100;
    std::string name = "player";
    bool sound = true;              // the window's sound effects (M mutes them while it runs)
    int volume = kDefaultVolume;    // 0..100, of the effects' full level
    static constexpr int kMinUiScalePercent = 50;
    static constexpr int kMaxUiScalePercent = 200;
    // How large the window's words and widgets are, over what its size gives: 100 = as is.
    // setup.ini writes it as a factor (ui_scale = 1.25), kept here in whole percent.
    int uiScalePercent = 100;
    UiLanguage language = UiLanguage::Auto;
    friend bool operator==(const PlayerSettings&, const PlayerSettings&) = default;
};

struct Settings {
    NetworkSettings network;
    PlayerSettings player;
    RuleOptions rules;
    BotLevel cpuLevel = BotLevel::Normal;
    friend bool operator==(const Settings&, const Settings&) = default;
};

// A value that setup.ini rejects: where it is and what was expected.
struct SettingsError {
    std::string file;
    int line = 0;          // 1-based; 0 when the whole file is at fault (cannot be read)
    std::string section;
    std::string key;
    std::string problem;   // e.g. "expected a port number 1..65535, got \"70000\""

    std::string describe() const;
};

struct SettingsResult {
    std::optional<Settings> settings;  // set when the text is valid
    std::optional<SettingsError> error; // set otherwise
    bool fromFile = false;             // false when the file was missing and defaults apply
    std::string warning;               // e.g. a password in a file others may read (the file is used)
};

// Parses setup.ini text. `fileName` only names the file in error messages.
// Missing keys keep their defaults; unknown sections or keys and bad values are errors.
SettingsResult parseSettings(std::string_view text, std::string_view fileName);

// Reads `path`; a missing file means defaults (fromFile = false).
SettingsResult loadSettings(const std::string& path);

// Checks a name as [player] name accepts it: empty when fine, else what is expected.
std::string checkPlayerName(std::string_view name);

struct SaveResult {
    bool saved = false;
    std::string error; // why not: the file cannot be written, or the result would not read back
};

// Writes `settings` into the file at `path` (writeSettings over what is there, comments kept),
// through a temporary file and a rename, so a failure leaves the old file whole. A file that
// holds a password is made readable by its owner only (mode 0600).
SaveResult saveSettings(const std::string& path, const Settings& settings);

} // namespace speed
