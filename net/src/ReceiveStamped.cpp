#include "ReceiveStamped.hpp"

#include "speed/net/UdpProber.hpp"

#include <sys/uio.h>
#include <time.h>

#include <cerrno>
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

} // namespace

bool enableKernelTimestamps(int fd) {
    const int on = 1;
    return ::setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof on) == 0;
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
        // The kernel stamps with the wall clock: carried onto the monotonic clock by how long
        // ago it was. A wall clock set back in between gives no timestamp rather than a wrong one.
        const std::uint64_t realNowNs = realtimeNowNs();
        if (kernelRealNs <= realNowNs && realNowNs - kernelRealNs < result.atNs) {
            result.kernelAtNs = result.atNs - (realNowNs - kernelRealNs);
        }
    }
    return result;
}

} // namespace speed::detail
