#pragma once

#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsKeys.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace speed::client::ui {

// One key of setup.ini as the Settings dialog edits it: the text typed so far and, when
// setup.ini would reject it, what it expects (shown next to the field).
struct SettingsField {
    const SettingsKey* key = nullptr;
    std::string text;
    std::string error; // empty: valid
};

struct SaveOutcome {
    bool saved = false;
    std::string message; // where it wrote and what applies when, or why it could not
};

// The Settings dialog's model, without any window: loads setup.ini, validates each field as it
// is typed with the same key table the file reader uses (SettingsKeys), and saves through the
// comment-preserving SettingsWriter. Unit-tested on its own.
class SettingsForm {
public:
    // Reads `path`. A missing file gives the defaults (saving creates it); a file setup.ini's
    // reader rejects gives the defaults too, with loadProblem() saying why.
    explicit SettingsForm(std::string path);

    void reload();
    const std::string& path() const { return m_path; }
    const std::string& loadProblem() const { return m_loadProblem; }
    bool fileExisted() const { return m_fileExisted; }

    std::vector<SettingsField>& fields() { return m_fields; }
    const std::vector<SettingsField>& fields() const { return m_fields; }
    SettingsField* field(std::string_view section, std::string_view name);

    // Sets a field's text and validates it at once; returns true when it is valid.
    bool setText(SettingsField& field, std::string_view text);
    bool setText(std::string_view section, std::string_view name, std::string_view text);
    bool valid() const;
    bool changed() const; // differs from what was loaded or last saved

    // The settings the fields describe; empty while any field is invalid.
    std::optional<Settings> settings() const;

    // Writes the file back: the values of the keys change, its comments and layout stay.
    SaveOutcome save();

private:
    void fillFields(const Settings& settings);

    std::string m_path;
    std::string m_loadProblem;
    bool m_fileExisted = false;
    Settings m_saved;
    std::vector<SettingsField> m_fields;
};

// The values a key accepts when they are a short fixed list (shown as a combo box), else empty.
std::vector<std::string_view> fixedChoices(const SettingsKey& key);

// What a key is for, in a sentence (the dialog's tooltip over the key's name): the field shows
// the key as setup.ini spells it, which alone does not say what e.g. `grace` does.
std::string_view fieldMeaning(const SettingsKey& key);

// `text` without blanks (spaces, tabs) at either end, as setup.ini reads a value.
std::string_view trimmed(std::string_view text);

} // namespace speed::client::ui
