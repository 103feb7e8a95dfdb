#pragma once

// recvmsg with the kernel's receive timestamp (SO_TIMESTAMPNS), carried onto the monotonic clock
// (private to net/: the prober and the reflector).
#include <sys/socket.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace speed::detail {

struct StampedReceive {
    long length = -1; // -1: error (see error)
    int error = 0;    // errno of a failed receive
    std::uint64_t atNs = 0;                 // monotonic, right after the receive returned
    std::optional<std::uint64_t> kernelAtNs; // monotonic, when the kernel took the datagram in
};

bool enableKernelTimestamps(int fd);
// Asks for a receive buffer of `bytes` (a stream's datagrams wait there while the receiver is
// descheduled); the kernel may grant less (net.core.rmem_max). Returns what it granted.
int enlargeReceiveBuffer(int fd, int bytes);
// A few thousand datagrams: a stream's backlog while its receiver is descheduled for a second.
inline constexpr int kStreamReceiveBufferBytes = 4 << 20;
// A blocking receive on `fd` gives up after `timeout` (at least 1 us: 0 would mean never).
void setReceiveTimeout(int fd, std::chrono::microseconds timeout);
// `from` may be null (a connected socket).
StampedReceive receiveStamped(int fd, char* buffer, std::size_t size, int flags, sockaddr_storage* from,
                              socklen_t* fromLength);

} // namespace speed::detail
