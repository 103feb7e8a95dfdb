#include "ui/SettingsForm.hpp"

#include "table/LevelWords.hpp"
#include "text/Words.hpp"

#include <fmt/format.h>

// The Settings dialog's words: each key's label, choices, meaning and expectation, and the
// setup.ini problems, in the window's language (from the catalogue, text/words/SettingsWords.cpp).
namespace speed::client::ui {

namespace {

// Each fixed value of setup.ini and its words in the catalogue (a CPU level is named by its bot).
struct ChoiceWords {
    std::string_view section;
    std::string_view name;
    std::string_view value; // as setup.ini spells it
    std::string_view words; // the catalogue key
};

constexpr ChoiceWords kChoiceWords[] = {
    {"network", "announce", "on", "settings.choice.network.announce.on"},
    {"network", "announce", "off", "settings.choice.network.announce.off"},
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
    {"network", "announce", "settings.key.network.announce", "settings.expected.network.announce",
     "settings.meaning.network.announce"},
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

std::string fileKeyWords(const SettingsKey& key) { return fmt::format("setup.ini: [{}] {}", key.section, key.name); }

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
    // Appended piece by piece: GCC 12 warns (falsely) about "literal" + std::string temporaries.
    std::string text = error.file;
    if (error.line > 0) text.append(":").append(std::to_string(error.line));
    text.append(": ");
    if (!error.key.empty()) text.append("[").append(error.section).append("] ").append(error.key).append(": ");
    return text.append(problemWords(error));
}

} // namespace speed::client::ui
