#pragma once

#include <fmt/format.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace speed::client {

// The languages the window speaks. English is the default and the fallback.
enum class Language { English, Japanese };

// One message the window shows, in both languages. The key names where it is shown
// ("screen.start.title"); placeholders are fmt's, "{}" in order, or "{0}" "{1}" when the
// Japanese sentence wants its arguments in another order than the English.
struct Words {
    std::string_view key;
    const char* en;
    const char* ja;
};

// Every entry of the catalogue, each part of the window after the other (text/words/).
std::span<const Words> allWords();
// The entry of `key`, or nullptr.
const Words* findWords(std::string_view key);

// The language tr() answers in, for the whole window (the drawing loop and the unit tests).
void setLanguage(Language language);
Language language();

std::string_view languageCode(Language language); // "en", "ja"
std::optional<Language> parseLanguageCode(std::string_view code);
// What "language = auto" means: the first of LC_ALL, LC_MESSAGES and LANG that is set and not
// empty (POSIX's order) decides; Japanese when it starts with "ja" ("ja_JP.UTF-8", "ja"),
// English otherwise and when none is set.
Language languageFromLocale(const char* lcAll, const char* lcMessages, const char* lang);
Language languageFromEnvironment();

// The text of `key` in the current language (or the given one): a null-terminated string that
// lives as long as the program, for ImGui as for std::string. A key missing from the catalogue
// shows itself, so a gap is visible on screen, and the catalogue test names it.
const char* tr(std::string_view key);
const char* tr(std::string_view key, Language in);

// tr(key) with its placeholders filled. A translation whose placeholders do not fit the
// arguments (the catalogue test rules that out) falls back to the English text.
std::string formatWords(std::string_view key, fmt::format_args args);
std::string formatWords(std::string_view key, Language in, fmt::format_args args);
template <typename... Args>
std::string trf(std::string_view key, const Args&... args) {
    return formatWords(key, fmt::make_format_args(args...));
}
// trf in the given language (the log's English while the window speaks another).
template <typename... Args>
std::string trfIn(Language in, std::string_view key, const Args&... args) {
    return formatWords(key, in, fmt::make_format_args(args...));
}

} // namespace speed::client
