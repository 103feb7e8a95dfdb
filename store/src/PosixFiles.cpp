#include "PosixFiles.hpp"

#include <cerrno>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

namespace speed::store::detail {

std::string errnoText(int error) { return std::generic_category().message(error); }

int syncFolder(const std::filesystem::path& folder) {
    const std::filesystem::path where = folder.empty() ? std::filesystem::path(".") : folder;
    const int fd = ::open(where.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return errno;
    int result = 0;
    if (::fsync(fd) != 0) result = errno;
    ::close(fd);
    return result;
}

} // namespace speed::store::detail
