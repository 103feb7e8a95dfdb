#include "ui/SettingsForm.hpp"
#include "ui/StatisticsDialog.hpp"

#include "text/Words.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>
#include "support/InJapanese.hpp"

using namespace speed;
using namespace speed::client::ui;
using speed::client::findWords;
using speed::client::Language;
using speed::client::setLanguage;
using speed::client::tr;

using speed::test::InJapanese;
using speed::test::contains;
namespace {

const char* const kCommentedIni =
    "; setup.ini of a test: these comments must survive a save\n"
    "[network]\n"
    "; the other player\n"
    "peer = 10.0.0.2   ; inline comment\n"
    "port = 50001\n"
    "\n"
    "# hash comment before player\n"
    "[player]\n"
    "name = alice\n"
    "[rules]\n"
    "jokers = 2\n"
    "hand = 4\n";

std::string readFile(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

struct TempIni {
    std::filesystem::path path;
    explicit TempIni(const char* text) {
        path = std::filesystem::temp_directory_path() / ("speed-ui-form-" + std::to_string(::getpid()) + ".ini");
        std::ofstream(path) << text;
    }
    ~TempIni() { std::filesystem::remove(path); }
};



} // namespace

TEST_CASE("settings form: load, change, save, load keeps the comments and the new values") {
    TempIni ini(kCommentedIni);
    SettingsForm form(ini.path.string());
    REQUIRE_FALSE(form.loadError());
    CHECK(form.field("network", "peer")->text == "10.0.0.2");
    CHECK(form.field("player", "name")->text == "alice");
    CHECK_FALSE(form.changed());

    CHECK(form.setText("network", "port", "50123"));
    CHECK(form.setText("player", "name", "bob"));
    CHECK(form.setText("rules", "hand", "6"));
    CHECK(form.setText("cpu", "level", "hard"));
    CHECK(form.changed());
    const SaveOutcome saved = form.save();
    REQUIRE(saved.saved);
    CHECK(saved.message.find(std::filesystem::absolute(ini.path).string()) != std::string::npos);
    CHECK(saved.message.find("next connection") != std::string::npos);

    const std::string text = readFile(ini.path);
    for (const char* comment : {"; setup.ini of a test: these comments must survive a save", "; the other player",
                                "; inline comment", "# hash comment before player"}) {
        CHECK(text.find(comment) != std::string::npos);
    }
    SettingsForm reloaded(ini.path.string());
    REQUIRE_FALSE(reloaded.loadError());
    const Settings settings = *reloaded.settings();
    CHECK(settings.network.peer == "10.0.0.2");
    CHECK(settings.network.port == 50123);
    CHECK(settings.player.name == "bob");
    CHECK(settings.rules.handSize == 6);
    CHECK(settings.cpuLevel == BotLevel::Hard);
    CHECK_FALSE(reloaded.changed());
}

TEST_CASE("settings form: each field is validated as typed, with the key's own expectation") {
    TempIni ini(kCommentedIni);
    SettingsForm form(ini.path.string());
    CHECK_FALSE(form.setText("network", "port", "70000"));
    CHECK(form.field("network", "port")->error == "expected a port number 1..65535");
    CHECK_FALSE(form.setText("player", "name", "no spaces"));
    CHECK_FALSE(form.setText("rules", "hand", "9"));
    CHECK_FALSE(form.setText("network", "wait", "soon"));
    CHECK_FALSE(form.valid());
    CHECK_FALSE(form.settings());

    const std::string before = readFile(ini.path);
    CHECK_FALSE(form.save().saved); // nothing is written while a field is wrong
    CHECK(readFile(ini.path) == before);

    CHECK(form.setText("network", "port", " 6000 ")); // spaces around a value are fine, as in the file
    CHECK(form.setText("player", "name", "carol"));
    CHECK(form.setText("rules", "hand", "8"));
    CHECK(form.setText("network", "wait", "45"));
    CHECK(form.valid());
    CHECK(form.field("network", "port")->error.empty());
}

TEST_CASE("settings form: a missing file gives the defaults and Save creates it") {
    const auto path = std::filesystem::temp_directory_path() / ("speed-ui-missing-" + std::to_string(::getpid()) + ".ini");
    std::filesystem::remove(path);
    SettingsForm form(path.string());
    CHECK_FALSE(form.fileExisted());
    CHECK(form.field("network", "port")->text == "50001");
    CHECK(form.setText("network", "peer", "example.org"));
    REQUIRE(form.save().saved);
    CHECK(loadSettings(path.string()).settings->network.peer == "example.org");
    std::filesystem::remove(path);
}

TEST_CASE("settings form: combo keys offer exactly the values setup.ini accepts") {
    for (const SettingsKey& key : settingsKeys()) {
        for (std::string_view choice : fixedChoices(key)) {
            Settings scratch;
            CHECK(key.assign(scratch, choice));
        }
    }
    CHECK(fixedChoices(*findSettingsKey("rules", "deal")).size() == 2);
    CHECK(fixedChoices(*findSettingsKey("network", "peer")).empty());
}

TEST_CASE("settings form: grace is a field of its own, checked and saved like the others") {
    TempIni ini(kCommentedIni);
    SettingsForm form(ini.path.string());
    REQUIRE(form.field("network", "grace") != nullptr);
    CHECK(form.field("network", "grace")->text == "60"); // the file does not name it: the default
    CHECK_FALSE(form.setText("network", "grace", "4"));
    CHECK(form.field("network", "grace")->error == "expected whole seconds 5..3600");
    CHECK_FALSE(form.setText("network", "grace", "3601"));
    CHECK_FALSE(form.setText("network", "grace", "a minute"));
    CHECK_FALSE(form.save().saved);
    CHECK(form.setText("network", "grace", " 300 "));
    const SaveOutcome saved = form.save();
    REQUIRE(saved.saved);
    CHECK(saved.message.find("network settings") != std::string::npos); // it applies at the next connection too
    const std::string text = readFile(ini.path);
    CHECK(text.find("port = 50001\nwait = 30\ngrace = 300\n") != std::string::npos); // joins [network]
    CHECK(loadSettings(ini.path.string()).settings->network.graceSeconds == 300);
    CHECK(SettingsForm(ini.path.string()).field("network", "grace")->text == "300");
}

TEST_CASE("settings form: every key says what it is for; grace names the dropped player") {
    for (const SettingsKey& key : settingsKeys()) {
        INFO(std::string(key.name));
        CHECK_FALSE(fieldMeaning(key).empty());
    }
    const std::string_view grace = fieldMeaning(*findSettingsKey("network", "grace"));
    CHECK(grace.starts_with("Grace for a dropped player (s)"));
}

TEST_CASE("settings form: a password is kept exactly as typed and its file is the owner's alone") {
    const auto folder = std::filesystem::temp_directory_path() / ("speed-ui-secret-" + std::to_string(::getpid()));
    std::filesystem::remove_all(folder);
    const auto path = folder / "config" / "setup.ini"; // a folder that is not there yet is made
    SettingsForm form(path.string());
    REQUIRE(form.field("network", "password")->key->secret);
    CHECK_FALSE(form.setText("network", "password", " kiwi")); // setup.ini would trim the blank: refused, not changed
    CHECK_FALSE(form.setText("network", "password", "kiwi "));
    CHECK(form.setText("network", "password", "kiwi fruit"));
    CHECK(form.setText("network", "port", " 6000 ")); // other keys still take blanks around a value
    const SaveOutcome outcome = form.save();
    INFO(outcome.message);
    REQUIRE(outcome.saved);
    const auto reread = loadSettings(path.string());
    REQUIRE(reread.settings);
    CHECK(reread.settings->network.password == "kiwi fruit");
    CHECK(reread.warning.empty());
    using std::filesystem::perms;
    CHECK((std::filesystem::status(path).permissions() & perms::all) == (perms::owner_read | perms::owner_write));
    std::filesystem::remove_all(folder);
}

TEST_CASE("settings form: sound is a choice of on and off, volume a checked field, and both are saved and read back") {
    TempIni ini(kCommentedIni);
    SettingsForm form(ini.path.string());
    REQUIRE(form.field("player", "sound") != nullptr);
    REQUIRE(form.field("player", "volume") != nullptr);
    CHECK(form.field("player", "sound")->text == "on"); // the file names neither: the defaults
    CHECK(form.field("player", "volume")->text == "80");
    const auto choices = fixedChoices(*findSettingsKey("player", "sound"));
    CHECK(choices == std::vector<std::string_view>{"on", "off"});
    CHECK(fixedChoices(*findSettingsKey("player", "volume")).empty());

    CHECK_FALSE(form.setText("player", "volume", "101"));
    CHECK(form.field("player", "volume")->error == "expected a volume 0..100");
    CHECK_FALSE(form.setText("player", "volume", "loud"));
    CHECK_FALSE(form.save().saved);
    CHECK(form.setText("player", "volume", " 25 "));
    CHECK(form.setText("player", "sound", "off"));
    const SaveOutcome saved = form.save();
    REQUIRE(saved.saved);
    CHECK(saved.message.find("Sound, volume, language, cards and sizes apply at once") != std::string::npos);
    const std::string text = readFile(ini.path);
    CHECK(text.find("[player]\nname = alice\nsound = off\nvolume = 25\n") != std::string::npos); // joins [player]
    CHECK(text.find("; setup.ini of a test: these comments must survive a save") != std::string::npos);
    const Settings settings = *loadSettings(ini.path.string()).settings;
    CHECK_FALSE(settings.player.sound);
    CHECK(settings.player.volume == 25);
    SettingsForm reloaded(ini.path.string());
    CHECK(reloaded.field("player", "sound")->text == "off");
    CHECK(reloaded.field("player", "volume")->text == "25");
    CHECK_FALSE(reloaded.changed());
}

TEST_CASE("settings form: every setup.ini key has its label, expectation and meaning in the catalogue") {
    for (const SettingsKey& key : settingsKeys()) {
        INFO("[" << key.section << "] " << key.name);
        const SettingsKeyWords* words = settingsKeyWords(key.section, key.name);
        REQUIRE(words != nullptr);
        CHECK(findWords(words->label) != nullptr);
        CHECK(findWords(words->expected) != nullptr);
        CHECK(findWords(words->meaning) != nullptr);
        // In English the form says what the settings layer says; a key is labelled in a player's
        // words, and the file's spelling is only in its tooltip.
        CHECK(fieldExpected(key) == key.expected);
        CHECK(fieldLabel(key) != key.name);
        CHECK(fieldLabel(key).find('_') == std::string::npos);
        CHECK(fileKeyWords(key) == "setup.ini: [" + std::string(key.section) + "] " + std::string(key.name));
    }
}

TEST_CASE("settings form: language is a choice of auto, ja and en, shown by name and saved as the file's word") {
    TempIni ini(kCommentedIni);
    SettingsForm form(ini.path.string());
    const SettingsKey& language = *findSettingsKey("player", "language");
    CHECK(fixedChoices(language) == std::vector<std::string_view>{"auto", "ja", "en"});
    CHECK(form.field("player", "language")->text == "auto");
    CHECK(choiceWords(language, "auto") == tr("language.auto"));
    CHECK(choiceWords(language, "ja") == tr("language.ja"));
    CHECK(choiceWords(*findSettingsKey("cpu", "level"), "normal") == "Yui (normal)");
    CHECK(choiceWords(*findSettingsKey("rules", "deal"), "colors") == "red against black");
    CHECK_FALSE(form.setText("player", "language", "fr"));
    CHECK(form.field("player", "language")->error == "expected auto, ja or en (auto: from LANG)");
    CHECK(form.setText("player", "language", "ja"));
    REQUIRE(form.save().saved);
    CHECK(readFile(ini.path).find("language = ja\n") != std::string::npos);
    CHECK(loadSettings(ini.path.string()).settings->player.language == UiLanguage::Japanese);
}

TEST_CASE("settings form: in Japanese the labels, errors, choices and Save's message are Japanese") {
    TempIni ini(kCommentedIni);
    SettingsForm form(ini.path.string());
    const InJapanese japanese;
    CHECK(fieldLabel(*findSettingsKey("player", "name")) == "あなたの名前");
    CHECK_FALSE(form.setText("network", "port", "70000"));
    const std::string& error = form.field("network", "port")->error;
    CHECK(contains(error, "1〜65535"));
    CHECK(contains(error, "指定してください"));
    const SettingsKey& level = *findSettingsKey("cpu", "level");
    CHECK(choiceWords(level, "normal") == "ユイ（ふつう）");
    CHECK(contains(fieldMeaning(level), "ユイ（ふつう）、レン（むずかしい）"));
    CHECK(choiceWords(*findSettingsKey("player", "language"), "auto") == "システムに合わせる（LANG）");
    CHECK(form.setText("network", "port", "6000"));
    const SaveOutcome saved = form.save();
    REQUIRE(saved.saved);
    CHECK(contains(saved.message, "保存しました"));
    CHECK(contains(saved.message, std::filesystem::absolute(ini.path).string()));
    CHECK(contains(saveOutcomeWords(SaveOutcome{}), "赤"));
}

namespace {

bool hasJapanese(std::string_view text) {
    return std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0xE3; });
}

bool hasLetters(std::string_view text) {
    return std::any_of(text.begin(), text.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; });
}

// `word` stands alone in `text` (no ASCII letter or '-' either side): "auto" in "auto: ...", not in "autosave".
bool hasWord(std::string_view text, std::string_view word) {
    const auto isWordChar = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '-'; };
    for (std::size_t at = text.find(word); at != std::string_view::npos; at = text.find(word, at + 1)) {
        const bool before = at > 0 && isWordChar(text[at - 1]);
        const bool after = at + word.size() < text.size() && isWordChar(text[at + word.size()]);
        if (!before && !after) return true;
    }
    return false;
}

} // namespace

TEST_CASE("settings form: in Japanese no value the dialog shows is an English word left untranslated") {
    const InJapanese japanese;
    for (const SettingsKey& key : settingsKeys()) {
        const auto choices = fixedChoices(key);
        if (choices.empty()) continue;
        const std::string label = fieldLabel(key);
        const std::string meaning(fieldMeaning(key));
        INFO("[" << key.section << "] " << key.name << ": " << label << " | " << meaning);
        CHECK(hasJapanese(label));
        for (std::string_view choice : choices) {
            const std::string shown = choiceWords(key, choice);
            INFO("the choice " << choice << " shows as " << shown);
            // Letters need a Japanese word beside them ("English（英語）"); digits alone would do.
            CHECK((hasJapanese(shown) || !hasLetters(shown)));
            if (!hasLetters(choice)) continue;
            CHECK_FALSE(hasWord(label, choice));
            if (choice.size() > 2) CHECK_FALSE(hasWord(meaning, choice)); // "ja", "en" may be named as codes
        }
    }
    CHECK(choiceWords(*findSettingsKey("rules", "arbitration"), "first-arrival") == "ホストが判定（先に届いた方が勝ち）");
    CHECK_FALSE(hasWord(tr("settings.save.done"), "ui_scale"));
}

TEST_CASE("settings form: the choices are shown in words, and setup.ini keeps its own values") {
    TempIni ini(kCommentedIni);
    SettingsForm form(ini.path.string());
    const SettingsKey& arbitration = *findSettingsKey("rules", "arbitration");
    CHECK(choiceWords(arbitration, "fair") == "fair (the earliest play wins)");
    CHECK(choiceWords(arbitration, "first-arrival") == "host decides (the first to arrive wins)");
    CHECK(choiceWords(*findSettingsKey("rules", "refill"), "auto") == "automatic");
    const InJapanese japanese;
    CHECK(form.setText("rules", "arbitration", "first-arrival"));
    CHECK(form.setText("rules", "deal", "colors"));
    CHECK(form.setText("player", "sound", "off"));
    REQUIRE(form.save().saved);
    const std::string saved = readFile(ini.path);
    CHECK(contains(saved, "arbitration = first-arrival\n"));
    CHECK(contains(saved, "deal = colors\n"));
    CHECK(contains(saved, "sound = off\n"));
}

TEST_CASE("settings form: a setup.ini problem is worded with the key's own expectation") {
    const SettingsError wrongPort{.kind = SettingsProblem::OutOfRange, .file = "setup.ini", .line = 4, .section = "network",
                                  .key = "port", .value = "70000", .min = 1, .max = 65535};
    CHECK(problemWords(wrongPort) == wrongPort.problemText()); // English: as the programs print it
    CHECK(settingsProblemWords(wrongPort) == wrongPort.describe());
    const SettingsError unknown{.kind = SettingsProblem::UnknownKey, .file = "setup.ini", .line = 2, .section = "network",
                                .key = "colour"};
    const SettingsError unreadable{.kind = SettingsProblem::Unreadable, .file = "setup.ini"};
    const SettingsError twice{.kind = SettingsProblem::DuplicateKey, .file = "setup.ini", .line = 6, .section = "player",
                              .key = "name"};
    CHECK(problemWords(unknown) == unknown.problemText());
    CHECK(problemWords(unreadable) == unreadable.problemText());
    {
        const InJapanese japanese;
        const std::string words = problemWords(wrongPort);
        CHECK(contains(words, "1〜65535のポート番号"));
        CHECK(contains(words, "70000"));
        CHECK(settingsProblemWords(wrongPort) == "setup.ini:4: [network] port: " + words);
        CHECK(contains(problemWords(twice), "2回"));
        CHECK(contains(problemWords(unknown), "不明なキー"));
        CHECK(contains(problemWords(unknown), "peer, port"));
        CHECK(problemWords(unreadable) == "読み込めません");
    }
    CHECK(problemWords(wrongPort) == wrongPort.problemText());
}

TEST_CASE("settings form: every kind of setup.ini problem has Japanese words of its own") {
    const InJapanese japanese;
    for (int kind = 0; kind <= static_cast<int>(SettingsProblem::BadPassword); ++kind) {
        SettingsError error{.kind = static_cast<SettingsProblem>(kind), .file = "setup.ini", .line = 2, .section = "network",
                            .key = "port", .value = "x"};
        INFO(kind);
        const std::string english = error.problemText();
        const std::string words = problemWords(error);
        CHECK_FALSE(words.empty());
        CHECK(words != english);
        CHECK(words.find("settings.") == std::string::npos); // a catalogue key shows itself when missing
    }
}

TEST_CASE("settings form: the groups come in the player's order, each key in one, the engineer's keys under Advanced") {
    TempIni ini(kCommentedIni);
    SettingsForm form(ini.path.string());
    std::vector<std::string_view> names;
    for (SettingsGroup group : settingsGroups()) names.push_back(groupName(group));
    CHECK(names == std::vector<std::string_view>{"player", "cards", "sound", "network", "rules"});
    CHECK(groupTitle(SettingsGroup::Cards) == "Cards and table");

    // Every field is shown exactly once, in the group its place names.
    std::vector<const SettingsField*> shown;
    for (SettingsGroup group : settingsGroups()) {
        for (bool advanced : {false, true}) {
            for (const SettingsField* field : form.groupFields(group, advanced)) {
                INFO("[" << field->key->section << "] " << field->key->name);
                CHECK(fieldPlace(*field->key).group == group);
                CHECK(fieldPlace(*field->key).advanced == advanced);
                shown.push_back(field);
            }
        }
    }
    CHECK(shown.size() == form.fields().size());
    for (const SettingsField& field : form.fields()) CHECK(std::count(shown.begin(), shown.end(), &field) == 1);

    const auto keysOf = [&form](SettingsGroup group, bool advanced) {
        std::vector<std::string> keys;
        for (const SettingsField* field : form.groupFields(group, advanced)) {
            keys.push_back(std::string(field->key->section) + "." + std::string(field->key->name));
        }
        return keys;
    };
    using Keys = std::vector<std::string>;
    CHECK(keysOf(SettingsGroup::Player, false) == Keys{"player.name", "player.language", "cpu.level"});
    CHECK(keysOf(SettingsGroup::Cards, false) == Keys{"player.cards", "player.card_back", "player.motion", "player.ui_scale"});
    CHECK(keysOf(SettingsGroup::Sound, false) == Keys{"player.sound", "player.volume"});
    CHECK(keysOf(SettingsGroup::Network, false) == Keys{"network.peer", "network.password", "network.announce"});
    CHECK(keysOf(SettingsGroup::Network, true) == Keys{"network.port", "network.wait", "network.grace"});
    CHECK(keysOf(SettingsGroup::Rules, true) == Keys{"rules.arbitration"});
    CHECK(keysOf(SettingsGroup::Player, true).empty());
    {
        const InJapanese japanese;
        CHECK(groupTitle(SettingsGroup::Cards) == "カードとテーブル");
        for (SettingsGroup group : settingsGroups()) CHECK(hasJapanese(groupTitle(group)));
    }
}

TEST_CASE("settings form: check boxes and sliders write setup.ini's own values and read them back") {
    TempIni ini(kCommentedIni);
    SettingsForm form(ini.path.string());
    for (const SettingsKey& key : settingsKeys()) {
        INFO("[" << key.section << "] " << key.name);
        const FieldControl control = fieldPlace(key).control;
        CHECK(checkValues(key).has_value() == (control == FieldControl::CheckBox));
        CHECK(sliderRange(key).has_value() == (control == FieldControl::Slider));
        if (control == FieldControl::Choice) CHECK(fixedChoices(key).size() >= 2);
        if (const auto values = checkValues(key)) { // a check box's two values are exactly the key's two
            const auto choices = fixedChoices(key);
            CHECK(choices.size() == 2);
            CHECK(std::count(choices.begin(), choices.end(), values->ticked) == 1);
            CHECK(std::count(choices.begin(), choices.end(), values->unticked) == 1);
        }
        if (const auto range = sliderRange(key)) { // both ends of a slider are values the key takes
            Settings scratch;
            CHECK(key.assign(scratch, sliderText(key, range->min)));
            CHECK(key.assign(scratch, sliderText(key, range->max)));
            CHECK_FALSE(key.assign(scratch, sliderText(key, range->max + 1)));
        }
    }
    const SettingsKey& scale = *findSettingsKey("player", "ui_scale");
    CHECK(sliderRange(scale)->min == 50);
    CHECK(sliderRange(scale)->max == 200);
    CHECK(sliderText(scale, 125) == "1.25");
    CHECK(sliderText(scale, 150) == "1.5");
    CHECK(sliderText(scale, 100) == "1");
    CHECK(sliderValue(*form.field("player", "ui_scale")) == 100);
    CHECK(sliderValue(*form.field("player", "volume")) == 80);
    CHECK(sliderWords(scale, 125) == "125 %");
    CHECK(sliderWords(*findSettingsKey("player", "volume"), 80) == "80 %");
    CHECK(sliderWords(*findSettingsKey("rules", "hand"), 4) == "4 slots");

    CHECK(form.setText(*form.field("player", "ui_scale"), sliderText(scale, 125)));
    CHECK(form.setText("player", "motion", checkValues(*findSettingsKey("player", "motion"))->ticked));
    CHECK(form.setText("rules", "jokers", checkValues(*findSettingsKey("rules", "jokers"))->unticked));
    REQUIRE(form.save().saved);
    const std::string text = readFile(ini.path);
    CHECK(contains(text, "ui_scale = 1.25\n"));
    CHECK(contains(text, "motion = reduced\n"));
    CHECK(contains(text, "jokers = 0\n"));
    const Settings settings = *loadSettings(ini.path.string()).settings;
    CHECK(settings.player.uiScalePercent == 125);
    CHECK(settings.player.reducedMotion);
    CHECK(settings.rules.jokers == 0);
    SettingsForm reloaded(ini.path.string());
    CHECK(sliderValue(*reloaded.field("player", "ui_scale")) == 125);
    {
        const InJapanese japanese;
        CHECK(sliderWords(*findSettingsKey("rules", "hand"), 4) == "4枠");
    }
}

TEST_CASE("settings form: the level shown is the CPU opponent in force, and the one saved is played next") {
    TempIni ini("[cpu]\nlevel = normal\n");
    SettingsForm form(ini.path.string());
    CHECK(form.field("cpu", "level")->text == "normal");
    // The Game menu chose Ken (hard): the form shows it, as the level in force, not as an edit.
    form.followLevel(BotLevel::Hard);
    CHECK(form.field("cpu", "level")->text == "hard");
    CHECK_FALSE(form.changed());
    form.reload(); // opening the dialog again, or Revert
    CHECK(form.field("cpu", "level")->text == "hard");
    // A level picked in the form stays while the one in force does not change ...
    CHECK(form.setText("cpu", "level", "easy"));
    CHECK(form.changed());
    form.followLevel(BotLevel::Hard);
    CHECK(form.field("cpu", "level")->text == "easy");
    // ... and is what Save writes and the window plays next (SettingsSaved carries settings()).
    REQUIRE(form.save().saved);
    CHECK(form.settings()->cpuLevel == BotLevel::Easy);
    CHECK(loadSettings(ini.path.string()).settings->cpuLevel == BotLevel::Easy);
    CHECK(form.field("cpu", "level")->text == "easy");
    form.reload();
    CHECK(form.field("cpu", "level")->text == "easy");
    // A newer choice in the Game menu wins over the form.
    form.followLevel(BotLevel::Expert);
    CHECK(form.field("cpu", "level")->text == "expert");
    CHECK(form.settings()->cpuLevel == BotLevel::Expert);
}

TEST_CASE("statistics dialog: a ladder bot is named in the window's language, a network player marked") {
    store::OpponentSummary bot;
    bot.kind = store::OpponentKind::Cpu;
    bot.name = "Yui";
    bot.cpuLevel = "normal";
    store::OpponentSummary player;
    player.kind = store::OpponentKind::Network;
    player.name = "kenta";
    CHECK(shownOpponent(bot) == "Yui");
    CHECK(shownLevel(bot) == "normal");
    CHECK(shownOpponent(player) == "kenta (network)");
    CHECK(shownLevel(player) == "-");
    CHECK(shownStreak(3) == "won 3");
    {
        const InJapanese japanese;
        CHECK(shownOpponent(bot) == "ユイ");
        CHECK(shownLevel(bot) == "ふつう");
        CHECK(shownOpponent(player) == "kenta（ネットワーク）");
        CHECK(shownStreak(3) == "3連勝");
        CHECK(shownStreak(-2) == "2連敗");
        CHECK(shownStreak(0) == "-");
        CHECK(opponentWords(player) == "kenta (network)"); // the terminal's report stays English
        CHECK(streakWords(3) == "won 3");
    }
    store::OpponentSummary old = bot; // a level the file names but this build does not know
    old.cpuLevel = "legend";
    old.name = "Someone";
    CHECK(shownOpponent(old) == "Someone");
    CHECK(shownLevel(old) == "legend");
}
