#include "speed/settings/SettingsWriter.hpp"

#include "speed/settings/SettingsFile.hpp"
#include "speed/settings/SettingsKeys.hpp"

#include "SettingsText.hpp"

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <vector>

namespace speed {
namespace {

using settings_text::KeyValue;
using settings_text::Line;

// Replaces the value, keeping the key, the spacing around it and an inline comment.
std::string replaceValue(std::string_view body, const KeyValue& line, std::string_view value) {
    const std::string_view region = body.substr(line.separator + 1, line.commentBegin - line.separator - 1);
    const std::string_view old = settings_text::trim(region);
    if (old.empty() && value.empty()) return std::string(body);
    if (old.empty()) {
        std::string rebuilt(body.substr(0, line.separator + 1));
        rebuilt += " ";
        rebuilt += value;
        if (line.commentBegin < body.size()) {
            rebuilt += ' ';
            rebuilt += body.substr(line.commentBegin);
        }
        return rebuilt;
    }
    const std::size_t oldBegin = static_cast<std::size_t>(old.data() - body.data());
    std::string rebuilt(body);
    rebuilt.replace(oldBegin, old.size(), value);
    return rebuilt;
}

// The key of this program that `line` sets in `section`, if any.
const SettingsKey* knownKeyOf(std::string_view section, std::string_view body) {
    const auto span = settings_text::keyValue(body);
    return span ? findSettingsKey(section, span->key) : nullptr;
}

class SettingsTextWriter {
public:
    SettingsTextWriter(std::string_view text, const Settings& settings) : m_settings(settings) {
        if (text.starts_with(settings_text::kUtf8Bom)) {
            m_out = std::string(settings_text::kUtf8Bom); // kept, as the editor that wrote it expects
            text.remove_prefix(settings_text::kUtf8Bom.size());
        }
        m_lines = settings_text::splitLines(text);
        m_ending = m_lines.empty() || m_lines.front().ending.empty() ? "\n" : m_lines.front().ending;
        noteKeysPresent();
    }

    std::string write() {
        for (const auto& line : m_lines) visit(line);
        closeSection();
        appendMissingSections();
        return m_out;
    }

private:
    // A key set anywhere in the file (a section may come twice) is never added again.
    void noteKeysPresent() {
        std::string section;
        for (const Line& line : m_lines) {
            if (auto name = settings_text::sectionName(line.body)) section = *name;
            else if (const SettingsKey* key = knownKeyOf(section, line.body)) m_present.insert(key);
        }
    }

    void visit(const Line& line) {
        if (auto name = settings_text::sectionName(line.body)) {
            closeSection();
            flushPending();
            m_section = *name;
            m_seenSections.insert(canonicalSection(m_section));
            m_out += line.body + line.ending;
            return;
        }
        const auto span = settings_text::keyValue(line.body);
        const SettingsKey* key = span ? findSettingsKey(m_section, span->key) : nullptr;
        if (key == nullptr) {
            m_pending += line.body + line.ending; // comments and blanks stay where they were
            return;
        }
        flushPending();
        const std::string ending = line.ending.empty() ? m_ending : line.ending;
        std::string body = replaceValue(line.body, *span, key->render(m_settings));
        if (body.size() > settings_text::kMaxLineChars) { // a longer value: its comment moves above it
            if (span->commentBegin < line.body.size()) m_out += line.body.substr(span->commentBegin) + ending;
            body = std::string(key->name) + " = " + key->render(m_settings);
        }
        m_out += body + ending;
    }

    // Adds the known keys this section lacks right after its last key, before trailing comments.
    void closeSection() {
        for (const auto& key : settingsKeys()) {
            if (!equalsIgnoringCase(key.section, m_section) || m_present.count(&key) != 0) continue;
            if (!m_out.empty() && m_out.back() != '\n') m_out += m_ending;
            const std::string value = key.render(m_settings);
            m_out += std::string(key.name) + (value.empty() ? " =" : " = " + value) + m_ending;
            m_present.insert(&key);
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
            if (!m_out.empty() && m_out != settings_text::kUtf8Bom) m_out += m_ending;
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
    std::set<const SettingsKey*> m_present; // in the file, or added by this writer
};

} // namespace

std::string writeSettings(std::string_view existingText, const Settings& settings) {
    return SettingsTextWriter(existingText, settings).write();
}

namespace {

// A file with a password is its owner's alone; any other keeps the mode it had (0644 when new).
std::filesystem::perms modeFor(const std::string& path, const Settings& settings) {
    namespace fs = std::filesystem;
    if (!settings.network.password.empty()) return fs::perms::owner_read | fs::perms::owner_write;
    std::error_code ec;
    const fs::perms before = fs::status(path, ec).permissions();
    if (ec || before == fs::perms::unknown) {
        return fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read | fs::perms::others_read;
    }
    return before;
}

// Writes `text` to `path` with `mode`, set while the file is still empty so a password is never
// readable by others, not even for a moment.
bool writeWithMode(const std::string& path, const std::string& text, std::filesystem::perms mode) {
    std::ofstream(path, std::ios::binary | std::ios::trunc).close();
    std::error_code ec;
    std::filesystem::permissions(path, mode, std::filesystem::perm_options::replace, ec);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    return !ec && out.good();
}

} // namespace

namespace {

SaveResult notSaved(SaveProblem problem, std::string path, std::string systemError = {}) {
    SaveResult result;
    result.problem = problem;
    result.path = std::move(path);
    result.systemError = std::move(systemError);
    result.error = describeSaveProblem(result);
    return result;
}

} // namespace

std::string describeSaveProblem(const SaveResult& result) {
    switch (result.problem) {
    case SaveProblem::WouldNotReadBack:
        return "the result would not read back: " + (result.readBack ? result.readBack->describe() : std::string());
    case SaveProblem::CannotMakeFolder: return "cannot make the folder " + result.path + ": " + result.systemError;
    case SaveProblem::CannotWrite: return "cannot write " + result.path;
    case SaveProblem::CannotReplace: return "cannot replace " + result.path + ": " + result.systemError;
    case SaveProblem::NotAFile: return result.path + " is not a file (a device or a folder): it is left as it is";
    case SaveProblem::None: break;
    }
    return {};
}

SaveResult saveSettings(const std::string& path, const Settings& settings) {
    namespace fs = std::filesystem;
    // A path that names a device (--config /dev/null) or a folder is never replaced by a file:
    // renaming over it would take /dev/null away from the whole machine.
    if (std::error_code statError; fs::exists(path, statError) && !fs::is_regular_file(path, statError)) {
        return notSaved(SaveProblem::NotAFile, path);
    }
    // A new file starts from the commented one: a player who opens it finds what each key means.
    std::string existing(commentedSetupIni());
    if (std::ifstream in(path, std::ios::binary); in) {
        std::ostringstream text;
        text << in.rdbuf();
        existing = text.str();
    }
    const std::string text = writeSettings(existing, settings);
    if (const SettingsResult check = parseSettings(text, path); check.error) {
        SaveResult result;
        result.problem = SaveProblem::WouldNotReadBack;
        result.readBack = check.error;
        result.error = describeSaveProblem(result);
        return result;
    }
    std::error_code ec;
    if (const fs::path folder = fs::path(path).parent_path(); !folder.empty() && !fs::is_directory(folder, ec)) {
        fs::create_directories(folder, ec);
        if (ec) return notSaved(SaveProblem::CannotMakeFolder, folder.string(), ec.message());
    }
    const std::string temporary = path + ".saving";
    if (!writeWithMode(temporary, text, modeFor(path, settings))) {
        fs::remove(temporary, ec);
        return notSaved(SaveProblem::CannotWrite, temporary);
    }
    fs::rename(temporary, path, ec);
    if (ec) {
        fs::remove(temporary, ec);
        return notSaved(SaveProblem::CannotReplace, path, ec.message());
    }
    SaveResult saved;
    saved.saved = true;
    return saved;
}

} // namespace speed
