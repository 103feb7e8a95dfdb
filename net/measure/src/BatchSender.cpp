#include "speed/measure/BatchSender.hpp"

#include <netinet/in.h>
#include <netinet/udp.h>
#include <sys/uio.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace speed {
namespace {

// Errors that say the kernel or the route will not segment for us, rather than that this one
// send failed: the sender stops asking.
bool offloadRefused(int error) {
    return error == EINVAL || error == EOPNOTSUPP || error == ENOPROTOOPT || error == EIO || error == EMSGSIZE;
}

} // namespace

BatchSender::BatchSender(int fd, bool offload) : m_fd(fd), m_offload(offload) {
    m_headers.resize(kMaxBatch);
    m_parts.resize(kMaxBatch);
}

std::uint32_t BatchSender::maxBatch(std::size_t sizeBytes) const {
    if (!m_offload || sizeBytes == 0) return kMaxBatch;
    return static_cast<std::uint32_t>(std::clamp<std::size_t>(kMaxOffloadBytes / sizeBytes, 1, kMaxBatch));
}

BatchSender::Outcome BatchSender::send(const char* bytes, std::size_t sizeBytes, std::uint32_t count,
                                       const sockaddr* to, socklen_t toLength) {
    Outcome total;
    while (total.sent < count) {
        const std::uint32_t batch = std::min(count - total.sent, maxBatch(sizeBytes));
        const char* first = bytes + total.sent * sizeBytes;
        Outcome outcome;
        if (m_offload && batch > 1) {
            outcome = sendSegmented(first, sizeBytes, batch, to, toLength);
            if (outcome.sent == 0 && offloadRefused(outcome.error.value())) {
                m_offload = false; // the rest of the run goes through sendmmsg
                continue;
            }
        } else {
            outcome = sendEach(first, sizeBytes, batch, to, toLength);
        }
        total.sent += outcome.sent;
        if (outcome.error) {
            total.error = outcome.error;
            break;
        }
    }
    return total;
}

BatchSender::Outcome BatchSender::sendSegmented(const char* bytes, std::size_t sizeBytes, std::uint32_t count,
                                                const sockaddr* to, socklen_t toLength) {
    iovec whole{const_cast<char*>(bytes), sizeBytes * count};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(std::uint16_t))] = {};
    msghdr message{};
    message.msg_name = const_cast<sockaddr*>(to);
    message.msg_namelen = to == nullptr ? 0 : toLength;
    message.msg_iov = &whole;
    message.msg_iovlen = 1;
    message.msg_control = control;
    message.msg_controllen = sizeof control;
    cmsghdr* segment = CMSG_FIRSTHDR(&message);
    segment->cmsg_level = SOL_UDP;
    segment->cmsg_type = UDP_SEGMENT;
    segment->cmsg_len = CMSG_LEN(sizeof(std::uint16_t));
    const auto segmentBytes = static_cast<std::uint16_t>(sizeBytes);
    std::memcpy(CMSG_DATA(segment), &segmentBytes, sizeof segmentBytes);
    ++m_calls;
    for (;;) {
        if (::sendmsg(m_fd, &message, 0) >= 0) return {count, {}};
        if (errno != EINTR) return {0, std::error_code(errno, std::system_category())};
    }
}

BatchSender::Outcome BatchSender::sendEach(const char* bytes, std::size_t sizeBytes, std::uint32_t count,
                                           const sockaddr* to, socklen_t toLength) {
    for (std::uint32_t i = 0; i < count; ++i) {
        m_parts[i] = iovec{const_cast<char*>(bytes + i * sizeBytes), sizeBytes};
        msghdr& message = m_headers[i].msg_hdr;
        message = msghdr{};
        message.msg_name = const_cast<sockaddr*>(to);
        message.msg_namelen = to == nullptr ? 0 : toLength;
        message.msg_iov = &m_parts[i];
        message.msg_iovlen = 1;
    }
    std::uint32_t sent = 0;
    while (sent < count) {
        ++m_calls;
        const int taken = ::sendmmsg(m_fd, m_headers.data() + sent, count - sent, 0);
        if (taken < 0) {
            if (errno == EINTR) continue;
            return {sent, std::error_code(errno, std::system_category())};
        }
        sent += static_cast<std::uint32_t>(taken);
    }
    return {sent, {}};
}

int enlargeSendBuffer(int fd, int bytes) {
    int granted = 0;
    socklen_t length = sizeof granted;
    if (::getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &granted, &length) == 0 && granted >= bytes) return granted;
    if (::setsockopt(fd, SOL_SOCKET, SO_SNDBUFFORCE, &bytes, sizeof bytes) != 0) {
        ::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &bytes, sizeof bytes);
    }
    length = sizeof granted;
    ::getsockopt(fd, SOL_SOCKET, SO_SNDBUF, &granted, &length);
    return granted;
}

} // namespace speed
