#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsWriter.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include <sys/stat.h>

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
                   "grace = 60\n" // keys the file lacks join its section after its last key
                   "password =\n"
                   "announce = on\n"
                   "\n"
                   "# rules below\n"
                   "[player]\n"
                   "name = Hanako\n"
                   "sound = on\n"
                   "volume = 80\n"
                   "ui_scale = 1\n"
                   "language = auto\n"
                   "cards = auto\n"
                   "card_back = deck\n"
                   "motion = full\n"
                   "[rules]\njokers = 2\ndeal = shuffle\nhand = 4\nrefill = manual\narbitration = fair\n"
                   "[cpu]\nlevel = hard ; how hard\n");
}

TEST_CASE("missing keys join their section, missing sections go last", "[settings][writer]") {
    const std::string before = "[network]\nport = 1\n\n; about the player\n[player]\n";
    const std::string after = writeSettings(before, changedSettings());
    CHECK(after.find("[network]\nport = 50010\npeer = example.org\nwait = 30\ngrace = 60\npassword =\nannounce = on\n"
                     "\n; about the player\n[player]\nname = Hanako\nsound = on\nvolume = 80\nui_scale = 1\n") == 0);
    CHECK(after.find("\n[rules]\njokers = 2\ndeal = shuffle\nhand = 4\nrefill = manual\narbitration = fair\n") !=
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

TEST_CASE("grace: read, written and read again keeps its value and its place", "[settings][writer]") {
    const std::string original = "[network]\nwait = 30\ngrace = 300 ; a slow network\n";
    const auto read = parseSettings(original, "before.ini");
    REQUIRE(read.settings);
    CHECK(read.settings->network.graceSeconds == 300);
    const std::string before = writeSettings(original, *read.settings);
    CHECK(before.find("[network]\nwait = 30\ngrace = 300 ; a slow network\n") == 0);
    CHECK(writeSettings(before, *read.settings) == before); // writing twice changes nothing

    Settings changed = *read.settings;
    changed.network.graceSeconds = NetworkSettings::kMaxGraceSeconds;
    const std::string written = writeSettings(before, changed);
    CHECK(written.find("[network]\nwait = 30\ngrace = 3600 ; a slow network\n") == 0);
    CHECK(written.find("grace") == written.rfind("grace"));
    const auto reread = parseSettings(written, "written.ini");
    REQUIRE(reread.settings);
    CHECK(*reread.settings == changed);

    const std::string added = writeSettings("[network]\nwait = 30\n", changed); // a file from before grace
    CHECK(added.find("\ngrace = 3600\n") != std::string::npos);
    const auto readAdded = parseSettings(added, "added.ini");
    REQUIRE(readAdded.settings);
    CHECK(*readAdded.settings == changed);
}

TEST_CASE("an empty value gets a value with one space", "[settings][writer]") {
    CHECK(writeSettings("[network]\npeer =\n", changedSettings()).find("peer = example.org\n") == 10);
    CHECK(writeSettings("[network]\npeer = ; none\n", changedSettings())
              .find("peer = example.org ; none\n") == 10);
}

namespace {

// What the reader accepts, the writer keeps acceptable and equal in meaning: written back
// unchanged it reads the same; written with other settings it reads as those.
void checkRoundTrip(std::string_view text) {
    INFO(std::string(text));
    const auto before = parseSettings(text, "before.ini");
    REQUIRE(before.settings);
    const std::string same = writeSettings(text, *before.settings);
    const auto again = parseSettings(same, "same.ini");
    INFO(same);
    REQUIRE(again.settings);
    CHECK(*again.settings == *before.settings);
    const std::string changed = writeSettings(text, changedSettings());
    const auto reread = parseSettings(changed, "changed.ini");
    INFO(changed);
    REQUIRE(reread.settings);
    CHECK(*reread.settings == changedSettings());
}

} // namespace

TEST_CASE("a file with a UTF-8 byte-order mark, as Notepad saves it, keeps it and stays readable", "[settings][writer]") {
    const std::string text = "\xEF\xBB\xBF[network]\nport = 50002\n";
    checkRoundTrip(text);
    CHECK(writeSettings(text, changedSettings()).rfind("\xEF\xBB\xBF[network]\nport = 50010\n", 0) == 0);
}

TEST_CASE("a section given twice never gets a key twice", "[settings][writer]") {
    checkRoundTrip("[network]\nport = 50002\n[player]\nname = a\n[network]\nwait = 9\n");
    const std::string written = writeSettings("[network]\nport = 1\n[network]\nwait = 9\n", changedSettings());
    CHECK(written.find("wait") == written.rfind("wait"));
    CHECK(written.find("peer") == written.rfind("peer"));
}

TEST_CASE("blanks inside brackets and before keys are read and written alike", "[settings][writer]") {
    checkRoundTrip("[ cpu ]\n");
    checkRoundTrip("[ cpu ]\nlevel = hard\n");
    checkRoundTrip("[network]\n\vport = 50002\n\f\twait = 4\n");
    const std::string written = writeSettings("[network]\n\vport = 50002\n", changedSettings());
    CHECK(written.find("\vport = 50010\n") != std::string::npos);
    CHECK(written.find("port") == written.rfind("port"));
}

TEST_CASE("a longer value that would overflow its line moves its comment above it", "[settings][writer]") {
    Settings settings = changedSettings();
    settings.network.peer = std::string(NetworkSettings::kMaxPeerChars, 'a');
    const std::string text = "[network]\npeer = b ; " + std::string(150, 'c') + "\n";
    const std::string written = writeSettings(text, settings);
    INFO(written);
    const auto reread = parseSettings(written, "long.ini");
    REQUIRE(reread.settings);
    CHECK(reread.settings->network.peer == settings.network.peer);
    CHECK(written.find("; " + std::string(150, 'c') + "\npeer = " + settings.network.peer) != std::string::npos);
}

TEST_CASE("a saved password is readable by its owner only; one others can read is warned about", "[settings][writer]") {
    namespace fs = std::filesystem;
    const fs::path path = fs::temp_directory_path() / "speed-settings-test-password.ini";
    std::ofstream(path) << "; mine\n[network]\nport = 50002\n";
    fs::permissions(path, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read);
    Settings settings = changedSettings();
    REQUIRE(saveSettings(path.string(), settings).saved);
    CHECK((fs::status(path).permissions() & fs::perms::all) ==
          (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read));
    settings.network.password = "kiwi fruit";
    REQUIRE(saveSettings(path.string(), settings).saved);
    CHECK((fs::status(path).permissions() & fs::perms::all) == (fs::perms::owner_read | fs::perms::owner_write));
    const auto loaded = loadSettings(path.string());
    REQUIRE(loaded.settings);
    CHECK(loaded.settings->network.password == "kiwi fruit");
    CHECK(loaded.warning.empty());
    fs::permissions(path, fs::perms::group_read | fs::perms::others_read, fs::perm_options::add);
    CHECK(loadSettings(path.string()).warning.find("chmod 600") != std::string::npos);
    CHECK(!fs::exists(path.string() + ".saving"));
    fs::remove(path);
}

TEST_CASE("sound and volume: read, written and read again keep their values and their places", "[settings][writer]") {
    const std::string original = "[player]\nname = Taro\nsound = off ; quiet, please\nvolume=35\n[cpu]\nlevel = easy\n";
    const auto read = parseSettings(original, "before.ini");
    REQUIRE(read.settings);
    CHECK_FALSE(read.settings->player.sound);
    CHECK(read.settings->player.volume == 35);
    const std::string same = writeSettings(original, *read.settings);
    CHECK(same.find("[player]\nname = Taro\nsound = off ; quiet, please\nvolume=35\n") == 0);
    CHECK(writeSettings(same, *read.settings) == same); // writing twice changes nothing

    Settings changed = *read.settings;
    changed.player.sound = true;
    changed.player.volume = PlayerSettings::kMaxVolume;
    const std::string written = writeSettings(same, changed);
    CHECK(written.find("[player]\nname = Taro\nsound = on ; quiet, please\nvolume=100\n") == 0);
    CHECK(written.find("volume") == written.rfind("volume"));
    const auto reread = parseSettings(written, "written.ini");
    REQUIRE(reread.settings);
    CHECK(*reread.settings == changed);

    changed.player.volume = 0;
    const std::string added = writeSettings("[player]\nname = Taro\n", changed); // a file from before the sound
    CHECK(added.find("[player]\nname = Taro\nsound = on\nvolume = 0\n") == 0);
    const auto readAdded = parseSettings(added, "added.ini");
    REQUIRE(readAdded.settings);
    CHECK(*readAdded.settings == changed);
}

TEST_CASE("a section header longer than the reader keeps gets no keys the reader would not find", "[settings][writer]") {
    // libinih keeps 49 bytes of a section's name: to it this is a section with no name, not [cpu].
    const std::string before = "[" + std::string(50, ' ') + "cpu]\n";
    REQUIRE(parseSettings(before, "setup.ini").settings);
    Settings settings;
    settings.cpuLevel = BotLevel::Expert;
    const SettingsResult after = parseSettings(writeSettings(before, settings), "setup.ini");
    INFO((after.error ? after.error->describe() : std::string()));
    REQUIRE(after.settings);
    CHECK(*after.settings == settings);
}

TEST_CASE("a path that is not a file (a device, a pipe, a folder) is never replaced by a saved file", "[settings][writer]") {
    namespace fs = std::filesystem;
    const fs::path folder = fs::temp_directory_path() / "speed-settings-test-not-a-file";
    fs::remove_all(folder);
    fs::create_directories(folder / "a-folder.ini");
    const fs::path pipe = folder / "a-pipe.ini"; // stands for /dev/null, which a test must not risk
    REQUIRE(mkfifo(pipe.c_str(), 0600) == 0);
    for (const fs::path& path : {pipe, folder / "a-folder.ini"}) {
        INFO(path);
        const SaveResult result = saveSettings(path.string(), changedSettings());
        CHECK_FALSE(result.saved);
        CHECK(result.problem == SaveProblem::NotAFile);
        CHECK(result.error.find("is not a file") != std::string::npos);
        CHECK_FALSE(fs::exists(path.string() + ".saving"));
    }
    CHECK(fs::is_fifo(pipe));
    CHECK(fs::is_directory(folder / "a-folder.ini"));
    fs::remove_all(folder);
}
