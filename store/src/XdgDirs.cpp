#include "speed/store/XdgDirs.hpp"

#include "PosixFiles.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

namespace speed::store {

namespace {

constexpr const char* kProgramFolder = "speed";

// $<xdgVariable>/speed when it is an absolute path, else $HOME/<homeRelative>/speed.
std::filesystem::path xdgBaseDir(const EnvLookup& env, std::string_view xdgVariable, std::string_view homeRelative) {
    if (const auto xdg = env(xdgVariable); xdg && !xdg->empty()) {
        const std::filesystem::path base(*xdg);
        if (base.is_absolute()) return base / kProgramFolder;
    }
    if (const auto home = env("HOME"); home && !home->empty()) {
        const std::filesystem::path base(*home);
        if (base.is_absolute()) return base / homeRelative / kProgramFolder;
    }
    return {};
}

// 0 when `path` is a folder, ENOTDIR when it is something else, else why it cannot be looked at
// (a symbolic link that loops, a name too long).
int folderStatus(const std::filesystem::path& path) {
    struct stat status {};
    if (::stat(path.c_str(), &status) != 0) return errno;
    return S_ISDIR(status.st_mode) ? 0 : ENOTDIR;
}

} // namespace

std::optional<std::string> processEnv(std::string_view name) {
    const std::string key(name);
    if (const char* value = std::getenv(key.c_str())) return std::string(value);
    return std::nullopt;
}

std::filesystem::path stateDir(const EnvLookup& env) { return xdgBaseDir(env, "XDG_STATE_HOME", ".local/state"); }
std::filesystem::path dataDir(const EnvLookup& env) { return xdgBaseDir(env, "XDG_DATA_HOME", ".local/share"); }
std::filesystem::path cacheDir(const EnvLookup& env) { return xdgBaseDir(env, "XDG_CACHE_HOME", ".cache"); }

std::vector<std::filesystem::path> dataSearchDirs(const EnvLookup& env) {
    std::vector<std::filesystem::path> dirs;
    const auto add = [&dirs](const std::filesystem::path& dir) {
        if (dir.empty() || !dir.is_absolute()) return; // the specification ignores a relative entry
        std::filesystem::path clean = dir.lexically_normal();
        if (!clean.has_filename() && clean.has_relative_path()) clean = clean.parent_path(); // "/usr/share/"
        if (std::find(dirs.begin(), dirs.end(), clean) == dirs.end()) dirs.push_back(clean);
    };
    if (const std::filesystem::path home = dataDir(env); !home.empty()) add(home.parent_path());
    std::string list = "/usr/local/share:/usr/share";
    if (const auto value = env("XDG_DATA_DIRS"); value && !value->empty()) list = *value;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t end = std::min(list.find(':', start), list.size());
        add(std::filesystem::path(list.substr(start, end - start)));
        start = end + 1;
    }
    return dirs;
}

FileFailure ensureDir(const std::filesystem::path& dir, std::string_view what) {
    const std::string failure = "cannot create the " + std::string(what);
    if (dir.empty()) return {failure + ": no folder is known for it (is HOME set to an absolute path?)", {}};
    std::vector<std::filesystem::path> parts;
    for (const auto& part : dir) {
        if (!part.empty()) parts.push_back(part); // an empty part: a trailing '/'
    }
    std::filesystem::path current;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        current /= parts[i];
        if (parts[i] == dir.root_name() || parts[i] == dir.root_directory()) continue;
        if (::mkdir(current.c_str(), 0700) == 0) {
            // The umask may have taken bits away: the folder the program keeps is exactly 0700.
            if (i + 1 == parts.size() && ::chmod(current.c_str(), 0700) != 0) {
                const std::string reason = detail::errnoText(errno);
                return {failure + " " + dir.string() + ": " + reason, reason};
            }
            continue;
        }
        int error = errno;
        if (error == EEXIST) {
            error = folderStatus(current);
            if (error == 0) continue;
            if (error == ENOTDIR) {
                return {failure + " " + dir.string() + ": " + current.string() + " is not a folder", {}};
            }
        }
        const std::string reason = detail::errnoText(error);
        const std::string where = i + 1 != parts.size() ? " (at " + current.string() + ")" : std::string();
        return {failure + " " + dir.string() + ": " + reason + where, reason};
    }
    return {};
}

FileFailure checkDirUsable(const std::filesystem::path& dir, std::string_view what) {
    if (::access(dir.c_str(), R_OK | W_OK | X_OK) == 0) return {};
    const std::string reason = detail::errnoText(errno);
    return {"the " + std::string(what) + " " + dir.string() + " cannot be read or written: " + reason, reason};
}

} // namespace speed::store
