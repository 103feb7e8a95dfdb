#include "speed/settings/SettingsKeys.hpp"

#include "SettingsText.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <optional>
#include <string>

namespace speed {
namespace {

std::optional<long> parseWholeNumber(std::string_view text) {
    long value = 0;
    const char* end = text.data() + text.size();
    const auto [rest, error] = std::from_chars(text.data(), end, value);
    if (text.empty() || error != std::errc{} || rest != end) return std::nullopt;
    return value;
}

bool isHostNameCharacter(char c) {
    const auto u = static_cast<unsigned char>(c);
    // Letters, digits, '-', '.', plus ':' '[' ']' '%' for IPv6 literals and scope ids.
    return std::isalnum(u) != 0 || c == '-' || c == '.' || c == ':' || c == '[' || c == ']' ||
           c == '%' || c == '_';
}

// Whether `text` is an IPv4 address in dotted decimal (four numbers 0..255, no leading zero).
bool isDottedIpv4(std::string_view text) {
    for (int parts = 1;; ++parts) {
        const std::size_t end = std::min(text.find('.'), text.size());
        const std::string_view part = text.substr(0, end);
        const auto value = parseWholeNumber(part);
        if (!value || *value > 255 || part.size() > 3 || (part.size() > 1 && part[0] == '0')) return false;
        if (end == text.size()) return parts == 4;
        if (parts == 4) return false; // a fifth part
        text.remove_prefix(end + 1);
    }
}

// Whether `text` is an IPv6 address in its text form (RFC 4291 2.2): eight groups of 1..4 hex
// digits, a single "::" standing for one or more zero groups, and the last two groups possibly
// written as a dotted IPv4 address.
bool isIpv6Literal(std::string_view text) {
    const std::size_t gap = text.find("::");
    if (gap != std::string_view::npos && text.find("::", gap + 1) != std::string_view::npos) return false;
    // The groups on either side of "::" (or the whole text), counted and checked.
    const auto groups = [](std::string_view side, bool last, int& count) {
        if (side.empty()) return true;
        while (true) {
            const std::size_t end = std::min(side.find(':'), side.size());
            const std::string_view group = side.substr(0, end);
            if (last && end == side.size() && group.find('.') != std::string_view::npos) {
                count += 2;
                return isDottedIpv4(group);
            }
            if (group.empty() || group.size() > 4) return false;
            for (const char c : group) {
                if (std::isxdigit(static_cast<unsigned char>(c)) == 0) return false;
            }
            ++count;
            if (end == side.size()) return true;
            side.remove_prefix(end + 1);
        }
    };
    int count = 0;
    if (gap == std::string_view::npos) return groups(text, true, count) && count == 8;
    return groups(text.substr(0, gap), false, count) && groups(text.substr(gap + 2), true, count) && count <= 7;
}

// A ':' belongs to an IPv6 literal only (bare or in brackets, with a %scope): "host:port" or
// "[::1]:50001" is refused, since the port is a key of its own and would otherwise be taken for
// part of a host name that never resolves.
bool colonsAreIpv6(std::string_view value) {
    if (value.find_first_of(":[]") == std::string_view::npos) return true;
    if (value.front() == '[') {
        if (value.size() < 2 || value.back() != ']') return false;
        value = value.substr(1, value.size() - 2);
    }
    const std::size_t scope = value.find('%');
    if (scope != std::string_view::npos && scope + 1 == value.size()) return false; // an empty scope
    return isIpv6Literal(value.substr(0, scope));
}

bool assignPeer(Settings& s, std::string_view value) {
    if (value.size() > NetworkSettings::kMaxPeerChars) return false;
    for (char c : value) {
        if (!isHostNameCharacter(c)) return false;
    }
    if (!colonsAreIpv6(value)) return false;
    s.network.peer = std::string(value);
    return true;
}

bool assignPort(Settings& s, std::string_view value) {
    const auto port = parseWholeNumber(value);
    if (!port || *port < 1 || *port > 65535) return false;
    s.network.port = static_cast<std::uint16_t>(*port);
    return true;
}

bool assignWait(Settings& s, std::string_view value) {
    const auto seconds = parseWholeNumber(value);
    if (!seconds || *seconds < 1 || *seconds > NetworkSettings::kMaxWaitSeconds) return false;
    s.network.waitSeconds = static_cast<int>(*seconds);
    return true;
}

bool assignGrace(Settings& s, std::string_view value) {
    const auto seconds = parseWholeNumber(value);
    if (!seconds || *seconds < NetworkSettings::kMinGraceSeconds || *seconds > NetworkSettings::kMaxGraceSeconds) {
        return false;
    }
    s.network.graceSeconds = static_cast<int>(*seconds);
    return true;
}

// Whether setup.ini holds `value` as typed, up to `maxChars`: no control character, no blank at
// either end (libinih trims them), no ';' after a blank or at the start (a comment to libinih).
bool holdsAsTyped(std::string_view value, std::size_t maxChars) {
    if (value.size() > maxChars) return false;
    for (std::size_t i = 0; i < value.size(); ++i) {
        const auto byte = static_cast<unsigned char>(value[i]);
        if (byte < 0x20 || byte == 0x7f) return false;
        if (value[i] == ';' && (i == 0 || settings_text::isBlank(value[i - 1]))) return false;
    }
    return value.empty() || (!settings_text::isBlank(value.front()) && !settings_text::isBlank(value.back()));
}

// Stored as typed: only what setup.ini could not hold is refused.
bool assignPassword(Settings& s, std::string_view value) {
    if (!holdsAsTyped(value, NetworkSettings::kMaxPasswordChars)) return false;
    s.network.password = std::string(value);
    return true;
}

// A deck's name: 1..64 characters setup.ini holds as typed.
bool isDeckName(std::string_view value) { return !value.empty() && holdsAsTyped(value, PlayerSettings::kMaxCardsChars); }

bool assignCards(Settings& s, std::string_view value) {
    if (!isDeckName(value)) return false;
    s.player.cards = std::string(value);
    return true;
}

bool assignCardBack(Settings& s, std::string_view value) {
    if (!isDeckName(value)) return false;
    s.player.cardBack = std::string(value);
    return true;
}

bool assignMotion(Settings& s, std::string_view value) {
    if (value != "full" && value != "reduced") return false;
    s.player.reducedMotion = value == "reduced";
    return true;
}

bool assignName(Settings& s, std::string_view value) {
    if (!checkPlayerName(value).empty()) return false;
    s.player.name = std::string(value);
    return true;
}

bool assignAnnounce(Settings& s, std::string_view value) {
    if (value != "on" && value != "off") return false;
    s.network.announce = value == "on";
    return true;
}

bool assignSound(Settings& s, std::string_view value) {
    if (value != "on" && value != "off") return false;
    s.player.sound = value == "on";
    return true;
}

bool assignVolume(Settings& s, std::string_view value) {
    const auto volume = parseWholeNumber(value);
    if (!volume || *volume < 0 || *volume > PlayerSettings::kMaxVolume) return false;
    s.player.volume = static_cast<int>(*volume);
    return true;
}

// A factor with at most two decimals ("1", "1.25", "0.8"), kept in whole percent.
std::optional<int> parsePercentFactor(std::string_view text) {
    const auto dot = text.find('.');
    const std::string_view whole = text.substr(0, dot);
    std::string_view fraction = dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
    if (dot != std::string_view::npos && (fraction.empty() || fraction.size() > 2)) return std::nullopt;
    const auto units = parseWholeNumber(whole);
    if (!units || *units < 0 || *units > 100 || whole.front() == '+') return std::nullopt;
    long hundredths = 0;
    if (!fraction.empty()) {
        for (char c : fraction) {
            if (c < '0' || c > '9') return std::nullopt;
        }
        hundredths = *parseWholeNumber(fraction) * (fraction.size() == 1 ? 10 : 1);
    }
    return static_cast<int>(*units * 100 + hundredths);
}

std::string percentFactorText(int percent) {
    std::string text = std::to_string(percent / 100);
    if (const int rest = percent % 100; rest != 0) {
        text += '.';
        text += static_cast<char>('0' + rest / 10);
        if (rest % 10 != 0) text += static_cast<char>('0' + rest % 10);
    }
    return text;
}

bool assignUiScale(Settings& s, std::string_view value) {
    const auto percent = parsePercentFactor(value);
    if (!percent || *percent < PlayerSettings::kMinUiScalePercent || *percent > PlayerSettings::kMaxUiScalePercent) {
        return false;
    }
    s.player.uiScalePercent = *percent;
    return true;
}

bool assignLanguage(Settings& s, std::string_view value) {
    const auto language = parseUiLanguage(value);
    if (language) s.player.language = *language;
    return language.has_value();
}

bool assignJokers(Settings& s, std::string_view value) {
    if (value != "0" && value != "2") return false;
    s.rules.jokers = value == "2" ? 2 : 0;
    return true;
}

bool assignDeal(Settings& s, std::string_view value) {
    const auto mode = parseDealMode(value);
    if (mode) s.rules.deal = *mode;
    return mode.has_value();
}

bool assignHand(Settings& s, std::string_view value) {
    const auto size = parseWholeNumber(value);
    if (!size || *size < RuleOptions::kMinHandSize || *size > RuleOptions::kMaxHandSize) {
        return false;
    }
    s.rules.handSize = static_cast<int>(*size);
    return true;
}

bool assignRefill(Settings& s, std::string_view value) {
    const auto mode = parseRefillMode(value);
    if (mode) s.rules.refill = *mode;
    return mode.has_value();
}

bool assignArbitration(Settings& s, std::string_view value) {
    const auto arbitration = parseArbitration(value);
    if (arbitration) s.rules.arbitration = *arbitration;
    return arbitration.has_value();
}

bool assignLevel(Settings& s, std::string_view value) {
    const auto level = parseBotLevel(value);
    if (level) s.cpuLevel = *level;
    return level.has_value();
}

using enum SettingsValue;

const std::array kKeys{
    SettingsKey{"network", "peer", "an IP address or host name, without a port (empty: only host)", Address, 0, 0, assignPeer,
                [](const Settings& s) { return s.network.peer; }},
    SettingsKey{"network", "port", "a port number 1..65535", WholeNumber, 1, 65535, assignPort,
                [](const Settings& s) { return std::to_string(s.network.port); }},
    SettingsKey{"network", "wait", "whole seconds 1..86400", WholeNumber, 1, NetworkSettings::kMaxWaitSeconds, assignWait,
                [](const Settings& s) { return std::to_string(s.network.waitSeconds); }},
    SettingsKey{"network", "grace", "whole seconds 5..3600", WholeNumber, NetworkSettings::kMinGraceSeconds,
                NetworkSettings::kMaxGraceSeconds, assignGrace,
                [](const Settings& s) { return std::to_string(s.network.graceSeconds); }},
    SettingsKey{"network", "password", "up to 64 characters, no blank at an end or before ';' (empty: none)", Password, 0, 0,
                assignPassword, [](const Settings& s) { return s.network.password; }, true},
    SettingsKey{"network", "announce", "on or off (off: a waiting host is not listed on the LAN)", OnOff, 0, 0, assignAnnounce,
                [](const Settings& s) { return std::string(s.network.announce ? "on" : "off"); }},
    SettingsKey{"player", "name", "1..16 characters: letters, digits, '-', '_' or '.'", Name, 0, 0, assignName,
                [](const Settings& s) { return s.player.name; }},
    SettingsKey{"player", "sound", "on or off", OnOff, 0, 0, assignSound,
                [](const Settings& s) { return std::string(s.player.sound ? "on" : "off"); }},
    SettingsKey{"player", "volume", "a volume 0..100", WholeNumber, 0, PlayerSettings::kMaxVolume, assignVolume,
                [](const Settings& s) { return std::to_string(s.player.volume); }},
    SettingsKey{"player", "ui_scale", "a factor 0.5..2 (1: as large as the window makes it)", Factor,
                PlayerSettings::kMinUiScalePercent, PlayerSettings::kMaxUiScalePercent, assignUiScale,
                [](const Settings& s) { return percentFactorText(s.player.uiScalePercent); }},
    SettingsKey{"player", "language", "auto, ja or en (auto: from LANG)", Choice, 0, 0, assignLanguage,
                [](const Settings& s) { return std::string(toString(s.player.language)); }},
    SettingsKey{"player", "cards", "auto, built-in or a deck's name as speed --list-cards prints it", Choice, 0, 0, assignCards,
                [](const Settings& s) { return s.player.cards; }},
    SettingsKey{"player", "card_back", "deck (the deck's own), built-in or another deck's name", Choice, 0, 0, assignCardBack,
                [](const Settings& s) { return s.player.cardBack; }},
    SettingsKey{"player", "motion", "full or reduced (reduced: cards fade in place instead of flying)", Choice, 0, 0,
                assignMotion, [](const Settings& s) { return std::string(s.player.reducedMotion ? "reduced" : "full"); }},
    SettingsKey{"rules", "jokers", "2 or 0", Choice, 0, 0, assignJokers,
                [](const Settings& s) { return std::to_string(s.rules.jokers); }},
    SettingsKey{"rules", "deal", "shuffle or colors", Choice, 0, 0, assignDeal,
                [](const Settings& s) { return std::string(toString(s.rules.deal)); }},
    SettingsKey{"rules", "hand", "a hand size 1..8", WholeNumber, RuleOptions::kMinHandSize, RuleOptions::kMaxHandSize,
                assignHand, [](const Settings& s) { return std::to_string(s.rules.handSize); }},
    SettingsKey{"rules", "refill", "manual or auto", Choice, 0, 0, assignRefill,
                [](const Settings& s) { return std::string(toString(s.rules.refill)); }},
    SettingsKey{"rules", "arbitration", "fair or first-arrival", Choice, 0, 0, assignArbitration,
                [](const Settings& s) { return std::string(toString(s.rules.arbitration)); }},
    SettingsKey{"cpu", "level", "novice, easy, casual, normal, hard or expert", Choice, 0, 0, assignLevel,
                [](const Settings& s) { return std::string(toString(s.cpuLevel)); }},
};

} // namespace

std::span<const SettingsKey> settingsKeys() { return kKeys; }

SettingsProblem valueProblem(const SettingsKey& key, std::string_view value) {
    using SettingsProblem::OutOfRange, SettingsProblem::BadNumber;
    switch (key.form) {
    // A number of the key's form that was refused can only lie outside its range.
    case SettingsValue::WholeNumber: return parseWholeNumber(value) ? OutOfRange : BadNumber;
    case SettingsValue::Factor: return parsePercentFactor(value) ? OutOfRange : BadNumber;
    case SettingsValue::OnOff: return SettingsProblem::BadBoolean;
    case SettingsValue::Address: return SettingsProblem::BadAddress;
    case SettingsValue::Choice: return SettingsProblem::BadChoice;
    case SettingsValue::Name: return SettingsProblem::BadName;
    case SettingsValue::Password: return SettingsProblem::BadPassword;
    }
    return SettingsProblem::BadChoice;
}

std::string_view toString(UiLanguage language) {
    switch (language) {
    case UiLanguage::English: return "en";
    case UiLanguage::Japanese: return "ja";
    case UiLanguage::Auto: break;
    }
    return "auto";
}

std::optional<UiLanguage> parseUiLanguage(std::string_view text) {
    if (text == "auto") return UiLanguage::Auto;
    if (text == "en") return UiLanguage::English;
    if (text == "ja") return UiLanguage::Japanese;
    return std::nullopt;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto ca = std::tolower(static_cast<unsigned char>(a[i]));
        const auto cb = std::tolower(static_cast<unsigned char>(b[i]));
        if (ca != cb) return false;
    }
    return true;
}

const SettingsKey* findSettingsKey(std::string_view section, std::string_view name) {
    for (const auto& key : kKeys) {
        if (equalsIgnoringCase(key.section, section) && equalsIgnoringCase(key.name, name)) {
            return &key;
        }
    }
    return nullptr;
}

std::string checkPlayerName(std::string_view name) {
    if (name.empty() || name.size() > PlayerSettings::kMaxNameLength) {
        return "1..16 characters";
    }
    for (char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u) == 0 && c != '-' && c != '_' && c != '.') {
            return "only letters, digits, '-', '_' or '.'";
        }
    }
    return {};
}

} // namespace speed
