#include "app/TutorialMark.hpp"

#include <fstream>
#include <system_error>

namespace speed::client {

std::filesystem::path tutorialMarkPath(const store::EnvLookup& env) {
    const std::filesystem::path dir = store::stateDir(env);
    return dir.empty() ? dir : dir / "tutorial-done";
}

bool tutorialDone(const std::filesystem::path& mark) {
    std::error_code error;
    return !mark.empty() && std::filesystem::exists(mark, error);
}

bool markTutorialDone(const std::filesystem::path& mark) {
    if (mark.empty() || !store::ensureDir(mark.parent_path(), "state folder").empty()) return false;
    std::ofstream file(mark);
    file << "done\n";
    return static_cast<bool>(file);
}

} // namespace speed::client
