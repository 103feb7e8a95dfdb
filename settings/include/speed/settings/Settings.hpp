#pragma once

#include "speed/common/Bot.hpp"
#include "speed/common/ConnectionDefaults.hpp"
#include "speed/common/RuleOptions.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace speed {

// setup.ini (docs/NETWORK.md). In brackets: the Japanese name each key had before it had an
// English one.
struct NetworkSettings {
    static constexpr std::uint16_t kDefaultPort = connection_defaults::kPort;
    static constexpr int kDefaultWaitSeconds = connection_defaults::kWaitSeconds;
    static constexpr int kMaxWaitSeconds = 86400;
    static constexpr int kDefaultGraceSeconds = connection_defaults::kGraceSeconds;
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
    // A waiting host answers the LAN's searches for hosts (docs/NETWORK.md, "Finding hosts").
    bool announce = true;
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
    // The card deck: a deck's name as `speed --list-cards` prints it, "auto" (the preferred
    // installed deck) or "built-in" (the cards the game draws itself). Which decks exist is the
    // window's business: the reader only checks that setup.ini can hold the name.
    static constexpr std::size_t kMaxCardsChars = 64;
    std::string cards = "auto";
    // The back of the cards: "deck" (the chosen deck's own), "built-in", or another deck's name.
    std::string cardBack = "deck";
    // Reduced motion: cards fade in where they land instead of flying, a win has no confetti.
    bool reducedMotion = false;
    friend bool operator==(const PlayerSettings&, const PlayerSettings&) = default;
};

struct Settings {
    NetworkSettings network;
    PlayerSettings player;
    RuleOptions rules;
    BotLevel cpuLevel = BotLevel::Normal;
    friend bool operator==(const Settings&, const Settings&) = default;
};

// What setup.ini's reader refuses, each kind it tells apart.
enum class SettingsProblem : std::uint8_t {
    Unreadable,          // the file cannot be read (line 0)
    SecondByteOrderMark, // a second UTF-8 byte-order mark at the start of the file
    NulByte,             // a NUL byte: the file is not plain text
    LoneCarriageReturn,  // a CR that ends no line
    LineTooLong,         // a line longer than kMaxSettingsLineChars
    TextAfterSection,    // text after a section's ']'
    NotKeyValue,         // not a [section], key = value pair or ; comment
    KeyOutsideSection,   // a key before any [section]
    UnknownSection,      // a section setup.ini does not have (section, key)
    UnknownKey,          // a key its section does not have (section, key)
    DuplicateKey,        // a key given twice in the file
    // A value its key does not accept (section, key, value):
    BadNumber,   // not a number of the key's form (a whole number; ui_scale: a factor)
    OutOfRange,  // a number outside the key's range (min, max)
    BadBoolean,  // not on or off
    BadAddress,  // not an IP address or host name
    BadChoice,   // not one of the key's words
    BadName,     // not a player name
    BadPassword, // a password setup.ini cannot hold
};

// libinih reads a line in one piece only up to this length (its 200-byte buffer holds the line
// end and a NUL too); a longer one it would cut in two and read the rest as a line of its own.
inline constexpr std::size_t kMaxSettingsLineChars = 196;

// A problem setup.ini has: what, where, and the value at fault.
struct SettingsError {
    SettingsProblem kind = SettingsProblem::NotKeyValue;
    std::string file{};
    int line = 0;          // 1-based; 0 when the whole file is at fault (cannot be read)
    std::string section{};   // as written (trimmed)
    std::string key{};       // as written
    std::string value{};     // a bad value: as written
    long min = 0;          // OutOfRange: the key's range, in its unit (ui_scale: percent)
    long max = 0;

    // "setup.ini:3: [network] port: expected a port number 1..65535, got "70000"": the English
    // of the programs' terminals and logs. The window words the kind itself.
    std::string describe() const;
    std::string problemText() const; // the part after the file, line and key
};

struct SettingsResult {
    std::optional<Settings> settings;  // set when the text is valid
    std::optional<SettingsError> error; // set otherwise
    bool fromFile = false;             // false when the file was missing and defaults apply
    // The keys the file gives ("cpu.level", lower case): what is not there is a default.
    std::vector<std::string> keysGiven;
    bool gives(std::string_view section, std::string_view key) const;
    std::string warning;               // e.g. a password in a file others may read (the file is used)
};

// Parses setup.ini text. `fileName` only names the file in error messages.
// Missing keys keep their defaults; unknown sections or keys and bad values are errors.
SettingsResult parseSettings(std::string_view text, std::string_view fileName);

// Reads `path`; a missing file means defaults (fromFile = false).
SettingsResult loadSettings(const std::string& path);

// Checks a name as [player] name accepts it: empty when fine, else what is expected.
std::string checkPlayerName(std::string_view name);

// Why a file was not saved.
enum class SaveProblem : std::uint8_t {
    None,
    WouldNotReadBack, // the text written would not read back (readBack says why)
    CannotMakeFolder, // the file's folder cannot be made (path, systemError)
    CannotWrite,      // the temporary file cannot be written (path)
    CannotReplace,    // the temporary file cannot replace the file (path, systemError)
    NotAFile,         // the path names something else than a file (a device such as /dev/null, a folder): left alone (path)
};

struct SaveResult {
    bool saved = false;
    SaveProblem problem = SaveProblem::None;
    std::string path;        // the folder or file at fault
    std::string systemError; // the operating system's own words
    std::optional<SettingsError> readBack;
    std::string error; // why not, in English for logs and terminals (describeSaveProblem); empty when saved
};
std::string describeSaveProblem(const SaveResult& result);

// Writes `settings` into the file at `path` (writeSettings over what is there, comments kept),
// through a temporary file and a rename, so a failure leaves the old file whole. A file that
// holds a password is made readable by its owner only (mode 0600).
SaveResult saveSettings(const std::string& path, const Settings& settings);

} // namespace speed
