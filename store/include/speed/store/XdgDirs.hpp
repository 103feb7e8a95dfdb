#pragma once

#include "speed/store/StoreProblem.hpp"

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Where a program keeps its files on this machine, by the XDG Base Directory specification:
// state that should survive a restart but is not worth a backup (a client's resume ticket, a
// host's match journal) in the state folder, data the user would miss in the data folder.
namespace speed::store {

// Looks up an environment variable: nothing when it is not set. The default reads getenv.
using EnvLookup = std::function<std::optional<std::string>(std::string_view name)>;
std::optional<std::string> processEnv(std::string_view name);

// $XDG_STATE_HOME/speed when XDG_STATE_HOME is set to an absolute path, else
// $HOME/.local/state/speed (the specification ignores a relative XDG_* value). Empty when
// neither gives an absolute path (HOME unset or relative): ensureDir then says so.
std::filesystem::path stateDir(const EnvLookup& env = processEnv);
// $XDG_DATA_HOME/speed, else $HOME/.local/share/speed; empty as above.
std::filesystem::path dataDir(const EnvLookup& env = processEnv);
// $XDG_CACHE_HOME/speed, else $HOME/.cache/speed; empty as above. What is kept there can be made
// again (rendered card decks): losing it costs time, never a choice or a game.
std::filesystem::path cacheDir(const EnvLookup& env = processEnv);
// Where installed programs' shared data is looked up, most important first: $XDG_DATA_HOME (else
// $HOME/.local/share), then each absolute folder of $XDG_DATA_DIRS (else /usr/local/share and
// /usr/share), without repeats. These are the base folders, without "speed".
std::vector<std::filesystem::path> dataSearchDirs(const EnvLookup& env = processEnv);

// Makes `dir` and any missing parent with mode 0700 (the specification's, so only this user reads
// what the program keeps: `dir` itself exactly 0700, new parents 0700 less the umask); a folder
// that is already there is left as it is.
// Empty on success, else what went wrong, naming the folder as `what`:
// "cannot create the state folder /x/y: Permission denied", and the system's "Permission denied".
FileFailure ensureDir(const std::filesystem::path& dir, std::string_view what = "folder");
// Whether this program may list, read and write in `dir` (a folder made 000, a read-only mount,
// one owned by another user are not). Empty when it may, else "the state folder /x/y cannot be
// read or written: Read-only file system".
FileFailure checkDirUsable(const std::filesystem::path& dir, std::string_view what = "folder");

} // namespace speed::store
