#include "ui/SettingsForm.hpp"

#include "table/LevelWords.hpp"
#include "text/Words.hpp"

#include <filesystem>
#include <optional>

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
    // A file that cannot even be looked at (its folder unreadable) counts as there: never thrown.
    std::error_code unknown;
    const bool there = std::filesystem::exists(m_path, unknown);
    m_fileExisted = loaded.fromFile || there || static_cast<bool>(unknown);
    m_loadError = loaded.error;
    m_saved = loaded.settings.value_or(Settings{});
    applyLevel();
    fillFields(m_saved);
}

void SettingsForm::followLevel(BotLevel level) {
    if (m_liveLevel == level) return; // unchanged: a level picked in the form stays until saved
    m_liveLevel = level;
    applyLevel();
    if (SettingsField* shown = field("cpu", "level")) setText(*shown, toString(level));
}

// The level in force is the one the form starts from: shown, and not an unsaved change.
void SettingsForm::applyLevel() {
    if (m_liveLevel) m_saved.cpuLevel = *m_liveLevel;
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
    field.error = field.key->assign(scratch, valueOf(field)) ? std::string{} : expectedWords(*field.key);
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
    SaveOutcome outcome;
    const auto wanted = settings();
    if (!wanted) {
        outcome.message = saveOutcomeWords(outcome);
        return outcome;
    }
    if (const SaveResult saved = saveSettings(m_path, *wanted); !saved.saved) {
        outcome.error = saveProblemWords(saved);
        outcome.message = saveOutcomeWords(outcome);
        return outcome;
    }
    m_saved = *wanted;
    if (m_liveLevel) m_liveLevel = wanted->cpuLevel; // saved: the window plays it from now on
    m_fileExisted = true;
    m_loadError.reset();
    fillFields(m_saved);
    outcome.saved = true;
    outcome.file = absolutePath(m_path);
    outcome.message = saveOutcomeWords(outcome);
    return outcome;
}

std::string saveProblemWords(const SaveResult& result) {
    switch (result.problem) {
    case SaveProblem::WouldNotReadBack:
        return trf("settings.save.not_read_back",
                   result.readBack ? settingsProblemWords(*result.readBack) : std::string());
    case SaveProblem::CannotMakeFolder: return trf("settings.save.no_folder", result.path, result.systemError);
    case SaveProblem::CannotWrite: return trf("settings.save.cannot_write", result.path);
    case SaveProblem::CannotReplace: return trf("settings.save.cannot_replace", result.path, result.systemError);
    case SaveProblem::NotAFile: return trf("settings.save.not_a_file", result.path);
    case SaveProblem::None: break;
    }
    return {};
}

std::string saveOutcomeWords(const SaveOutcome& outcome) {
    if (outcome.saved) return trf("settings.save.done", outcome.file);
    if (outcome.error.empty()) return tr("settings.save.invalid");
    return trf("settings.save.failed", outcome.error);
}

std::vector<std::string_view> fixedChoices(const SettingsKey& key) {
    if (key.name == "jokers") return {"2", "0"};
    if (key.name == "deal") return {"shuffle", "colors"};
    if (key.name == "refill") return {"manual", "auto"};
    if (key.name == "arbitration") return {"fair", "first-arrival"};
    if (key.name == "sound" || key.name == "announce") return {"on", "off"};
    if (key.name == "language") return {"auto", "ja", "en"};
    if (key.name == "motion") return {"full", "reduced"};
    if (key.name == "level") {
        // The ladder only: max, the test bot, is set in the file or by --level, never offered here.
        std::vector<std::string_view> words;
        for (BotLevel level : ladderLevels()) words.push_back(toString(level));
        return words;
    }
    return {};
}

} // namespace speed::client::ui
