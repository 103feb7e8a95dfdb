#pragma once

#include "speed/store/XdgDirs.hpp"

#include <filesystem>

namespace speed::client {

// "Learn to play" finished or skipped once: the start screen then offers a game first and the
// lesson after it, smaller. Kept as an empty file in the state folder (never beside the program).
std::filesystem::path tutorialMarkPath(const store::EnvLookup& env = store::processEnv);
bool tutorialDone(const std::filesystem::path& mark);
// Writes the mark (and the state folder). False when it could not be written: the lesson is
// offered first again next time, nothing worse.
bool markTutorialDone(const std::filesystem::path& mark);

} // namespace speed::client
