// The writer against the reader over generated setup.ini files: every file the reader accepts,
// written back by writeSettings (with its own settings or with others), reads back to exactly the
// settings written. Otherwise the Settings dialog could never save over such a file.
#include "speed/common/Random.hpp"
#include "speed/settings/Settings.hpp"
#include "speed/settings/SettingsKeys.hpp"
#include "speed/settings/SettingsWriter.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <set>
#include <string>
#include <string_view>
#include <vector>

using namespace speed;

namespace {

constexpr int kFiles = 1500;

class FileMaker {
public:
    explicit FileMaker(std::uint64_t seed) : m_rng(seed) {}

    bool chance(int percent) { return static_cast<int>(m_rng.below(100)) < percent; }
    int between(int low, int high) {
        return low + static_cast<int>(m_rng.below(static_cast<std::uint64_t>(high - low + 1)));
    }
    template <typename T> T pick(const std::vector<T>& items) { return items[m_rng.below(items.size())]; }

    // The blanks libinih skips: mostly spaces, now and then a tab, a vertical tab or a form feed.
    std::string blanks(int most) {
        std::string text;
        for (int n = between(0, most); n > 0; --n)
            text += chance(80) ? ' ' : pick<char>({'\t', '\v', '\f'});
        return text;
    }

    std::string inRandomCase(std::string_view word) {
        std::string text(word);
        if (chance(70)) return text;
        for (char& c : text) {
            if (chance(50)) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
        return text;
    }

    std::string letters(int low, int high, std::string_view alphabet) {
        std::string text;
        for (int n = between(low, high); n > 0; --n)
            text += alphabet[m_rng.below(alphabet.size())];
        return text;
    }

    // A value the key accepts, most of the time; now and then one it refuses.
    std::string valueFor(const SettingsKey& key) {
        if (chance(3)) return pick<std::string>({"", "x", "-1", "999999", "on off", "１", "a;b", "\xE3\x81\x82"});
        const std::string_view name = key.name;
        if (name == "peer") {
            return pick<std::string>({"", "127.0.0.1", "example.org", "::1", "[fe80::1%eth0]", "host_1.lan",
                                      letters(150, 180, "abcdefghij.-")});
        }
        if (name == "port") return std::to_string(between(1, 65535));
        if (name == "wait") return std::to_string(between(1, 86400));
        if (name == "grace") return std::to_string(between(5, 3600));
        if (name == "password") {
            if (chance(20)) return "";
            if (chance(10)) return "\xE3\x83\x91\xE3\x82\xB9"; // two Japanese letters, UTF-8
            std::string text = letters(1, 64, "abcXYZ019 ;#=:[]\"'\\!~");
            while (!text.empty() && text.back() == ' ')
                text.pop_back(); // a blank at an end is refused
            while (!text.empty() && text.front() == ' ')
                text.erase(0, 1);
            return text;
        }
        if (name == "name") return letters(1, 16, "abzAZ09-_.");
        if (name == "sound") return pick<std::string>({"on", "off"});
        if (name == "volume") return std::to_string(between(0, 100));
        if (name == "ui_scale") return pick<std::string>({"0.5", "1", "1.25", "2", "0.75", "1.5", "1.05", "1.10"});
        if (name == "language") return pick<std::string>({"auto", "en", "ja"});
        if (name == "motion") return pick<std::string>({"full", "reduced"});
        if (name == "card_back") return pick<std::string>({"deck", "built-in", "Oxygen", "Dondorf (KDE)", letters(1, 64, "abcXYZ ()")});
        if (name == "cards") {
            return pick<std::string>({"auto", "built-in", "Anglo Modern 4 Color", "Dondorf (KDE)", "Атласные",
                                      letters(1, 64, "abcXYZ019 ;#=:()-")});
        }
        if (name == "jokers") return pick<std::string>({"0", "2"});
        if (name == "deal") return pick<std::string>({"shuffle", "colors"});
        if (name == "hand") return std::to_string(between(1, 8));
        if (name == "refill") return pick<std::string>({"manual", "auto"});
        if (name == "arbitration") return pick<std::string>({"fair", "first-arrival"});
        if (name == "level") return pick<std::string>({"novice", "easy", "casual", "normal", "hard", "expert", "max"});
        return "1";
    }

    // Settings with each key at a random value it accepts.
    Settings settings() {
        Settings made;
        for (const SettingsKey& key : settingsKeys()) {
            for (int attempt = 0; attempt < 20 && !key.assign(made, valueFor(key)); ++attempt) {
            }
        }
        return made;
    }

    std::string comment() {
        std::string text = blanks(3) + pick<std::string>({";", "#"}) + blanks(2);
        if (chance(15)) return text + letters(150, 200, "abc [];=#:"); // near the longest line, or past it
        if (chance(10)) return text + "\xE3\x81\x93\xE3\x82\x81\xE3\x82\x93\xE3\x81\xA8"; // Japanese, UTF-8
        return text + letters(0, 30, "abc xyz[]=;:");
    }

    std::string sectionLine(std::string_view name) {
        std::string text = blanks(2) + "[" + blanks(2) + inRandomCase(name) + blanks(2);
        // Names padded past what libinih keeps of a section header (49 bytes), with or without
        // more text after the padding.
        if (chance(8))
            text = blanks(1) + "[" + blanks(1) + inRandomCase(name) +
                   std::string(static_cast<std::size_t>(between(30, 80)), ' ');
        if (chance(4)) text = "[" + std::string(static_cast<std::size_t>(between(40, 60)), ' ') + inRandomCase(name);
        text += "]" + blanks(2);
        if (chance(20)) text += " ; " + letters(0, 20, "abc ");
        return text;
    }

    std::string keyLine(std::string_view name, const std::string& value) {
        std::string text = blanks(2) + inRandomCase(name) + blanks(3) + (chance(90) ? "=" : ":") + blanks(3) + value;
        if (chance(25))
            text += blanks(2) + (chance(80) ? " ;" : "\t;") + letters(0, 40, "abc ;#");
        else
            text += chance(10) ? blanks(3) : "";
        return text;
    }

    // One line of a file (no line end): a section header, a key, a comment, blanks, or now and
    // then one the reader refuses. `section` and `seen` follow the file so far.
    std::string line(std::string& section, std::set<std::string>& seen) {
        static const std::vector<std::string> kSections{"network", "player", "rules", "cpu"};
        const int kind = between(0, 99);
        if (kind < 15) {
            section = chance(95) ? pick(kSections)
                                 : pick<std::string>({"extra", "network2", "cpu x", "", "\xE8\xA8\xAD\xE5\xAE\x9A"});
            return sectionLine(section);
        }
        if (kind < 65) {
            std::vector<const SettingsKey*> keys;
            for (const SettingsKey& key : settingsKeys()) {
                const bool given = seen.count(std::string(key.name)) != 0;
                if (key.section == section && (!given || chance(2))) keys.push_back(&key);
            }
            if (keys.empty()) return blanks(1);
            const SettingsKey* key = pick(keys);
            seen.insert(std::string(key->name));
            return keyLine(key->name, valueFor(*key));
        }
        if (kind < 67) {
            if (chance(50)) return keyLine(pick<std::string>({"colour", "speed", "peer2", "", "level", "port"}), "1");
            return pick<std::string>({"[", "]", "peer", "[cpu", "= 1"});
        }
        return kind < 85 ? comment() : blanks(4);
    }

    std::string file() {
        std::string text = chance(10) ? "\xEF\xBB\xBF" : "";
        const int endingStyle = between(0, 2); // LF, CRLF, or either line by line
        std::string section;
        std::set<std::string> seen; // keys already given (a second one is refused)
        const int lines = between(0, 40);
        for (int n = 0; n < lines; ++n) {
            const std::string body = line(section, seen);
            const std::string ending = endingStyle == 0 ? "\n" : endingStyle == 1 ? "\r\n" : chance(50) ? "\n" : "\r\n";
            text += body + (n + 1 == lines && chance(30) ? "" : ending);
        }
        return text;
    }

private:
    SplitMix64 m_rng;
};

// Shows a file's bytes with its line ends and odd blanks visible, for a failure's message.
std::string visible(std::string_view text) {
    std::string out;
    for (char c : text) {
        if (c == '\r')
            out += "\\r";
        else if (c == '\n')
            out += "\\n\n";
        else if (c == '\t')
            out += "\\t";
        else if (c == '\v')
            out += "\\v";
        else if (c == '\f')
            out += "\\f";
        else
            out += c;
    }
    return out;
}

} // namespace

TEST_CASE("every generated setup.ini the reader accepts reads back the same after the writer",
          "[settings][writer][roundtrip]") {
    FileMaker maker(20261202);
    int accepted = 0;
    for (int n = 0; n < kFiles; ++n) {
        const std::string text = maker.file();
        const SettingsResult read = parseSettings(text, "setup.ini");
        if (!read.settings) continue;
        ++accepted;
        INFO("file " << n << ":\n" << visible(text));

        // Its own settings, written back: the reader's verdict stays, and so do the settings.
        const std::string same = writeSettings(text, *read.settings);
        const SettingsResult again = parseSettings(same, "setup.ini");
        INFO("written back:\n" << visible(same));
        INFO((again.error ? again.error->describe() : std::string("read back")));
        REQUIRE(again.settings);
        CHECK(*again.settings == *read.settings);

        // What the Settings dialog does: other settings written into the same file.
        const Settings other = maker.settings();
        const std::string changed = writeSettings(text, other);
        const SettingsResult changedRead = parseSettings(changed, "setup.ini");
        INFO("with other settings:\n" << visible(changed));
        INFO((changedRead.error ? changedRead.error->describe() : std::string("read back")));
        REQUIRE(changedRead.settings);
        CHECK(*changedRead.settings == other);

        // And written once more over its own output, nothing moves.
        CHECK(writeSettings(changed, other) == changed);
    }
    // The generator must make files the reader takes, or the test checks nothing.
    INFO(accepted << " of " << kFiles << " files accepted");
    CHECK(accepted >= kFiles / 4);
}
