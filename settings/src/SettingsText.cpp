#include "SettingsText.hpp"

#include <algorithm>

namespace speed::settings_text {

bool isBlank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

std::string_view trim(std::string_view text) {
    while (!text.empty() && isBlank(text.front())) text.remove_prefix(1);
    while (!text.empty() && isBlank(text.back())) text.remove_suffix(1);
    return text;
}

std::vector<Line> splitLines(std::string_view text) {
    std::vector<Line> lines;
    while (!text.empty()) {
        const auto newline = text.find('\n');
        std::string_view body = text.substr(0, newline);
        std::string ending = newline == std::string_view::npos ? "" : "\n";
        if (!ending.empty() && !body.empty() && body.back() == '\r') {
            body.remove_suffix(1);
            ending = "\r\n";
        }
        lines.push_back({std::string(body), ending});
        text = newline == std::string_view::npos ? std::string_view{} : text.substr(newline + 1);
    }
    return lines;
}

namespace {

bool startsComment(char c) { return c == ';' || c == '#'; }

// After a section's ']': nothing, blanks, or an inline comment.
bool onlyCommentAfter(std::string_view rest) {
    rest = trim(rest);
    return rest.empty() || rest.front() == ';';
}

} // namespace

std::optional<std::string> sectionName(std::string_view body) {
    const std::string_view text = trim(body);
    if (text.size() < 2 || text.front() != '[') return std::nullopt;
    const auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    // "[", 50 blanks and "cpu]" is a section with no name to libinih, not [cpu]: the writer must
    // not put [cpu]'s keys under it, where the reader would not find them.
    return std::string(trim(text.substr(1, std::min(close - 1, kMaxSectionChars))));
}

std::optional<KeyValue> keyValue(std::string_view body) {
    const std::string_view text = trim(body);
    if (text.empty() || startsComment(text.front()) || text.front() == '[') return std::nullopt;
    const auto separator = body.find_first_of("=:");
    if (separator == std::string_view::npos) return std::nullopt;
    KeyValue line{std::string(trim(body.substr(0, separator))), separator, body.size()};
    for (std::size_t i = separator + 1; i < body.size(); ++i) {
        if (body[i] == ';' && isBlank(body[i - 1])) { // an inline comment needs a blank before it
            line.commentBegin = i;
            break;
        }
    }
    return line;
}

std::optional<TextProblem> silentProblem(std::string_view text) {
    // libinih drops a byte-order mark of its own: after ours, a second one would vanish too.
    if (text.starts_with(kUtf8Bom)) return TextProblem{1, SettingsProblem::SecondByteOrderMark};
    int number = 1;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\0') return TextProblem{number, SettingsProblem::NulByte};
        if (text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n')) {
            return TextProblem{number, SettingsProblem::LoneCarriageReturn};
        }
        if (text[i] == '\n') ++number;
    }
    number = 0;
    for (const Line& line : splitLines(text)) {
        ++number;
        if (line.body.size() > kMaxLineChars) {
            return TextProblem{number, SettingsProblem::LineTooLong};
        }
        const std::string_view body = trim(line.body);
        if (body.empty() || body.front() != '[') continue;
        const auto close = body.find(']');
        if (close != std::string_view::npos && !onlyCommentAfter(body.substr(close + 1))) {
            return TextProblem{number, SettingsProblem::TextAfterSection};
        }
    }
    return std::nullopt;
}

} // namespace speed::settings_text
