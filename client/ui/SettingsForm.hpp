#pragma once

#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsKeys.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace speed::client::ui {

// The Settings dialog's groups (its tabs), in the order it shows them.
enum class SettingsGroup : std::uint8_t { Player, Cards, Sound, Network, Rules };
std::span<const SettingsGroup> settingsGroups();
std::string_view groupName(SettingsGroup group); // "player", "cards", ...: the tab's layout name
std::string groupTitle(SettingsGroup group);     // "Cards and table", in the window's language

// How the dialog edits a key.
enum class FieldControl : std::uint8_t {
    Text,     // typed, checked as it is typed (name, address, port, seconds)
    Password, // typed, hidden unless asked
    Choice,   // a combo box of fixedChoices, each in words (choiceWords)
    CheckBox, // on or off (checkValues)
    Slider,   // a number in a range (sliderRange), its value shown (sliderWords)
    Deck,     // the installed card decks
    CardBack, // the decks' backs
};

// Where a key is in the dialog and how it is edited.
struct FieldPlace {
    SettingsGroup group = SettingsGroup::Player;
    bool advanced = false; // in the group's Advanced part
    FieldControl control = FieldControl::Text;
};
FieldPlace fieldPlace(const SettingsKey& key);

// A check box's values as setup.ini spells them: ticked and not ("on"/"off", "reduced"/"full").
struct CheckValues {
    std::string_view ticked;
    std::string_view unticked;
};
std::optional<CheckValues> checkValues(const SettingsKey& key); // empty: not a check box

// A slider's range, in the unit it shows: volume 0..100 %, the menus' size 50..200 %, hand slots 1..8.
struct SliderRange {
    int min = 0;
    int max = 0;
};
std::optional<SliderRange> sliderRange(const SettingsKey& key); // empty: not a slider

// One key of setup.ini as the Settings dialog edits it: the text typed so far and, when
// setup.ini would reject it, what it expects (shown next to the field).
struct SettingsField {
    const SettingsKey* key = nullptr;
    std::string text;
    std::string error; // empty: valid; else expectedWords(*key), in the language of when it was typed
};

struct SaveOutcome {
    bool saved = false;
    std::string message; // where it wrote and what applies when, or why it could not (saveOutcomeWords)
    std::string file;    // saved: the file written, as an absolute path
    std::string error;   // not saved: why the file could not be written; empty when fields are wrong
};

// The Settings dialog's model, without any window: loads setup.ini, validates each field as it
// is typed with the same key table the file reader uses (SettingsKeys), and saves through the
// comment-preserving SettingsWriter. Unit-tested on its own.
class SettingsForm {
public:
    // Reads `path`. A missing file gives the defaults (saving creates it); a file setup.ini's
    // reader rejects gives the defaults too, with loadError() saying why.
    explicit SettingsForm(std::string path);

    void reload();
    const std::string& path() const { return m_path; }
    const std::optional<SettingsError>& loadError() const { return m_loadError; } // typed: problemWords words it
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

    // The CPU opponent in force in the window (the one the Game menu ticks and the next CPU game
    // plays): the level field shows it, as the value in force rather than an unsaved change, and
    // Save writes it. Kept over reload(), so opening the dialog or Revert shows it too.
    void followLevel(BotLevel level);

    // The fields of one group of the dialog, in the dialog's order: its main part, or its
    // Advanced part (what only a network engineer touches).
    std::vector<SettingsField*> groupFields(SettingsGroup group, bool advanced);

private:
    void fillFields(const Settings& settings);
    void applyLevel();

    std::string m_path;
    std::optional<SettingsError> m_loadError;
    bool m_fileExisted = false;
    Settings m_saved;
    std::vector<SettingsField> m_fields;
    std::optional<BotLevel> m_liveLevel; // followLevel's
};

// A slider's value from the field's text (a factor as whole percent); nullopt while the text is
// not one the key accepts. setSliderValue writes it back as setup.ini spells it ("1.25").
std::optional<int> sliderValue(const SettingsField& field);
std::string sliderText(const SettingsKey& key, int value);
// A slider's value as the dialog shows it: "80 %", "4 slots" / "4枠".
std::string sliderWords(const SettingsKey& key, int value);

// The values a key accepts when they are a short fixed list (shown as a combo box), else empty.
// They are setup.ini's words, as the file holds them; choiceWords() is what the combo shows.
std::vector<std::string_view> fixedChoices(const SettingsKey& key);
// One of fixedChoices(key) as the dialog shows it, in the window's language, from the catalogue: a
// CPU level as its bot ("Yui (normal)"), a language by name, "on" as オン in Japanese; a value
// no key accepts as the file spells it.
std::string choiceWords(const SettingsKey& key, std::string_view value);
// The key as setup.ini spells it, for the tooltip: "setup.ini: [player] ui_scale".
std::string fileKeyWords(const SettingsKey& key);

// The catalogue keys (text/Words.hpp) of one setup.ini key: its label in the form, what it
// accepts, and what it is for. One entry for every key of settingsKeys().
struct SettingsKeyWords {
    std::string_view section;
    std::string_view name;
    std::string_view label;    // "settings.key.player.name"
    std::string_view expected; // "settings.expected.player.name"
    std::string_view meaning;  // "settings.meaning.player.name"
};
const SettingsKeyWords* settingsKeyWords(std::string_view section, std::string_view name); // nullptr: none

// A key's label in the form, in the window's language: a player's words ("Size of menus and
// text"), never the file's key.
std::string fieldLabel(const SettingsKey& key);
// What a key accepts, in the window's language (in English the settings layer's `expected`).
std::string fieldExpected(const SettingsKey& key);
// A field's error in the window's language: "expected a port number 1..65535".
std::string expectedWords(const SettingsKey& key);

// What a key is for, in a sentence (the dialog's tooltip over the key's name), in the window's
// language: the label alone does not say what e.g. `grace` does.
std::string_view fieldMeaning(const SettingsKey& key);

// A setup.ini problem in the window's language, worded from its kind (a refused value with the
// key's own expectation). problemWords: the problem alone; settingsProblemWords: the same after
// the file, line and key, as describe() places them.
std::string problemWords(const SettingsError& error);
std::string settingsProblemWords(const SettingsError& error);

// Why setup.ini was not saved, in the window's language (paths and the system's words as they are).
std::string saveProblemWords(const SaveResult& result);

// What Save said, in the window's language (its `message` is this at the time of saving).
std::string saveOutcomeWords(const SaveOutcome& outcome);

// `text` without blanks (spaces, tabs) at either end, as setup.ini reads a value.
std::string_view trimmed(std::string_view text);

} // namespace speed::client::ui
