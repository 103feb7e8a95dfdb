#include "speed/net/WakeSignal.hpp"

#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include <sys/eventfd.h>
#include <unistd.h>

namespace speed {

WakeSignal::WakeSignal() : m_fd(::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {
    if (m_fd < 0) spdlog::warn("no eventfd ({}): a waiting thread is not woken at once", std::strerror(errno));
}

WakeSignal::~WakeSignal() {
    if (m_fd >= 0) ::close(m_fd);
}

void WakeSignal::raise() const {
    if (m_fd < 0) return;
    const std::uint64_t one = 1;
    // Fails only when the counter is full (2^64 - 2 raises unread): readable anyway.
    [[maybe_unused]] const auto written = ::write(m_fd, &one, sizeof one);
}

void WakeSignal::clear() const {
    if (m_fd < 0) return;
    std::uint64_t count = 0;
    [[maybe_unused]] const auto read = ::read(m_fd, &count, sizeof count); // EAGAIN: nothing raised
}

} // namespace speed
