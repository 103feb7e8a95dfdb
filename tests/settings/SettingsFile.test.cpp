// Which setup.ini a program uses (--config, ./setup.ini, or the user's in $XDG_CONFIG_HOME), and
// that a new file starts with the comments of the project's own.
#include "speed/settings/SettingsFile.hpp"
#include "speed/settings/SettingsWriter.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace speed;

TEST_CASE("settings file: --config first, then ./setup.ini, then the user's configuration folder", "[settings][file]") {
    const SettingsPlaces none{false, "", "/home/hana"};
    CHECK(chooseSettingsFile(std::string("my.ini"), SettingsPlaces{true, "/xdg", "/home/hana"}).path == "my.ini");
    CHECK(chooseSettingsFile(std::string("my.ini"), none).source == SettingsSource::Flag);
    const SettingsFile here = chooseSettingsFile(std::nullopt, SettingsPlaces{true, "/xdg", "/home/hana"});
    CHECK(here.path == "setup.ini");
    CHECK(here.source == SettingsSource::CurrentFolder);
    const SettingsFile xdg = chooseSettingsFile(std::nullopt, SettingsPlaces{false, "/xdg", "/home/hana"});
    CHECK(xdg.path == "/xdg/speed/setup.ini");
    CHECK(xdg.source == SettingsSource::UserConfig);
    CHECK(chooseSettingsFile(std::nullopt, none).path == "/home/hana/.config/speed/setup.ini");
    // A relative $XDG_CONFIG_HOME is not used (the base directory spec), as an unset one is not.
    CHECK(chooseSettingsFile(std::nullopt, SettingsPlaces{false, "relative", "/home/hana"}).path == "/home/hana/.config/speed/setup.ini");
    // No home at all: the current folder is all there is.
    CHECK(chooseSettingsFile(std::nullopt, SettingsPlaces{false, "", ""}).path == "setup.ini");
    CHECK(describe(xdg) == "/xdg/speed/setup.ini (your settings folder)");
    CHECK(describe(here) == "setup.ini (the current folder's)");
    CHECK(settingsFileHelp().find("in use now: ") != std::string::npos);
}

TEST_CASE("settings file: the first save makes the file and its folder, with the comments of the project's setup.ini",
          "[settings][file]") {
    const std::filesystem::path folder = std::filesystem::temp_directory_path() / "speed-settings-file-test";
    std::filesystem::remove_all(folder);
    const std::filesystem::path file = folder / "speed" / "setup.ini";
    Settings settings;
    settings.player.name = "hana";
    settings.network.port = 50010;
    REQUIRE(saveSettings(file.string(), settings).saved);
    std::ifstream in(file);
    std::stringstream text;
    text << in.rdbuf();
    const std::string written = text.str();
    CHECK(written.find("; setup.ini: settings of speed and speed-server") == 0);
    CHECK(written.find("; Your name as the other player sees it") != std::string::npos);
    CHECK(written.find("\nname = hana\n") != std::string::npos);
    CHECK(written.find("\nport = 50010\n") != std::string::npos);
    const SettingsResult loaded = loadSettings(file.string());
    REQUIRE(loaded.settings);
    CHECK(loaded.settings->player.name == "hana");
    CHECK(commentedSetupIni().find("[network]") != std::string_view::npos);
    std::filesystem::remove_all(folder);
}
