#include "app/LoopWait.hpp"

#include "table/Speeds.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>

namespace speed::client {
namespace {

// The X server listens on a Unix socket named .../.X11-unix/X<n> (also in the abstract
// namespace, where the name starts with a zero byte) or on TCP port 6000 + n.
bool isDisplayConnection(int fd) {
    sockaddr_storage peer{};
    socklen_t length = sizeof peer;
    if (::getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &length) != 0) return false;
    if (peer.ss_family == AF_UNIX) {
        const auto* unixPeer = reinterpret_cast<const sockaddr_un*>(&peer);
        const std::size_t pathBytes = length > offsetof(sockaddr_un, sun_path) ? length - offsetof(sockaddr_un, sun_path) : 0;
        const std::string_view path(unixPeer->sun_path, std::min(pathBytes, sizeof unixPeer->sun_path));
        return path.find("/.X11-unix/X") != std::string_view::npos;
    }
    int port = -1;
    if (peer.ss_family == AF_INET) port = ntohs(reinterpret_cast<const sockaddr_in*>(&peer)->sin_port);
    if (peer.ss_family == AF_INET6) port = ntohs(reinterpret_cast<const sockaddr_in6*>(&peer)->sin6_port);
    return port >= 6000 && port < 6064;
}

} // namespace

LoopWait::LoopWait() {
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/fd", error)) {
        const std::string name = entry.path().filename().string();
        char* end = nullptr;
        const long fd = std::strtol(name.c_str(), &end, 10);
        if (end == name.c_str() || *end != '\0') continue;
        if (isDisplayConnection(static_cast<int>(fd))) m_displayFds.push_back(static_cast<int>(fd));
    }
    if (m_displayFds.empty()) {
        spdlog::warn("the display's connection was not found: the window looks for input every {} ms", kIdlePollMs);
    } else {
        spdlog::debug("the loop wakes on the display's connection (fd {})", m_displayFds.front());
    }
}

void LoopWait::wait(TimeMs maxMs, int networkFd) const {
    std::vector<pollfd> fds;
    for (const int fd : m_displayFds) fds.push_back({fd, POLLIN, 0});
    if (networkFd >= 0) fds.push_back({networkFd, POLLIN, 0});
    const TimeMs limit = m_displayFds.empty() ? std::min(maxMs, kIdlePollMs) : maxMs;
    const int timeout = static_cast<int>(std::clamp<TimeMs>(limit, 0, 60'000));
    ::poll(fds.data(), fds.size(), timeout); // EINTR or a timeout: the loop looks and waits again
}

} // namespace speed::client
