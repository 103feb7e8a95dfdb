#include "text/Words.hpp"

#include "text/words/Parts.hpp"

#include <atomic>
#include <cstdlib>
#include <mutex>
#include <set>
#include <unordered_map>
#include <vector>

namespace speed::client {
namespace {

std::atomic<Language> g_language{Language::English};

struct Catalogue {
    std::vector<Words> entries;
    std::unordered_map<std::string_view, const Words*> byKey;
};

const Catalogue& catalogue() {
    static const Catalogue built = [] {
        Catalogue c;
        for (auto part : {commonWords, playWords, screenWords, menuWords, helpWords, settingsWords, statsWords, cardWords,
                          measureWords, tutorialWords}) {
            const std::span<const Words> words = part();
            c.entries.insert(c.entries.end(), words.begin(), words.end());
        }
        // The first entry of a key wins; the catalogue test reports any key given twice.
        for (const Words& entry : c.entries) c.byKey.emplace(entry.key, &entry);
        return c;
    }();
    return built;
}

// A key the catalogue lacks is shown as itself; kept here so that it is null-terminated and
// outlives the caller's string.
const char* unknownKey(std::string_view key) {
    static std::mutex mutex;
    static std::set<std::string, std::less<>> seen;
    const std::lock_guard lock(mutex);
    auto found = seen.find(key);
    if (found == seen.end()) found = seen.emplace(key).first;
    return found->c_str();
}

} // namespace

std::span<const Words> allWords() { return catalogue().entries; }

const Words* findWords(std::string_view key) {
    const auto& byKey = catalogue().byKey;
    const auto found = byKey.find(key);
    return found == byKey.end() ? nullptr : found->second;
}

void setLanguage(Language language) { g_language.store(language, std::memory_order_relaxed); }
Language language() { return g_language.load(std::memory_order_relaxed); }

std::string_view languageCode(Language language) { return language == Language::Japanese ? "ja" : "en"; }

std::optional<Language> parseLanguageCode(std::string_view code) {
    if (code == "en") return Language::English;
    if (code == "ja") return Language::Japanese;
    return std::nullopt;
}

Language languageFromLocale(const char* lcAll, const char* lcMessages, const char* lang) {
    for (const char* value : {lcAll, lcMessages, lang}) {
        if (value == nullptr || *value == '\0') continue;
        const std::string_view text(value);
        return text.substr(0, 2) == "ja" ? Language::Japanese : Language::English;
    }
    return Language::English;
}

Language languageFromEnvironment() {
    return languageFromLocale(std::getenv("LC_ALL"), std::getenv("LC_MESSAGES"), std::getenv("LANG"));
}

const char* tr(std::string_view key, Language in) {
    const Words* entry = findWords(key);
    if (entry == nullptr) return unknownKey(key);
    return in == Language::Japanese && *entry->ja != '\0' ? entry->ja : entry->en;
}

const char* tr(std::string_view key) { return tr(key, language()); }

std::string formatWords(std::string_view key, fmt::format_args args) { return formatWords(key, language(), args); }

std::string formatWords(std::string_view key, Language in, fmt::format_args args) {
    const char* text = tr(key, in);
    try {
        return fmt::vformat(text, args);
    } catch (const fmt::format_error&) {
        try {
            return fmt::vformat(tr(key, Language::English), args);
        } catch (const fmt::format_error&) {
            return text;
        }
    }
}

} // namespace speed::client
