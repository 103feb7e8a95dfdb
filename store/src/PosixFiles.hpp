#pragma once

#include <filesystem>
#include <string>

// What the ticket and the folders share: the words for an errno, and the fsync that makes a
// rename or a new file in a folder survive a crash.
namespace speed::store::detail {

std::string errnoText(int error); // "Permission denied"

// fsyncs the folder itself (after a rename into it). 0 on success, else the errno.
int syncFolder(const std::filesystem::path& folder);

} // namespace speed::store::detail
