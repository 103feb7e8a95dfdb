// The window's message catalogue: every key in both languages, placeholders that agree, and
// every key the window's code names is in the catalogue.
#include "text/Words.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace speed::client;

namespace {

// The placeholders of a text, in order: "{}", "{0}", "{:.1f}"... ("{{" and "}}" are braces).
std::vector<std::string> placeholders(std::string_view text) {
    std::vector<std::string> found;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '{' && i + 1 < text.size() && text[i + 1] == '{') {
            ++i;
            continue;
        }
        if (text[i] != '{') continue;
        const std::size_t end = text.find('}', i);
        if (end == std::string_view::npos) {
            found.push_back("unclosed");
            break;
        }
        found.emplace_back(text.substr(i, end - i + 1));
        i = end;
    }
    return found;
}

// Positional ("{0}") placeholders may come in any order; automatic ones ("{}") only as many.
std::multiset<std::string> placeholderSet(std::string_view text) {
    const auto list = placeholders(text);
    return {list.begin(), list.end()};
}

// An English sentence left untranslated: a word of four or more lower-case ASCII letters and
// no kana, kanji or full-width form (their UTF-8 starts with a byte from 0xE3 up).
bool looksLikeEnglish(std::string_view text) {
    static const std::regex word("[a-z]{4,}");
    const bool japanese = std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) >= 0xE3; });
    return !japanese && std::regex_search(text.begin(), text.end(), word);
}

// Every string literal in the window's code that is spelled like a catalogue key.
std::map<std::string, std::string> keysNamedInSources() {
    const std::filesystem::path root = std::filesystem::path(SPEED_SOURCE_DIR) / "client";
    std::set<std::string> prefixes;
    for (const Words& entry : allWords()) prefixes.insert(std::string(entry.key.substr(0, entry.key.find('.'))));
    std::string alternatives;
    for (const auto& prefix : prefixes) alternatives += (alternatives.empty() ? "" : "|") + prefix;
    const std::regex literal("\"((?:" + alternatives + ")\\.[a-z0-9_.]+)\"");
    const std::regex widgetName("note(?:Widget|Keyboard)\\(\"[^\"]*\"");
    std::map<std::string, std::string> named; // key -> first file naming it
    for (const auto& file : std::filesystem::recursive_directory_iterator(root)) {
        const auto extension = file.path().extension();
        if (extension != ".cpp" && extension != ".hpp") continue;
        if (file.path().parent_path().filename() == "words") continue; // the catalogue itself
        std::ifstream in(file.path());
        std::stringstream text;
        text << in.rdbuf();
        // A control's layout name (noteWidget, noteKeyboard) is not a catalogue key, though it may look like one.
        const std::string source = std::regex_replace(text.str(), widgetName, "note(");
        for (std::sregex_iterator it(source.begin(), source.end(), literal), end; it != end; ++it) {
            named.emplace((*it)[1].str(), file.path().lexically_relative(root).string());
        }
    }
    return named;
}

} // namespace

TEST_CASE("every key of the catalogue is given once, in English and in Japanese") {
    std::set<std::string_view> keys;
    REQUIRE(allWords().size() > 10);
    for (const Words& entry : allWords()) {
        INFO("key " << entry.key);
        CHECK(keys.insert(entry.key).second);
        CHECK(!entry.key.empty());
        CHECK(std::string_view(entry.en).size() > 0);
        CHECK(std::string_view(entry.ja).size() > 0);
        CHECK_FALSE(entry.key.ends_with("placeholder"));
    }
}

TEST_CASE("the Japanese of each key is Japanese, not English left as it was") {
    for (const Words& entry : allWords()) {
        INFO("key " << entry.key << ": " << entry.ja);
        if (std::string_view(entry.ja) == entry.en) CHECK_FALSE(looksLikeEnglish(entry.en));
    }
}

TEST_CASE("both languages of a key have the same placeholders") {
    for (const Words& entry : allWords()) {
        INFO("key " << entry.key << "\n  en: " << entry.en << "\n  ja: " << entry.ja);
        const auto en = placeholders(entry.en);
        const auto ja = placeholders(entry.ja);
        const bool positional = std::any_of(en.begin(), en.end(), [](const std::string& p) { return p.size() > 2 && std::isdigit(static_cast<unsigned char>(p[1])); });
        if (positional) CHECK(placeholderSet(entry.en) == placeholderSet(entry.ja));
        else CHECK(en == ja);
    }
}

TEST_CASE("every key the window's code names is in the catalogue") {
    const auto named = keysNamedInSources();
    CHECK(named.size() > 10);
    for (const auto& [key, file] : named) {
        INFO(file << " names \"" << key << "\"");
        CHECK(findWords(key) != nullptr);
    }
}

TEST_CASE("every key of the catalogue is shown somewhere: none is left over") {
    const auto named = keysNamedInSources();
    for (const Words& entry : allWords()) {
        INFO("no file in client/ names \"" << entry.key << "\"");
        CHECK(named.count(std::string(entry.key)) == 1);
    }
}

TEST_CASE("tr answers in the language chosen, and a missing key shows itself") {
    setLanguage(Language::Japanese);
    CHECK(std::string_view(tr("common.close")) == "閉じる");
    CHECK(std::string_view(tr("common.close", Language::English)) == "Close");
    setLanguage(Language::English);
    CHECK(std::string_view(tr("common.close")) == "Close");
    CHECK(std::string_view(tr("no.such.key")) == "no.such.key");
    CHECK(std::string_view(tr(std::string("built.") + "key")) == "built.key");
}

TEST_CASE("trf fills placeholders, and falls back to English when a translation does not fit") {
    CHECK(trf("common.close") == "Close");
    CHECK(formatWords("no.such {}", fmt::make_format_args(3)) == "no.such 3");
}

TEST_CASE("language = auto reads LC_ALL, then LC_MESSAGES, then LANG") {
    CHECK(languageFromLocale(nullptr, nullptr, "ja_JP.UTF-8") == Language::Japanese);
    CHECK(languageFromLocale(nullptr, nullptr, "ja") == Language::Japanese);
    CHECK(languageFromLocale(nullptr, nullptr, "en_GB.UTF-8") == Language::English);
    CHECK(languageFromLocale(nullptr, nullptr, "C.UTF-8") == Language::English);
    CHECK(languageFromLocale(nullptr, nullptr, nullptr) == Language::English);
    CHECK(languageFromLocale("en_US.UTF-8", nullptr, "ja_JP.UTF-8") == Language::English);
    CHECK(languageFromLocale("", "ja_JP.UTF-8", "en_US.UTF-8") == Language::Japanese);
    CHECK(parseLanguageCode("ja") == Language::Japanese);
    CHECK(parseLanguageCode("en") == Language::English);
    CHECK_FALSE(parseLanguageCode("fr").has_value());
}
