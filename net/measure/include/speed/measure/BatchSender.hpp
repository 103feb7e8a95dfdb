#pragma once

#include <sys/socket.h>

#include <cstddef>
#include <cstdint>
#include <system_error>
#include <vector>

namespace speed {

// Sends a batch of equal-sized datagrams, laid end to end in one buffer, in as few system calls
// as the kernel allows: one sendmsg with UDP generic segmentation offload (UDP_SEGMENT: the kernel
// cuts one buffer of up to 64 KiB into the datagrams), else sendmmsg (one call, one header per
// datagram). The offload is tried first; when the kernel refuses it (an old kernel, a route whose
// MTU the datagrams exceed, a device without it) the sender falls back to sendmmsg for the rest
// of its life. A stream's sender and the reflector's stream back use it alike.
class BatchSender {
public:
    static constexpr std::uint32_t kMaxBatch = 64;         // datagrams per call (the kernel's UDP_MAX_SEGMENTS)
    static constexpr std::size_t kMaxOffloadBytes = 65'507; // one segmented send is one IP datagram's payload

    // `fd`: a UDP socket, connected or not. `offload`: false never tries UDP_SEGMENT.
    explicit BatchSender(int fd, bool offload = true);

    // How many datagrams of `sizeBytes` one call can carry: kMaxBatch, and with the offload no
    // more than fit kMaxOffloadBytes (at least 1).
    std::uint32_t maxBatch(std::size_t sizeBytes) const;

    struct Outcome {
        std::uint32_t sent = 0; // datagrams the kernel took
        std::error_code error;  // why it took no more (ECONNREFUSED: nothing listens there)
    };
    // Sends `count` datagrams of `sizeBytes` each from `bytes` (count * sizeBytes of them) to the
    // socket's peer (`to` null) or to `to`. Blocks while the socket's send buffer is full: a rate
    // the machine cannot send is sent as fast as it can.
    Outcome send(const char* bytes, std::size_t sizeBytes, std::uint32_t count, const sockaddr* to = nullptr,
                 socklen_t toLength = 0);

    bool offloading() const { return m_offload; }
    std::uint64_t calls() const { return m_calls; } // system calls made, for the figures

private:
    Outcome sendSegmented(const char* bytes, std::size_t sizeBytes, std::uint32_t count, const sockaddr* to,
                          socklen_t toLength);
    Outcome sendEach(const char* bytes, std::size_t sizeBytes, std::uint32_t count, const sockaddr* to,
                     socklen_t toLength);

    int m_fd;
    bool m_offload;
    std::uint64_t m_calls = 0;
    std::vector<struct mmsghdr> m_headers;
    std::vector<struct iovec> m_parts;
};

// Lets `fd` hold up to `bytes` of datagrams not yet sent (SO_SNDBUF; past wmem_max only with
// CAP_NET_ADMIN). Returns what the kernel granted (it doubles the figure for its bookkeeping).
int enlargeSendBuffer(int fd, int bytes);
// A stream's sockets, both ways: as much as the receiving side keeps (kStreamReceiveBufferBytes),
// so that a sender descheduled for a moment finds room to catch up.
inline constexpr int kStreamSendBufferBytes = 4 << 20;

} // namespace speed
