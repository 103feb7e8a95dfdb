#include "speed/settings/SettingsWriter.hpp"
#include "speed/settings/SettingsKeys.hpp"

#include <optional>
#include <set>
#include <vector>

namespace speed {
namespace {

constexpr std::string_view kBlanks = " \t";

std::string_view trim(std::string_view text) {
    const auto first = text.find_first_not_of(kBlanks);
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(kBlanks);
    return text.substr(first, last - first + 1);
}

struct Line {
    std::string body;   // without its line ending
    std::string ending; // "\n", "\r\n" or "" for a last line without one
};

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

std::optional<std::string> sectionHeader(std::string_view body) {
    const auto text = trim(body);
    if (text.size() < 2 || text.front() != '[') return std::nullopt;
    const auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    return std::string(trim(text.substr(1, close - 1)));
}

// A `key = value ; comment` line split where the value starts and ends.
struct KeyValueLine {
    std::string key;
    std::size_t separator = 0;  // index of '=' (or ':')
    std::size_t commentBegin = 0; // index of an inline "; comment", or the line's size
};

std::optional<KeyValueLine> keyValue(std::string_view body) {
    const auto text = trim(body);
    if (text.empty() || text.front() == ';' || text.front() == '#' || text.front() == '[') {
        return std::nullopt;
    }
    const auto separator = body.find_first_of("=:");
    if (separator == std::string_view::npos) return std::nullopt;
    KeyValueLine line{std::string(trim(body.substr(0, separator))), separator, body.size()};
    for (std::size_t i = separator + 1; i < body.size(); ++i) {
        if (body[i] == ';' && (body[i - 1] == ' ' || body[i - 1] == '\t')) { // as libinih does
            line.commentBegin = i;
            break;
        }
    }
    return line;
}

// Replaces the value, keeping the key, the spacing around it and an inline comment.
std::string replaceValue(std::string_view body, const KeyValueLine& line, std::string_view value) {
    const std::string_view region = body.substr(line.separator + 1, line.commentBegin - line.separator - 1);
    const std::string_view old = trim(region);
    if (old.empty()) {
        std::string rebuilt(body.substr(0, line.separator + 1));
        rebuilt += " ";
        rebuilt += value;
        if (line.commentBegin < body.size()) rebuilt += " " + std::string(body.substr(line.commentBegin));
        return rebuilt;
    }
    const std::size_t oldBegin = line.separator + 1 + region.find_first_not_of(kBlanks);
    std::string rebuilt(body);
    rebuilt.replace(oldBegin, old.size(), value);
    return rebuilt;
}

class SettingsTextWriter {
public:
    SettingsTextWriter(std::string_view text, const Settings& settings)
        : m_lines(splitLines(text)), m_settings(settings) {
        m_ending = m_lines.empty() || m_lines.front().ending.empty() ? "\n" : m_lines.front().ending;
    }

    std::string write() {
        for (const auto& line : m_lines) visit(line);
        closeSection();
        appendMissingSections();
        return m_out;
    }

private:
    void visit(const Line& line) {
        if (auto header = sectionHeader(line.body)) {
            closeSection();
            flushPending();
            m_section = *header;
            m_seenSections.insert(canonicalSection(m_section));
            m_out += line.body + line.ending;
            return;
        }
        const auto span = keyValue(line.body);
        const SettingsKey* key = span ? findSettingsKey(m_section, span->key) : nullptr;
        if (key == nullptr) {
            m_pending += line.body + line.ending; // comments and blanks stay where they were
            return;
        }
        flushPending();
        const std::string body = replaceValue(line.body, *span, key->render(m_settings));
        m_out += body + (line.ending.empty() ? m_ending : line.ending);
        m_written.insert(key);
    }

    // Adds the known keys this section lacks right after its last key, before trailing comments.
    void closeSection() {
        for (const auto& key : settingsKeys()) {
            if (!equalsIgnoringCase(key.section, m_section) || m_written.count(&key) != 0) continue;
            if (!m_out.empty() && m_out.back() != '\n') m_out += m_ending;
            m_out += std::string(key.name) + " = " + key.render(m_settings) + m_ending;
            m_written.insert(&key);
        }
    }

    void flushPending() {
        m_out += m_pending;
        m_pending.clear();
    }

    void appendMissingSections() {
        flushPending();
        for (const auto& key : settingsKeys()) {
            if (m_seenSections.count(std::string(key.section)) != 0) continue;
            m_seenSections.insert(std::string(key.section));
            if (!m_out.empty() && m_out.back() != '\n') m_out += m_ending;
            if (!m_out.empty()) m_out += m_ending;
            m_out.append("[").append(key.section).append("]").append(m_ending);
            m_section = std::string(key.section);
            closeSection();
        }
    }

    static std::string canonicalSection(std::string_view name) {
        for (const auto& key : settingsKeys()) {
            if (equalsIgnoringCase(key.section, name)) return std::string(key.section);
        }
        return std::string(name);
    }

    std::vector<Line> m_lines;
    const Settings& m_settings;
    std::string m_ending;
    std::string m_out;
    std::string m_pending; // comments and blank lines not yet known to precede a key
    std::string m_section;
    std::set<std::string> m_seenSections;
    std::set<const SettingsKey*> m_written;
};

} // namespace

std::string writeSettings(std::string_view existingText, const Settings& settings) {
    return SettingsTextWriter(existingText, settings).write();
}

} // namespace speed
