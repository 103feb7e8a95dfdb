#include "ui/SettingsForm.hpp"

#include <fmt/format.h>

#include <filesystem>

namespace speed::client::ui {

std::string_view trimmed(std::string_view text) {
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t");
    return text.substr(first, last - first + 1);
}

namespace {

// What the field holds as setup.ini would read it: blanks at either end go, except in a
// password, where they are refused instead (it is stored exactly as typed).
std::string_view valueOf(const SettingsField& field) { return field.key->secret ? std::string_view(field.text) : trimmed(field.text); }

std::string absolutePath(const std::string& path) {
    std::error_code ignored;
    const auto absolute = std::filesystem::absolute(path, ignored);
    return absolute.empty() ? path : absolute.lexically_normal().string();
}

} // namespace

SettingsForm::SettingsForm(std::string path) : m_path(std::move(path)) { reload(); }

void SettingsForm::reload() {
    const SettingsResult loaded = loadSettings(m_path);
    m_fileExisted = loaded.fromFile || std::filesystem::exists(m_path);
    m_loadProblem = loaded.error ? loaded.error->describe() : std::string{};
    m_saved = loaded.settings.value_or(Settings{});
    fillFields(m_saved);
}

void SettingsForm::fillFields(const Settings& settings) {
    m_fields.clear();
    for (const SettingsKey& key : settingsKeys()) m_fields.push_back({&key, key.render(settings), {}});
}

SettingsField* SettingsForm::field(std::string_view section, std::string_view name) {
    for (SettingsField& candidate : m_fields) {
        if (candidate.key->section == section && candidate.key->name == name) return &candidate;
    }
    return nullptr;
}

bool SettingsForm::setText(SettingsField& field, std::string_view text) {
    field.text = std::string(text);
    Settings scratch = m_saved;
    field.error = field.key->assign(scratch, valueOf(field)) ? std::string{} : "expected " + std::string(field.key->expected);
    return field.error.empty();
}

bool SettingsForm::setText(std::string_view section, std::string_view name, std::string_view text) {
    SettingsField* target = field(section, name);
    return target != nullptr && setText(*target, text);
}

bool SettingsForm::valid() const {
    for (const SettingsField& field : m_fields) {
        if (!field.error.empty()) return false;
    }
    return true;
}

bool SettingsForm::changed() const {
    for (const SettingsField& field : m_fields) {
        if (valueOf(field) != field.key->render(m_saved)) return true;
    }
    return false;
}

std::optional<Settings> SettingsForm::settings() const {
    Settings result = m_saved;
    for (const SettingsField& field : m_fields) {
        if (!field.key->assign(result, valueOf(field))) return std::nullopt;
    }
    return result;
}

SaveOutcome SettingsForm::save() {
    const auto wanted = settings();
    if (!wanted) return {false, "not saved: correct the fields marked in red first"};
    if (const SaveResult saved = saveSettings(m_path, *wanted); !saved.saved) return {false, "not saved: " + saved.error};
    m_saved = *wanted;
    m_fileExisted = true;
    m_loadProblem.clear();
    fillFields(m_saved);
    return {true, "saved to " + absolutePath(m_path) +
                      ". Network changes (peer, port, wait, grace, password, name) apply at the next connection; "
                      "rules and CPU level at the next game against the CPU started from the Game menu; sound, volume and ui_scale at once."};
}

std::vector<std::string_view> fixedChoices(const SettingsKey& key) {
    if (key.name == "jokers") return {"2", "0"};
    if (key.name == "deal") return {"shuffle", "colors"};
    if (key.name == "refill") return {"manual", "auto"};
    if (key.name == "sound") return {"on", "off"};
    if (key.name == "level") {
        // The ladder only: max, the test bot, is set in the file or by --level, never offered here.
        std::vector<std::string_view> words;
        for (BotLevel level : ladderLevels()) words.push_back(toString(level));
        return words;
    }
    return {};
}

std::string_view fieldMeaning(const SettingsKey& key) {
    if (key.name == "peer") return "The other player's machine: joined first; if no host answers, this side hosts.";
    if (key.name == "port") return "The UDP port; both players use the same one.";
    if (key.name == "wait") return "Wait for the other player (s): how long to look for them before giving up.";
    if (key.name == "grace") {
        return "Grace for a dropped player (s): how long a match is kept while nothing is heard from the other "
               "player (a crash, a network drop) before it is given up.";
    }
    if (key.name == "password") return "The same on both sides, or empty for none.";
    if (key.name == "name") return "Your name as the other player sees it.";
    if (key.name == "sound") return "The window's sound effects: on or off (M mutes and unmutes them while it runs).";
    if (key.name == "volume") return "How loud the sound effects are, 0..100.";
    if (key.name == "ui_scale") return "How large menus, dialogs, the status bar and banners are: 1 as the window's size makes them, 1.5 half again as large.";
    if (key.name == "jokers") return "Jokers in the pack.";
    if (key.name == "deal") return "shuffle: a shuffled deck split in two; colors: one side all red, the other black.";
    if (key.name == "hand") return "Face-up hand slots per player.";
    if (key.name == "refill") return "manual: drag your deck onto an empty slot; auto: an empty slot refills itself.";
    if (key.name == "level") {
        static const std::string meaning = [] {
            std::string text = "The CPU opponent, slowest first:";
            for (BotLevel level : ladderLevels()) {
                text += fmt::format(" {} ({}),", toString(level), botProfile(level).name);
            }
            text.back() = '.';
            return text;
        }();
        return meaning;
    }
    return {};
}

} // namespace speed::client::ui
