// setup.ini reading on top of libinih (Debian libinih-dev).
#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsKeys.hpp"

#include "SettingsText.hpp"

#include <ini.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <utility>

namespace speed {
namespace {

struct ParseContext {
    Settings settings;
    std::set<std::pair<std::string, std::string>> seenKeys;
    std::optional<SettingsError> error; // the first problem the handler found
};

std::string knownKeysOf(std::string_view section) {
    std::string names;
    for (const auto& key : settingsKeys()) {
        if (!equalsIgnoringCase(key.section, section)) continue;
        names += names.empty() ? "" : ", ";
        names += key.name;
    }
    return names;
}

std::string lowercase(std::string_view text) {
    std::string result(text);
    for (char& c : result) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return result;
}

// The problem of one `key = value` line, if any: kind, section, key and value filled in.
std::optional<SettingsError> problemWithKey(ParseContext& context, std::string_view section, std::string_view name,
                                            std::string_view value) {
    SettingsError error;
    error.section = std::string(section);
    error.key = std::string(name);
    if (section.empty()) {
        error.kind = SettingsProblem::KeyOutsideSection;
        return error;
    }
    const SettingsKey* key = findSettingsKey(section, name);
    if (key == nullptr) {
        error.kind = knownKeysOf(section).empty() ? SettingsProblem::UnknownSection : SettingsProblem::UnknownKey;
        return error;
    }
    if (!context.seenKeys.emplace(lowercase(section), lowercase(name)).second) {
        error.kind = SettingsProblem::DuplicateKey;
        return error;
    }
    if (key->assign(context.settings, value)) return std::nullopt;
    error.kind = valueProblem(*key, value);
    error.value = std::string(value);
    if (error.kind == SettingsProblem::OutOfRange) {
        error.min = key->min;
        error.max = key->max;
    }
    return error;
}

int handleKey(void* user, const char* section, const char* name, const char* value) {
    auto& context = *static_cast<ParseContext*>(user);
    const std::string_view sectionName = settings_text::trim(section); // "[ cpu ]" is [cpu]
    auto problem = problemWithKey(context, sectionName, name, value);
    if (!problem) return 1;
    if (!context.error) context.error = std::move(problem);
    return 0;
}

std::string badValueText(const SettingsError& error) {
    const SettingsKey* key = findSettingsKey(error.section, error.key);
    const std::string expected = key != nullptr ? std::string(key->expected) : std::string("another value");
    return "expected " + expected + ", got \"" + error.value + "\"";
}

} // namespace

std::string SettingsError::problemText() const {
    switch (kind) {
    case SettingsProblem::Unreadable: return "cannot be read";
    case SettingsProblem::SecondByteOrderMark: return "a second UTF-8 byte-order mark at the start of the file";
    case SettingsProblem::NulByte: return "a NUL byte: setup.ini must be plain text (UTF-8)";
    case SettingsProblem::LoneCarriageReturn: return "a CR that ends no line: save the file with LF or CRLF line ends";
    case SettingsProblem::LineTooLong: return "a line longer than " + std::to_string(kMaxSettingsLineChars) + " characters";
    case SettingsProblem::TextAfterSection: return "text after the section's ']'";
    case SettingsProblem::NotKeyValue: return "not a [section], key = value pair or ; comment";
    case SettingsProblem::KeyOutsideSection: return "key outside any [section]";
    case SettingsProblem::UnknownSection: return "unknown section; expected [network], [player], [rules] or [cpu]";
    case SettingsProblem::UnknownKey: return "unknown key; [" + section + "] has: " + knownKeysOf(section);
    case SettingsProblem::DuplicateKey: return "key given twice in this file";
    case SettingsProblem::BadNumber:
    case SettingsProblem::OutOfRange:
    case SettingsProblem::BadBoolean:
    case SettingsProblem::BadAddress:
    case SettingsProblem::BadChoice:
    case SettingsProblem::BadName:
    case SettingsProblem::BadPassword: return badValueText(*this);
    }
    return {};
}

std::string SettingsError::describe() const {
    std::ostringstream out;
    out << file;
    if (line > 0) out << ':' << line;
    out << ": ";
    if (!key.empty()) out << '[' << section << "] " << key << ": ";
    out << problemText();
    return out.str();
}

bool SettingsResult::gives(std::string_view section, std::string_view key) const {
    const std::string wanted = lowercase(section) + '.' + lowercase(key);
    return std::find(keysGiven.begin(), keysGiven.end(), wanted) != keysGiven.end();
}

SettingsResult parseSettings(std::string_view text, std::string_view fileName) {
    // libinih's options are process-wide; setup.ini wants the strict ones. An indented line
    // must not silently continue the previous value, and the first error is the one reported.
    ini_allow_multiline = false;
    ini_stop_on_first_error = true;
    SettingsResult result;
    result.fromFile = true;
    if (text.starts_with(settings_text::kUtf8Bom)) text.remove_prefix(settings_text::kUtf8Bom.size());
    // What libinih would skip without a word is an error here, with its line.
    if (const auto problem = settings_text::silentProblem(text)) {
        result.error = SettingsError{.kind = problem->kind, .file = std::string(fileName), .line = problem->line};
        return result;
    }
    ParseContext context;
    const std::string terminated(text);
    const int errorLine = ini_parse_string(terminated.c_str(), handleKey, &context);
    if (errorLine == 0) {
        result.settings = std::move(context.settings);
        for (const auto& [section, key] : context.seenKeys) result.keysGiven.push_back(section + '.' + key);
        return result;
    }
    SettingsError error = context.error.value_or(SettingsError{.kind = SettingsProblem::NotKeyValue});
    error.file = std::string(fileName);
    error.line = errorLine;
    result.error = std::move(error);
    return result;
}

SettingsResult loadSettings(const std::string& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec) && !ec) {
        SettingsResult defaults;
        defaults.settings = Settings{};
        return defaults;
    }
    std::ifstream file(path, std::ios::binary);
    std::ostringstream contents;
    if (file) contents << file.rdbuf();
    if (!file || file.bad() || std::filesystem::is_directory(path, ec)) {
        SettingsResult unreadable;
        unreadable.error = SettingsError{.kind = SettingsProblem::Unreadable, .file = path};
        return unreadable;
    }
    SettingsResult result = parseSettings(contents.str(), path);
    const auto perms = std::filesystem::status(path, ec).permissions();
    const auto others = std::filesystem::perms::group_all | std::filesystem::perms::others_all;
    if (!ec && result.settings && !result.settings->network.password.empty() && (perms & others) != std::filesystem::perms::none) {
        result.warning = path + " holds a password and others may read it: chmod 600 " + path;
    }
    return result;
}

} // namespace speed
