#include "ReceiveStamped.hpp"

#include "speed/measure/UdpProber.hpp"

#include <sys/uio.h>
#include <time.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstring>

namespace speed::detail {

void setReceiveTimeout(int fd, std::chrono::microseconds timeout) {
    timeval value{};
    value.tv_sec = static_cast<time_t>(timeout.count() / 1'000'000);
    value.tv_usec = static_cast<suseconds_t>(timeout.count() % 1'000'000);
    if (value.tv_sec == 0 && value.tv_usec == 0) value.tv_usec = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, sizeof value);
}
namespace {

std::uint64_t realtimeNowNs() {
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    return static_cast<std::uint64_t>(now.tv_sec) * 1'000'000'000ULL + static_cast<std::uint64_t>(now.tv_nsec);
}

// A stamp this far after the read still counts (as the read's time): the pair's own error.
constexpr std::int64_t kClockReadSlackNs = 2'000;

// The monotonic clock and the wall clock read together: the monotonic reading halfway between
// two that enclose the wall clock's. A pair read across a preemption (its two monotonic
// readings far apart) is read again; the tightest of a few is kept, so carrying a wall-clock
// stamp onto the monotonic clock errs by well under a microsecond, not by the preemption.
struct ClockPair {
    std::uint64_t monotonicNs;
    std::uint64_t realtimeNs;
};

ClockPair readClockPair() {
    constexpr std::uint64_t kTightNs = 2'000;
    ClockPair best{0, 0};
    std::uint64_t bestSpread = UINT64_MAX;
    for (int attempt = 0; attempt < 4 && bestSpread > kTightNs; ++attempt) {
        const std::uint64_t before = monotonicNowNs();
        const std::uint64_t real = realtimeNowNs();
        const std::uint64_t after = monotonicNowNs();
        if (after - before < bestSpread) {
            bestSpread = after - before;
            best = {before + (after - before) / 2, real};
        }
    }
    return best;
}

// The wall clock's lead over the monotonic clock, from a pair read at most a millisecond ago
// on this thread. Back to back a datagram comes every few microseconds: three clock readings
// saved on most of them. Within a millisecond an NTP slew (at most 500 ppm) moves the lead by
// half a microsecond at most.
std::int64_t wallClockLeadNs(std::uint64_t atNs) {
    constexpr std::uint64_t kFreshNs = 1'000'000;
    thread_local std::uint64_t readAt = 0;
    thread_local std::int64_t lead = 0;
    if (readAt == 0 || atNs < readAt || atNs - readAt > kFreshNs) {
        const ClockPair pair = readClockPair();
        readAt = pair.monotonicNs;
        lead = static_cast<std::int64_t>(pair.realtimeNs - pair.monotonicNs);
    }
    return lead;
}

} // namespace

bool enableKernelTimestamps(int fd) {
    const int on = 1;
    return ::setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on) == 0;
}

int enlargeReceiveBuffer(int fd, int bytes) {
    int granted = 0;
    socklen_t length = sizeof granted;
    if (::getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &granted, &length) == 0 && granted >= bytes) return granted;
    // Past rmem_max only with CAP_NET_ADMIN; without it the plain request is capped there.
    if (::setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &bytes, sizeof bytes) != 0) {
        ::setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &bytes, sizeof bytes);
    }
    length = sizeof granted;
    ::getsockopt(fd, SOL_SOCKET, SO_RCVBUF, &granted, &length);
    return granted;
}

StampedReceive receiveStamped(int fd, char* buffer, std::size_t size, int flags, sockaddr_storage* from,
                              socklen_t* fromLength) {
    iovec part{buffer, size};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timespec))];
    msghdr message{};
    message.msg_name = from;
    message.msg_namelen = from != nullptr ? sizeof(sockaddr_storage) : 0;
    message.msg_iov = &part;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    StampedReceive result;
    result.length = static_cast<long>(::recvmsg(fd, &message, flags));
    result.atNs = monotonicNowNs();
    if (result.length < 0) {
        result.error = errno;
        return result;
    }
    if (fromLength != nullptr) *fromLength = message.msg_namelen;
    for (cmsghdr* header = CMSG_FIRSTHDR(&message); header != nullptr; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_TIMESTAMPNS) continue;
        timespec kernel{};
        std::memcpy(&kernel, CMSG_DATA(header), sizeof kernel);
        const std::uint64_t kernelRealNs =
            static_cast<std::uint64_t>(kernel.tv_sec) * 1'000'000'000ULL + static_cast<std::uint64_t>(kernel.tv_nsec);
        // The kernel stamps with the wall clock: carried onto the monotonic clock by the wall
        // clock's lead. A stamp after the read (a wall clock set back in between) or before the
        // monotonic clock began gives no timestamp rather than a wrong one.
        const auto kernelNs = static_cast<std::int64_t>(kernelRealNs) - wallClockLeadNs(result.atNs);
        if (kernelNs > 0 && kernelNs <= static_cast<std::int64_t>(result.atNs) + kClockReadSlackNs) {
            result.kernelAtNs = std::min(result.atNs, static_cast<std::uint64_t>(kernelNs));
        }
    }
    return result;
}

} // namespace speed::detail
