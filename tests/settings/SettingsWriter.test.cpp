#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsWriter.hpp"

#include <catch2/catch.hpp>

using namespace speed;

namespace {

Settings changedSettings() {
    Settings settings;
    settings.network.peer = "example.org";
    settings.network.port = 50010;
    settings.player.name = "Hanako";
    settings.cpuLevel = BotLevel::Hard;
    return settings;
}

} // namespace

TEST_CASE("values are replaced in place; comments and spacing survive", "[settings][writer]") {
    const std::string before = "; my own notes\n"
                               "[network]\n"
                               "peer    =    127.0.0.1   ; the other machine\n"
                               "port=50001\n"
                               "wait = 30\n"
                               "\n"
                               "# rules below\n"
                               "[player]\n"
                               "name = Taro\n"
                               "[rules]\njokers = 2\ndeal = shuffle\nhand = 4\nrefill = manual\n"
                               "[cpu]\nlevel = normal ; how hard\n";
    const std::string after = writeSettings(before, changedSettings());
    CHECK(after == "; my own notes\n"
                   "[network]\n"
                   "peer    =    example.org   ; the other machine\n"
                   "port=50010\n"
                   "wait = 30\n"
                   "\n"
                   "# rules below\n"
                   "[player]\n"
                   "name = Hanako\n"
                   "[rules]\njokers = 2\ndeal = shuffle\nhand = 4\nrefill = manual\n"
                   "[cpu]\nlevel = hard ; how hard\n");
}

TEST_CASE("missing keys join their section, missing sections go last", "[settings][writer]") {
    const std::string before = "[network]\nport = 1\n\n; about the player\n[player]\n";
    const std::string after = writeSettings(before, changedSettings());
    CHECK(after.find("[network]\nport = 50010\npeer = example.org\nwait = 30\n\n; about the player\n"
                     "[player]\nname = Hanako\n") == 0);
    CHECK(after.find("\n[rules]\njokers = 2\ndeal = shuffle\nhand = 4\nrefill = manual\n") !=
          std::string::npos);
    CHECK(after.find("\n[cpu]\nlevel = hard\n") != std::string::npos);
}

TEST_CASE("written text parses back to the same settings", "[settings][writer]") {
    const Settings settings = changedSettings();
    for (std::string_view before : {"", "[network]\npeer =\n", "; only a comment",
                                    "[network]\r\npeer = x ; keep\r\n[extra]\r\n"}) {
        std::string text = writeSettings(before, settings);
        if (before.find("[extra]") != std::string_view::npos) {
            CHECK(text.find("peer = example.org ; keep\r\n") != std::string::npos);
            CHECK(text.find("\r\n[cpu]\r\nlevel = hard\r\n") != std::string::npos);
            continue; // an unknown section is kept as is, and the parser refuses it
        }
        const auto parsed = parseSettings(text, "written.ini");
        INFO(text);
        REQUIRE(parsed.settings);
        CHECK(parsed.settings->network.peer == "example.org");
        CHECK(parsed.settings->network.port == 50010);
        CHECK(parsed.settings->player.name == "Hanako");
        CHECK(parsed.settings->cpuLevel == BotLevel::Hard);
        CHECK(writeSettings(text, settings) == text); // writing twice changes nothing
    }
}

TEST_CASE("an empty value gets a value with one space", "[settings][writer]") {
    CHECK(writeSettings("[network]\npeer =\n", changedSettings()).find("peer = example.org\n") == 10);
    CHECK(writeSettings("[network]\npeer = ; none\n", changedSettings())
              .find("peer = example.org ; none\n") == 10);
}
