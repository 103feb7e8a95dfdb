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
    if (key.name == "sound") return {"on", "off"};
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

namespace {

// Each fixed value of setup.ini and its words in the catalogue (a CPU level is named by its bot).
struct ChoiceWords {
    std::string_view section;
    std::string_view name;
    std::string_view value; // as setup.ini spells it
    std::string_view words; // the catalogue key
};

constexpr ChoiceWords kChoiceWords[] = {
    {"player", "sound", "on", "settings.choice.player.sound.on"},
    {"player", "sound", "off", "settings.choice.player.sound.off"},
    {"player", "language", "auto", "language.auto"},
    {"player", "language", "ja", "language.ja"},
    {"player", "language", "en", "language.en"},
    {"player", "motion", "full", "settings.motion.full"},
    {"player", "motion", "reduced", "settings.motion.reduced"},
    {"rules", "jokers", "2", "settings.choice.rules.jokers.2"},
    {"rules", "jokers", "0", "settings.choice.rules.jokers.0"},
    {"rules", "deal", "shuffle", "settings.choice.rules.deal.shuffle"},
    {"rules", "deal", "colors", "settings.choice.rules.deal.colors"},
    {"rules", "refill", "manual", "settings.choice.rules.refill.manual"},
    {"rules", "refill", "auto", "settings.choice.rules.refill.auto"},
    {"rules", "arbitration", "fair", "settings.choice.rules.arbitration.fair"},
    {"rules", "arbitration", "first-arrival", "settings.choice.rules.arbitration.first_arrival"},
};

} // namespace

std::string choiceWords(const SettingsKey& key, std::string_view value) {
    if (key.section == "cpu" && key.name == "level") {
        if (const auto level = parseBotLevel(value)) return botTitleWords(*level);
    }
    for (const ChoiceWords& choice : kChoiceWords) {
        if (choice.section == key.section && choice.name == key.name && choice.value == value) return tr(choice.words);
    }
    return std::string(value); // a value the file holds and the key refuses: shown as written
}

std::string fieldHint(const SettingsKey& key) {
    const std::vector<std::string_view> choices = fixedChoices(key);
    if (choices.empty()) return fieldExpected(key);
    std::string hint;
    for (std::string_view choice : choices) {
        if (!hint.empty()) hint += tr("settings.choice_separator");
        // The levels by their names alone: six bots' titles would not fit beside the field.
        const auto level = key.name == "level" ? parseBotLevel(choice) : std::nullopt;
        hint += level ? levelWords(*level) : choiceWords(key, choice);
    }
    return hint;
}

namespace {

// Every key of setup.ini with its words in the catalogue; the unit test checks that none of
// settingsKeys() is missing here.
constexpr SettingsKeyWords kKeyWords[] = {
    {"network", "peer", "settings.key.network.peer", "settings.expected.network.peer", "settings.meaning.network.peer"},
    {"network", "port", "settings.key.network.port", "settings.expected.network.port", "settings.meaning.network.port"},
    {"network", "wait", "settings.key.network.wait", "settings.expected.network.wait", "settings.meaning.network.wait"},
    {"network", "grace", "settings.key.network.grace", "settings.expected.network.grace", "settings.meaning.network.grace"},
    {"network", "password", "settings.key.network.password", "settings.expected.network.password",
     "settings.meaning.network.password"},
    {"player", "name", "settings.key.player.name", "settings.expected.player.name", "settings.meaning.player.name"},
    {"player", "sound", "settings.key.player.sound", "settings.expected.player.sound", "settings.meaning.player.sound"},
    {"player", "volume", "settings.key.player.volume", "settings.expected.player.volume", "settings.meaning.player.volume"},
    {"player", "ui_scale", "settings.key.player.ui_scale", "settings.expected.player.ui_scale",
     "settings.meaning.player.ui_scale"},
    {"player", "language", "settings.key.player.language", "settings.expected.player.language",
     "settings.meaning.player.language"},
    {"player", "motion", "settings.key.player.motion", "settings.expected.player.motion", "settings.meaning.player.motion"},
    {"player", "card_back", "settings.key.player.card_back", "settings.expected.player.card_back",
     "settings.meaning.player.card_back"},
    {"player", "cards", "settings.key.player.cards", "settings.expected.player.cards", "settings.meaning.player.cards"},
    {"rules", "jokers", "settings.key.rules.jokers", "settings.expected.rules.jokers", "settings.meaning.rules.jokers"},
    {"rules", "deal", "settings.key.rules.deal", "settings.expected.rules.deal", "settings.meaning.rules.deal"},
    {"rules", "hand", "settings.key.rules.hand", "settings.expected.rules.hand", "settings.meaning.rules.hand"},
    {"rules", "refill", "settings.key.rules.refill", "settings.expected.rules.refill", "settings.meaning.rules.refill"},
    {"rules", "arbitration", "settings.key.rules.arbitration", "settings.expected.rules.arbitration",
     "settings.meaning.rules.arbitration"},
    {"cpu", "level", "settings.key.cpu.level", "settings.expected.cpu.level", "settings.meaning.cpu.level"},
};

const SettingsKeyWords* keyWordsOf(const SettingsKey& key) { return settingsKeyWords(key.section, key.name); }

// The level's meaning lists the ladder's bots, in the language current when it is first asked
// for; one text per language, built once.
std::string levelMeaning() {
    std::string bots;
    for (BotLevel level : ladderLevels()) {
        if (!bots.empty()) bots += tr("settings.list_separator");
        bots += botTitleWords(level);
    }
    return trf("settings.meaning.cpu.level", bots);
}

// The problems with a line but no key of setup.ini: their catalogue keys.
const char* lineProblemKey(SettingsProblem kind) {
    switch (kind) {
    case SettingsProblem::Unreadable: return "settings.problem.unreadable";
    case SettingsProblem::SecondByteOrderMark: return "settings.problem.second_bom";
    case SettingsProblem::NulByte: return "settings.problem.nul_byte";
    case SettingsProblem::LoneCarriageReturn: return "settings.problem.lone_cr";
    case SettingsProblem::TextAfterSection: return "settings.problem.after_section";
    case SettingsProblem::NotKeyValue: return "settings.problem.not_key_value";
    case SettingsProblem::KeyOutsideSection: return "settings.problem.outside_section";
    case SettingsProblem::UnknownSection: return "settings.problem.unknown_section";
    case SettingsProblem::DuplicateKey: return "settings.problem.twice";
    default: return nullptr;
    }
}

std::string knownKeysWords(std::string_view section) {
    std::string names;
    for (const SettingsKey& key : settingsKeys()) {
        if (!equalsIgnoringCase(key.section, section)) continue;
        names += names.empty() ? "" : ", ";
        names += key.name;
    }
    return names;
}

} // namespace

const SettingsKeyWords* settingsKeyWords(std::string_view section, std::string_view name) {
    for (const SettingsKeyWords& words : kKeyWords) {
        if (words.section == section && words.name == name) return &words;
    }
    return nullptr;
}

std::string fieldLabel(const SettingsKey& key) {
    const SettingsKeyWords* words = keyWordsOf(key);
    return words != nullptr ? tr(words->label) : std::string(key.name);
}

std::string fieldExpected(const SettingsKey& key) {
    const SettingsKeyWords* words = keyWordsOf(key);
    return words != nullptr ? tr(words->expected) : std::string(key.expected);
}

std::string expectedWords(const SettingsKey& key) { return trf("settings.field.expected", fieldExpected(key)); }

std::string_view fieldMeaning(const SettingsKey& key) {
    if (key.section == "cpu" && key.name == "level") {
        if (language() == Language::Japanese) {
            static const std::string japanese = levelMeaning();
            return japanese;
        }
        static const std::string english = levelMeaning();
        return english;
    }
    const SettingsKeyWords* words = keyWordsOf(key);
    return words != nullptr ? std::string_view(tr(words->meaning)) : std::string_view{};
}

std::string problemWords(const SettingsError& error) {
    if (const char* key = lineProblemKey(error.kind)) return tr(key);
    if (error.kind == SettingsProblem::LineTooLong) return trf("settings.problem.line_too_long", kMaxSettingsLineChars);
    if (error.kind == SettingsProblem::UnknownKey) {
        return trf("settings.problem.unknown_key", error.section, knownKeysWords(error.section));
    }
    // A value its key refuses: what the key accepts, in the window's words, and what was written.
    const SettingsKey* key = findSettingsKey(error.section, error.key);
    if (key == nullptr) return trf("settings.problem.bad_value", error.value);
    return trf("settings.problem.expected_got", fieldExpected(*key), error.value);
}

std::string settingsProblemWords(const SettingsError& error) {
    std::string text = error.file;
    if (error.line > 0) text += ":" + std::to_string(error.line);
    text += ": ";
    if (!error.key.empty()) text += "[" + error.section + "] " + error.key + ": ";
    return text + problemWords(error);
}

} // namespace speed::client::ui
