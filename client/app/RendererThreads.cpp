#include "app/RendererThreads.hpp"

#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include <sys/resource.h>

namespace speed::client {
namespace {

constexpr int kNiceIncrement = 10;

std::set<int> threadIds() {
    std::set<int> ids;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task", error)) {
        const std::string name = entry.path().filename().string();
        char* end = nullptr;
        const long id = std::strtol(name.c_str(), &end, 10);
        if (end != name.c_str() && *end == '\0') ids.insert(static_cast<int>(id));
    }
    return ids;
}

} // namespace

RendererThreads::RendererThreads() : m_before(threadIds()) {}

int RendererThreads::deprioritizeNewThreads() const {
    int lowered = 0;
    for (const int id : threadIds()) {
        if (m_before.count(id) != 0) continue;
        errno = 0;
        const int nice = ::getpriority(PRIO_PROCESS, static_cast<id_t>(id));
        if (errno != 0) continue; // gone meanwhile
        if (::setpriority(PRIO_PROCESS, static_cast<id_t>(id), nice + kNiceIncrement) == 0) ++lowered;
        else spdlog::debug("thread {} keeps its priority: {}", id, std::strerror(errno));
    }
    if (lowered > 0) spdlog::debug("{} renderer thread(s) run at nice +{}: the network thread comes first", lowered, kNiceIncrement);
    return lowered;
}

} // namespace speed::client
