#include "speed/measure/BatchSender.hpp"
#include "speed/protocol/Probe.hpp"

#include <catch2/catch.hpp>

#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <string>

using namespace speed;

namespace {

// A UDP socket on loopback, closed at the end of the test.
struct LoopbackSocket {
    int fd = ::socket(AF_INET, SOCK_DGRAM, 0);
    sockaddr_in address{};
    LoopbackSocket() {
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
        socklen_t length = sizeof address;
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length);
        const timeval wait{5, 0}; // a lost datagram fails the test rather than hanging it
        ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, sizeof wait);
    }
    ~LoopbackSocket() { ::close(fd); }
    LoopbackSocket(const LoopbackSocket&) = delete;
    LoopbackSocket& operator=(const LoopbackSocket&) = delete;
    const sockaddr* name() const { return reinterpret_cast<const sockaddr*>(&address); }
};

// `count` stream-like datagrams of `size` bytes, each its own (its SEQ differs), end to end.
std::string batchOf(std::uint32_t count, std::size_t size) {
    std::string batch;
    for (std::uint32_t i = 0; i < count; ++i) protocol::appendProbe(batch, i + 1, size, 0, i, "D");
    return batch;
}

// Receives `count` datagrams and checks each is the batch's next `size` bytes.
void receiveBatch(int fd, const std::string& batch, std::uint32_t count, std::size_t size) {
    std::string buffer(65'536, '\0');
    for (std::uint32_t i = 0; i < count; ++i) {
        const ssize_t length = ::recv(fd, buffer.data(), buffer.size(), 0);
        REQUIRE(length == static_cast<ssize_t>(size));
        CHECK(buffer.substr(0, size) == batch.substr(i * size, size));
    }
}

} // namespace

TEST_CASE("A batch is cut at the offload's 64 KiB and 64 datagrams, or 64 per sendmmsg", "[stream][batch]") {
    const BatchSender offload(-1, true);
    CHECK(offload.maxBatch(1472) == 44); // 44 x 1472 = 64,768 bytes
    CHECK(offload.maxBatch(1400) == 46);
    CHECK(offload.maxBatch(100) == 64);
    CHECK(offload.maxBatch(40'000) == 1);
    const BatchSender each(-1, false);
    CHECK(each.maxBatch(1472) == 64);
    CHECK(each.maxBatch(40'000) == 64);
}

TEST_CASE("A batch arrives as its datagrams, in order, with or without the offload", "[stream][batch]") {
    for (const bool offload : {true, false}) {
        LoopbackSocket receiver;
        LoopbackSocket sender;
        BatchSender batchSender(sender.fd, offload);
        // More than one call's worth (64 of 600 bytes either way): the sender cuts it. Small
        // enough for a default receive buffer (about 210 kB of kernel memory).
        const std::uint32_t count = 100;
        const std::size_t size = 600;
        const std::string batch = batchOf(count, size);
        REQUIRE(batch.size() == count * size);
        const BatchSender::Outcome outcome =
            batchSender.send(batch.data(), size, count, receiver.name(), sizeof receiver.address);
        CHECK(outcome.sent == count);
        CHECK_FALSE(outcome.error);
        receiveBatch(receiver.fd, batch, count, size);
        CHECK(batchSender.calls() < count / 10); // batched: a few calls, not one per datagram
    }
}

TEST_CASE("A connected socket's batch needs no address; a refused offload falls back", "[stream][batch]") {
    LoopbackSocket receiver;
    LoopbackSocket sender;
    REQUIRE(::connect(sender.fd, receiver.name(), sizeof receiver.address) == 0);
    BatchSender batchSender(sender.fd);
    // 40,000-byte datagrams: one per call whatever the offload.
    const std::string big = batchOf(2, 40'000);
    CHECK(batchSender.send(big.data(), 40'000, 2).sent == 2);
    receiveBatch(receiver.fd, big, 2, 40'000);

    // Without UDP checksums (SO_NO_CHECK) the kernel refuses to segment (EINVAL): the sender
    // stops asking and every datagram still arrives, through sendmmsg.
    const int noCheck = 1;
    REQUIRE(::setsockopt(sender.fd, SOL_SOCKET, SO_NO_CHECK, &noCheck, sizeof noCheck) == 0);
    REQUIRE(batchSender.offloading());
    const std::string small = batchOf(10, 200);
    const BatchSender::Outcome outcome = batchSender.send(small.data(), 200, 10);
    CHECK(outcome.sent == 10);
    CHECK_FALSE(outcome.error);
    CHECK_FALSE(batchSender.offloading());
    receiveBatch(receiver.fd, small, 10, 200);
}
