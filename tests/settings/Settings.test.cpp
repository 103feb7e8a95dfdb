#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsWriter.hpp"

#include <arpa/inet.h>
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include <filesystem>
#include <fstream>
#include <utility>
#include <vector>

using namespace speed;

namespace {

SettingsError errorOf(std::string_view text) {
    const auto result = parseSettings(text, "setup.ini");
    REQUIRE_FALSE(result.settings);
    REQUIRE(result.error);
    return *result.error;
}

} // namespace

TEST_CASE("an empty setup.ini gives the defaults", "[settings]") {
    const auto result = parseSettings("", "setup.ini");
    REQUIRE(result.settings);
    CHECK(result.settings->network.port == 50001);
    CHECK(result.settings->network.peer.empty());
    CHECK(result.settings->network.waitSeconds == NetworkSettings::kDefaultWaitSeconds);
    CHECK(result.settings->network.graceSeconds == NetworkSettings::kDefaultGraceSeconds);
    CHECK(result.settings->rules == RuleOptions{});
    CHECK(result.settings->cpuLevel == BotLevel::Normal);
}

TEST_CASE("every key is read, with comments and any case", "[settings]") {
    const auto result = parseSettings("; comment\n"
                                      "[Network]\n"
                                      "peer = ::1   ; inline comment\n"
                                      "PORT = 50002\n"
                                      "wait=5\n"
                                      "Grace = 120\n"
                                      "# another comment\n"
                                      "[player]\nname = Taro\n"
                                      "[rules]\njokers = 0\ndeal = colors\nhand = 6\nrefill = auto\n"
                                      "[cpu]\nlevel = max\n",
                                      "setup.ini");
    REQUIRE(result.settings);
    const Settings& s = *result.settings;
    CHECK(s.network.peer == "::1");
    CHECK(s.network.port == 50002);
    CHECK(s.network.waitSeconds == 5);
    CHECK(s.network.graceSeconds == 120);
    CHECK(s.player.name == "Taro");
    CHECK(s.rules.jokers == 0);
    CHECK(s.rules.deal == DealMode::Colors);
    CHECK(s.rules.handSize == 6);
    CHECK(s.rules.refill == RefillMode::Auto);
    CHECK(s.cpuLevel == BotLevel::Max);
}

TEST_CASE("a bad value names the file, the line, the key and what is expected", "[settings]") {
    const auto error = errorOf("[network]\npeer = 127.0.0.1\nport = 70000\n");
    CHECK(error.line == 3);
    CHECK(error.kind == SettingsProblem::OutOfRange);
    CHECK(error.section == "network");
    CHECK(error.key == "port");
    CHECK(error.value == "70000");
    CHECK(error.min == 1);
    CHECK(error.max == 65535);
    CHECK(error.describe() ==
          "setup.ini:3: [network] port: expected a port number 1..65535, got \"70000\"");
}

TEST_CASE("non-numbers and out-of-range numbers are refused", "[settings]") {
    CHECK(errorOf("[network]\nport = 5x\n").line == 2);
    CHECK(errorOf("[network]\nport = 0\n").key == "port");
    CHECK(errorOf("[network]\nport =\n").key == "port");
    CHECK(errorOf("[network]\nwait = -1\n").key == "wait");
    CHECK(errorOf("[network]\nwait = 1.5\n").key == "wait");
    CHECK(errorOf("[rules]\nhand = 9\n").key == "hand");
    CHECK(errorOf("[rules]\njokers = 1\n").key == "jokers");
    CHECK(errorOf("[rules]\ndeal = random\n").key == "deal");
    CHECK(errorOf("[cpu]\nlevel = godlike\n").key == "level");
    CHECK(errorOf("[player]\nname = two words\n").key == "name");
    CHECK(errorOf("[network]\npeer = bad host!\n").key == "peer");
}

TEST_CASE("peer: an address or name without a port; a colon only in an IPv6 literal", "[settings]") {
    for (const char* good : {"127.0.0.1", "example.org", "host_1.lan", "::1", "[::1]", "fe80::1%eth0", "[fe80::1%eth0]",
                             "2001:db8::42", "::ffff:192.0.2.1"}) {
        const auto parsed = parseSettings(std::string("[network]\npeer = ") + good + "\n", "setup.ini");
        REQUIRE(parsed.settings);
        CHECK(parsed.settings->network.peer == good);
    }
    for (const char* bad : {"127.0.0.1:50001", "example.org:50001", "[::1]:50001", "[::1", "::1]", "[]", "1:2:3",
                            "fe80::1]%eth0", "host:"}) {
        const SettingsError error = errorOf(std::string("[network]\npeer = ") + bad + "\n");
        CHECK(error.key == "peer");
        CHECK(error.kind == SettingsProblem::BadAddress);
        CHECK(error.problemText().find("without a port") != std::string::npos);
    }
}

TEST_CASE("peer: a value with a colon is taken exactly when the system reads it as an IPv6 address", "[settings]") {
    std::vector<std::string> values = {"::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::8", "1:2:3:4:5:6:7:8:9",
                                       "::ffff:1.2.3.4", "::1.2.3.04", "::1.2.3", "::1.2.3.4.5", "::256.1.1.1",
                                       "1.2.3.4::", "12345::", "g::", ":1", "1:", "1:::2", "1::2::3", "ABCD::ef",
                                       "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4", "::1.2.3.4:1"};
    std::mt19937 random(26);
    const std::string alphabet = "0123456789abcdefAF:.:";
    for (int i = 0; i < 20000; ++i) {
        std::string value;
        const int length = 1 + static_cast<int>(random() % 24);
        for (int c = 0; c < length; ++c) value += alphabet[random() % alphabet.size()];
        if (value.find(':') != std::string::npos) values.push_back(value);
    }
    for (const std::string& value : values) {
        in6_addr address{};
        const bool system = ::inet_pton(AF_INET6, value.c_str(), &address) == 1;
        const auto parsed = parseSettings("[network]\npeer = " + value + "\n", "setup.ini");
        INFO(value);
        CHECK(parsed.settings.has_value() == system);
        const auto bracketed = parseSettings("[network]\npeer = [" + value + "%eth0]\n", "setup.ini");
        CHECK(bracketed.settings.has_value() == system);
    }
}

TEST_CASE("grace: whole seconds 5..3600, 60 when missing", "[settings]") {
    const auto missing = parseSettings("[network]\nwait = 30\n", "setup.ini");
    REQUIRE(missing.settings);
    CHECK(missing.settings->network.graceSeconds == 60);
    for (const auto& [text, seconds] : {std::pair{"5", 5}, std::pair{"90", 90}, std::pair{"3600", 3600}}) {
        const auto result = parseSettings("[network]\ngrace = " + std::string(text) + "\n", "setup.ini");
        REQUIRE(result.settings);
        CHECK(result.settings->network.graceSeconds == seconds);
    }
    const auto tooShort = errorOf("[network]\nport = 50001\ngrace = 4\n");
    CHECK(tooShort.line == 3);
    CHECK(tooShort.key == "grace");
    CHECK(tooShort.describe() == "setup.ini:3: [network] grace: expected whole seconds 5..3600, got \"4\"");
    const auto tooLong = errorOf("[network]\ngrace = 3601\n");
    CHECK(tooLong.kind == SettingsProblem::OutOfRange);
    CHECK(tooLong.value == "3601");
    CHECK(tooLong.min == 5);
    CHECK(tooLong.max == 3600);
    CHECK(errorOf("[network]\ngrace = 0\n").key == "grace");
    CHECK(errorOf("[network]\ngrace = -60\n").key == "grace");
    for (const char* notANumber : {"soon", "1.5", "60s", "1e3", "", "99999999999999999999"}) {
        INFO(notANumber);
        const auto error = errorOf("[network]\ngrace = " + std::string(notANumber) + "\n");
        CHECK(error.line == 2);
        CHECK(error.kind == SettingsProblem::BadNumber);
        CHECK(error.key == "grace");
        CHECK(error.value == notANumber);
    }
    CHECK(errorOf("[network]\ngrace = 30\ngrace = 40\n").kind == SettingsProblem::DuplicateKey);
}

TEST_CASE("unknown keys and sections are refused, listing what is known", "[settings]") {
    const auto unknownKey = errorOf("[network]\n\nprot = 50001\n");
    CHECK(unknownKey.line == 3);
    CHECK(unknownKey.kind == SettingsProblem::UnknownKey);
    CHECK(unknownKey.section == "network");
    CHECK(unknownKey.key == "prot");
    CHECK(unknownKey.problemText() == "unknown key; [network] has: peer, port, wait, grace, password, announce");
    const auto unknownSection = errorOf("[netwrok]\nport = 1\n");
    CHECK(unknownSection.line == 2);
    CHECK(unknownSection.kind == SettingsProblem::UnknownSection);
    CHECK(unknownSection.section == "netwrok");
    CHECK(errorOf("port = 1\n").kind == SettingsProblem::KeyOutsideSection);
}

TEST_CASE("a key given twice and a malformed line are refused", "[settings]") {
    CHECK(errorOf("[network]\nport = 1\nport = 2\n").line == 3);
    const auto garbage = errorOf("[network]\nport 50001\n");
    CHECK(garbage.line == 2);
    CHECK(garbage.key.empty());
    CHECK(garbage.kind == SettingsProblem::NotKeyValue);
    CHECK(garbage.describe().find("setup.ini:2:") == 0);
}

TEST_CASE("an indented key is not swallowed as a continuation of the previous value", "[settings]") {
    const auto result = parseSettings("[network]\nport = 50003\n  wait = 7\n", "setup.ini");
    REQUIRE(result.settings);
    CHECK(result.settings->network.port == 50003);
    CHECK(result.settings->network.waitSeconds == 7);
}

TEST_CASE("only the first error is reported", "[settings]") {
    CHECK(errorOf("[network]\nport = x\nwait = y\n").line == 2);
}

TEST_CASE("a missing file means defaults; a present file is parsed", "[settings]") {
    const auto directory = std::filesystem::temp_directory_path();
    const auto missing = directory / "speed-settings-test-missing.ini";
    std::filesystem::remove(missing);
    const auto defaults = loadSettings(missing.string());
    REQUIRE(defaults.settings);
    CHECK_FALSE(defaults.fromFile);

    const auto present = directory / "speed-settings-test-present.ini";
    std::ofstream(present) << "[network]\nport = 40000\nwait = x\n";
    const auto result = loadSettings(present.string());
    REQUIRE(result.error);
    CHECK(result.error->file == present.string());
    CHECK(result.error->line == 3);
    std::filesystem::remove(present);
}

TEST_CASE("an overlong line is refused, not split into two", "[settings]") {
    const std::string text = "[network]\npeer = " + std::string(300, 'a') + "\n";
    const auto result = parseSettings(text, "setup.ini");
    REQUIRE(result.error);
    CHECK(result.error->line == 2);
}

TEST_CASE("the setup.ini shipped at the top of the repository is valid", "[settings]") {
    const auto result = loadSettings(SPEED_SOURCE_DIR "/setup.ini");
    INFO((result.error ? result.error->describe() : std::string()));
    REQUIRE(result.settings);
    CHECK(result.fromFile);
    CHECK(result.settings->network.port == NetworkSettings::kDefaultPort);
}

TEST_CASE("what libinih would skip in silence is an error with its line", "[settings]") {
    const auto errorOf = [](std::string_view text) {
        const auto result = parseSettings(text, "setup.ini");
        REQUIRE(result.error);
        return *result.error;
    };
    const SettingsError after = errorOf("[network]\nport = 5\n[rules] hand = 3\n");
    CHECK(after.line == 3);
    CHECK(after.kind == SettingsProblem::TextAfterSection);
    const SettingsError cr = errorOf("[network]\rport = 5\r");
    CHECK(cr.line == 1);
    CHECK(cr.kind == SettingsProblem::LoneCarriageReturn);
    const SettingsError nul = errorOf(std::string("[network]\nport = 5\n\0wait = 3\n", 25));
    CHECK(nul.line == 3);
    CHECK(nul.kind == SettingsProblem::NulByte);
    const SettingsError longComment = errorOf("[network]\n; " + std::string(250, 'x') + "port = 9\n");
    CHECK(longComment.line == 2);
    CHECK(longComment.kind == SettingsProblem::LineTooLong);
    CHECK(errorOf("[network]\n\rport = 5\n").line == 2); // a CR before a key is no line end
    const SettingsError twoMarks = errorOf("\xEF\xBB\xBF\xEF\xBB\xBF[network]\r\nport = 50\r\n");
    CHECK(twoMarks.line == 1);
    CHECK(twoMarks.kind == SettingsProblem::SecondByteOrderMark);
    CHECK(parseSettings("[network] ; the network\nport = 5\n", "setup.ini").settings); // a comment may follow
}

TEST_CASE("a byte-order mark and blanks inside brackets are read as the writer writes them", "[settings]") {
    const auto bom = parseSettings("\xEF\xBB\xBF[network]\nport = 50002\n", "setup.ini");
    REQUIRE(bom.settings);
    CHECK(bom.settings->network.port == 50002);
    const auto spaced = parseSettings("[ cpu ]\nlevel = hard\n", "setup.ini");
    REQUIRE(spaced.settings);
    CHECK(spaced.settings->cpuLevel == BotLevel::Hard);
}

TEST_CASE("player sound and volume: on and 80 when missing, read as given, refused with what is expected", "[settings]") {
    const auto missing = parseSettings("[player]\nname = Taro\n", "setup.ini");
    REQUIRE(missing.settings);
    CHECK(missing.settings->player.sound);
    CHECK(missing.settings->player.volume == PlayerSettings::kDefaultVolume);
    CHECK(PlayerSettings::kDefaultVolume == 80);

    const auto off = parseSettings("[player]\nsound = off\nvolume = 0\n", "setup.ini");
    REQUIRE(off.settings);
    CHECK_FALSE(off.settings->player.sound);
    CHECK(off.settings->player.volume == 0);
    const auto loud = parseSettings("[Player]\nSound = on ; the effects\nVOLUME = 100\n", "setup.ini");
    REQUIRE(loud.settings);
    CHECK(loud.settings->player.sound);
    CHECK(loud.settings->player.volume == 100);

    const auto badSound = errorOf("[player]\nname = a\nsound = yes\n");
    CHECK(badSound.line == 3);
    CHECK(badSound.key == "sound");
    CHECK(badSound.describe() == "setup.ini:3: [player] sound: expected on or off, got \"yes\"");
    for (const char* notSound : {"ON", "1", "true", "", "off off"}) {
        INFO(notSound);
        const auto error = errorOf("[player]\nsound = " + std::string(notSound) + "\n");
        CHECK(error.kind == SettingsProblem::BadBoolean);
        CHECK(error.value == notSound);
    }
    const auto loudest = errorOf("[player]\nvolume = 101\n");
    CHECK(loudest.line == 2);
    CHECK(loudest.describe() == "setup.ini:2: [player] volume: expected a volume 0..100, got \"101\"");
    for (const char* notVolume : {"-1", "50%", "1.5", "", "loud", "99999999999999999999"}) {
        INFO(notVolume);
        CHECK(errorOf("[player]\nvolume = " + std::string(notVolume) + "\n").key == "volume");
    }
    CHECK(errorOf("[player]\nvolume = 10\nvolume = 20\n").kind == SettingsProblem::DuplicateKey);
    CHECK(errorOf("[player]\nvolume = loud\n").kind == SettingsProblem::BadNumber);
    const auto mute = errorOf("[player]\nmute = on\n");
    CHECK(mute.kind == SettingsProblem::UnknownKey);
    CHECK(mute.problemText() == "unknown key; [player] has: name, sound, volume, ui_scale, language, cards, card_back, motion");
}

TEST_CASE("[cpu] level: every rung of the ladder, the first release's words and the test bot", "[settings]") {
    for (const char* word : {"novice", "easy", "casual", "normal", "hard", "expert", "max"}) {
        INFO(word);
        const auto result = parseSettings("[cpu]\nlevel = " + std::string(word) + "\n", "setup.ini");
        REQUIRE(result.settings);
        CHECK(toString(result.settings->cpuLevel) == word);
    }
    // Files of the first release keep their meaning: easy below normal below hard on the ladder.
    CHECK(parseSettings("[cpu]\nlevel = easy\n", "setup.ini").settings->cpuLevel == BotLevel::Easy);
    CHECK(parseSettings("[cpu]\nlevel = hard\n", "setup.ini").settings->cpuLevel == BotLevel::Hard);
    const auto bad = errorOf("[cpu]\nlevel = insane\n");
    CHECK(bad.describe() ==
          "setup.ini:2: [cpu] level: expected novice, easy, casual, normal, hard or expert, got \"insane\"");
    CHECK(errorOf("[cpu]\nlevel = Hana\n").key == "level"); // a bot's name is not a level word
}

TEST_CASE("player language: auto, ja or en, written back as read", "[settings]") {
    const auto missing = parseSettings("[player]\nname = Taro\n", "setup.ini");
    REQUIRE(missing.settings);
    CHECK(missing.settings->player.language == UiLanguage::Auto);
    for (const auto& [text, language] : std::vector<std::pair<std::string, UiLanguage>>{
             {"auto", UiLanguage::Auto}, {"ja", UiLanguage::Japanese}, {"en", UiLanguage::English}}) {
        INFO(text);
        const auto read = parseSettings("[player]\nlanguage = " + text + "\n", "setup.ini");
        REQUIRE(read.settings);
        CHECK(read.settings->player.language == language);
        const auto again = parseSettings(writeSettings("", *read.settings), "setup.ini");
        REQUIRE(again.settings);
        CHECK(again.settings->player.language == language);
    }
    for (const char* bad : {"jp", "JA", "japanese", "", "fr", "en_US"}) {
        INFO(bad);
        const auto error = errorOf("[player]\nlanguage = " + std::string(bad) + "\n");
        CHECK(error.key == "language");
        CHECK(error.kind == SettingsProblem::BadChoice);
        CHECK(error.value == bad);
    }
}

TEST_CASE("a refused value's kind follows the key's form", "[settings]") {
    CHECK(errorOf("[player]\nui_scale = 3\n").kind == SettingsProblem::OutOfRange);
    CHECK(errorOf("[player]\nui_scale = 3\n").min == 50);
    CHECK(errorOf("[player]\nui_scale = 3\n").max == 200);
    CHECK(errorOf("[player]\nui_scale = big\n").kind == SettingsProblem::BadNumber);
    CHECK(errorOf("[network]\npeer = bad host!\n").kind == SettingsProblem::BadAddress);
    CHECK(errorOf("[network]\npassword = " + std::string(65, 'p') + "\n").kind == SettingsProblem::BadPassword);
    CHECK(errorOf("[player]\nname = two words\n").kind == SettingsProblem::BadName);
    CHECK(errorOf("[rules]\njokers = 1\n").kind == SettingsProblem::BadChoice);
    CHECK(errorOf("[rules]\nhand = 9\n").kind == SettingsProblem::OutOfRange);
}

TEST_CASE("the programs print each problem in the English they always did", "[settings]") {
    const auto text = [](SettingsProblem kind) { return SettingsError{.kind = kind}.problemText(); };
    CHECK(text(SettingsProblem::Unreadable) == "cannot be read");
    CHECK(text(SettingsProblem::SecondByteOrderMark) == "a second UTF-8 byte-order mark at the start of the file");
    CHECK(text(SettingsProblem::NulByte) == "a NUL byte: setup.ini must be plain text (UTF-8)");
    CHECK(text(SettingsProblem::LoneCarriageReturn) == "a CR that ends no line: save the file with LF or CRLF line ends");
    CHECK(text(SettingsProblem::LineTooLong) == "a line longer than 196 characters");
    CHECK(text(SettingsProblem::TextAfterSection) == "text after the section's ']'");
    CHECK(text(SettingsProblem::NotKeyValue) == "not a [section], key = value pair or ; comment");
    CHECK(text(SettingsProblem::KeyOutsideSection) == "key outside any [section]");
    CHECK(text(SettingsProblem::UnknownSection) == "unknown section; expected [network], [player], [rules] or [cpu]");
    CHECK(text(SettingsProblem::DuplicateKey) == "key given twice in this file");
    CHECK(errorOf("port = 1\n").describe() == "setup.ini:1: [] port: key outside any [section]");
    CHECK(errorOf("[network]\nport 50001\n").describe() == "setup.ini:2: not a [section], key = value pair or ; comment");
}

TEST_CASE("player ui_scale: a factor 0.5..2 with at most two decimals, kept in percent", "[settings]") {
    const auto missing = parseSettings("[player]\nname = Taro\n", "setup.ini");
    REQUIRE(missing.settings);
    CHECK(missing.settings->player.uiScalePercent == 100);
    for (const auto& [text, percent] : std::vector<std::pair<std::string, int>>{
             {"1", 100}, {"1.25", 125}, {"0.5", 50}, {"2", 200}, {"1.5", 150}, {"0.75", 75}, {"1.05", 105}, {"2.00", 200}}) {
        INFO(text);
        const auto read = parseSettings("[player]\nui_scale = " + text + "\n", "setup.ini");
        REQUIRE(read.settings);
        CHECK(read.settings->player.uiScalePercent == percent);
    }
    for (const char* bad : {"0.49", "2.01", "3", "0", "-1", "1.", ".5", "1.255", "1,5", "big", "", "+1", "1.2x"}) {
        INFO(bad);
        const auto error = errorOf("[player]\nui_scale = " + std::string(bad) + "\n");
        CHECK(error.key == "ui_scale");
        CHECK((error.kind == SettingsProblem::BadNumber || error.kind == SettingsProblem::OutOfRange));
        CHECK(error.value == bad);
        CHECK(error.describe() == "setup.ini:2: [player] ui_scale: expected a factor 0.5..2 (1: as large as the window makes it), got \"" +
                                      std::string(bad) + "\"");
    }
    // Written back as it reads: 1.5 stays "1.5", 1.05 stays "1.05".
    for (int percent : {50, 100, 105, 150, 200}) {
        Settings settings;
        settings.player.uiScalePercent = percent;
        const auto again = parseSettings(writeSettings("", settings), "setup.ini");
        REQUIRE(again.settings);
        CHECK(again.settings->player.uiScalePercent == percent);
    }
}

TEST_CASE("rules arbitration: fair when missing, first-arrival when given, anything else refused", "[settings]") {
    const auto missing = parseSettings("[rules]\nhand = 4\n", "setup.ini");
    REQUIRE(missing.settings);
    CHECK(missing.settings->rules.arbitration == Arbitration::Fair);
    const auto given = parseSettings("[rules]\narbitration = first-arrival\n", "setup.ini");
    REQUIRE(given.settings);
    CHECK(given.settings->rules.arbitration == Arbitration::FirstArrival);
    for (const char* bad : {"sometimes", "Fair", "first_arrival", ""}) {
        INFO(bad);
        CHECK(errorOf(std::string("[rules]\narbitration = ") + bad + "\n").describe() ==
              "setup.ini:2: [rules] arbitration: expected fair or first-arrival, got \"" + std::string(bad) + "\"");
    }
}

TEST_CASE("[player] cards takes any name setup.ini can hold, and refuses one it cannot", "[settings]") {
    for (const std::string name : {"auto", "built-in", "Anglo Modern 4 Color", "Dondorf (KDE)", "XSkat フランス語"}) {
        const SettingsResult result = parseSettings("[player]\ncards = " + name + "\n", "setup.ini");
        REQUIRE(result.settings);
        CHECK(result.settings->player.cards == name);
    }
    CHECK(parseSettings("", "setup.ini").settings->player.cards == "auto");
    for (const std::string& bad : {std::string("cards =\n"), std::string("cards = ;x\n"), "cards = " + std::string(65, 'a') + "\n"}) {
        const SettingsResult result = parseSettings("[player]\n" + bad, "setup.ini");
        REQUIRE(result.error);
        CHECK(result.error->kind == SettingsProblem::BadChoice);
        CHECK(result.error->key == "cards");
    }
}

TEST_CASE("[player] motion is full or reduced", "[settings]") {
    CHECK_FALSE(parseSettings("", "setup.ini").settings->player.reducedMotion);
    CHECK(parseSettings("[player]\nmotion = reduced\n", "setup.ini").settings->player.reducedMotion);
    CHECK_FALSE(parseSettings("[player]\nmotion = full\n", "setup.ini").settings->player.reducedMotion);
    const SettingsResult bad = parseSettings("[player]\nmotion = none\n", "setup.ini");
    REQUIRE(bad.error);
    CHECK(bad.error->kind == SettingsProblem::BadChoice);
}

TEST_CASE("the keys a file gives are known apart from the defaults", "[settings]") {
    const auto none = parseSettings("[network]\nport = 50001\n", "setup.ini");
    REQUIRE(none.settings);
    CHECK(none.gives("network", "port"));
    CHECK_FALSE(none.gives("cpu", "level")); // normal by default, not by choice
    const auto given = parseSettings("[CPU]\nLevel = normal\n", "setup.ini");
    REQUIRE(given.settings);
    CHECK(given.gives("cpu", "level")); // the same value, chosen
    CHECK(given.settings->cpuLevel == BotLevel::Normal);
    CHECK_FALSE(given.gives("network", "port"));
}
