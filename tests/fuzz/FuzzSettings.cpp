// setup.ini read -> write -> read: what the reader accepts, the writer keeps acceptable and equal
// in meaning, both with the same values and with others written over it; what the reader
// refuses, it refuses with a line and a reason.
#include "FuzzCheck.hpp"

#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsWriter.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

using namespace speed;

namespace {

// Other settings to write over a file: every key changed, long values, a password with blanks.
std::vector<Settings> variants() {
    Settings a;
    a.network.peer = "192.168.10.20";
    a.network.port = 1;
    a.network.waitSeconds = 86400;
    a.network.graceSeconds = 3600;
    a.network.password = "kiwi fruit; and more";
    a.player.name = "Hanako.2";
    a.player.sound = false;
    a.player.volume = 0;
    a.rules.handSize = 8;
    a.rules.jokers = 0;
    a.cpuLevel = BotLevel::Max;
    Settings b;
    b.network.peer = std::string(NetworkSettings::kMaxPeerChars, 'p');
    b.network.password = std::string(NetworkSettings::kMaxPasswordChars, 'k');
    b.player.name = "x";
    b.player.volume = PlayerSettings::kMaxVolume;
    return {Settings{}, a, b};
}

void checkWritten(const std::string& original, const Settings& wanted) {
    const std::string written = writeSettings(original, wanted);
    const SettingsResult reread = parseSettings(written, "fuzz.ini");
    if (!reread.settings) std::fprintf(stderr, "refused: %s\n", reread.error->describe().c_str());
    FUZZ_CHECK(reread.settings.has_value(), "what the writer writes, the reader accepts");
    FUZZ_CHECK(*reread.settings == wanted, "what the writer writes reads back as the settings written");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const SettingsResult read = parseSettings(text, "fuzz.ini");
    if (!read.settings) {
        FUZZ_CHECK(read.error.has_value(), "a refused file says why");
        FUZZ_CHECK(read.error->line >= 1 && !read.error->describe().empty(), "a refusal names its line");
        return 0;
    }
    checkWritten(text, *read.settings);
    static const std::vector<Settings> others = variants();
    for (const Settings& other : others) checkWritten(text, other);
    return 0;
}
