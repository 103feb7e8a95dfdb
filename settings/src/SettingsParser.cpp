// setup.ini reading on top of libinih (Debian libinih-dev).
#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsKeys.hpp"

#include "SettingsText.hpp"

#include <ini.h>

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

std::string problemWithKey(ParseContext& context, std::string_view section, std::string_view name,
                           std::string_view value) {
    if (section.empty()) return "key outside any [section]";
    const SettingsKey* key = findSettingsKey(section, name);
    if (key == nullptr) {
        const std::string known = knownKeysOf(section);
        if (known.empty()) {
            return "unknown section; expected [network], [player], [rules] or [cpu]";
        }
        return "unknown key; [" + std::string(section) + "] has: " + known;
    }
    if (!context.seenKeys.emplace(lowercase(section), lowercase(name)).second) {
        return "key given twice in this file";
    }
    if (!key->assign(context.settings, value)) {
        return "expected " + std::string(key->expected) + ", got \"" + std::string(value) + "\"";
    }
    return {};
}

int handleKey(void* user, const char* section, const char* name, const char* value) {
    auto& context = *static_cast<ParseContext*>(user);
    const std::string_view sectionName = settings_text::trim(section); // "[ cpu ]" is [cpu]
    const std::string problem = problemWithKey(context, sectionName, name, value);
    if (problem.empty()) return 1;
    if (!context.error) context.error = SettingsError{{}, 0, std::string(sectionName), name, problem};
    return 0;
}

} // namespace

std::string SettingsError::describe() const {
    std::ostringstream out;
    out << file;
    if (line > 0) out << ':' << line;
    out << ": ";
    if (!key.empty()) out << '[' << section << "] " << key << ": ";
    out << problem;
    return out.str();
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
        result.error = SettingsError{std::string(fileName), problem->line, {}, {}, problem->problem};
        return result;
    }
    ParseContext context;
    const std::string terminated(text);
    const int errorLine = ini_parse_string(terminated.c_str(), handleKey, &context);
    if (errorLine == 0) {
        result.settings = std::move(context.settings);
        return result;
    }
    SettingsError error = context.error.value_or(
        SettingsError{{}, 0, {}, {}, "not a [section], key = value pair or ; comment"});
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
        unreadable.error = SettingsError{path, 0, {}, {}, "cannot be read"};
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
