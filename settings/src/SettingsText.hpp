#pragma once

// How setup.ini's text is cut into lines, names and values: the one definition the reader's
// checks and the writer share, following libinih's own rules (private header).
#include "speed/settings/Settings.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace speed::settings_text {

inline constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF"; // as Notepad writes it
inline constexpr std::size_t kMaxLineChars = kMaxSettingsLineChars; // libinih's limit
// libinih keeps a section's name in a 50-byte buffer: the first 49 bytes after the '[', the rest
// dropped without a word (its INI_MAX_SECTION).
inline constexpr std::size_t kMaxSectionChars = 49;

// The blanks libinih skips around names and values: C's isspace (space, \t, \n, \v, \f, \r).
bool isBlank(char c);
std::string_view trim(std::string_view text);

struct Line {
    std::string body;   // without its line ending
    std::string ending; // "\n", "\r\n" or "" for a last line without one
};

// Lines end with LF or CRLF; a CR alone is not a line end (the reader refuses it).
std::vector<Line> splitLines(std::string_view text);

// "[ name ]" (leading blanks allowed, a comment after it too): the name as libinih reads it (its
// first kMaxSectionChars bytes), trimmed. Nothing for a line that is not a section header.
std::optional<std::string> sectionName(std::string_view body);

// `key = value ; comment` split where the value starts and ends, as libinih splits it.
struct KeyValue {
    std::string key;
    std::size_t separator = 0;    // index of '=' (or ':')
    std::size_t commentBegin = 0; // index of an inline "; comment", or the line's size
};
std::optional<KeyValue> keyValue(std::string_view body);

// What libinih would pass over in silence, or misread, and the reader refuses instead (in the
// text after the one byte-order mark was taken off): a second mark, a NUL byte, a CR that ends
// no line, a line too long to be read in one piece, text after a section's ']'. The first such
// problem and its 1-based line.
struct TextProblem {
    int line = 0;
    SettingsProblem kind = SettingsProblem::NotKeyValue;
};
std::optional<TextProblem> silentProblem(std::string_view text);

} // namespace speed::settings_text
