#pragma once

#include "speed/net/MonotonicClock.hpp"
#include "speed/protocol/ClockOffset.hpp"

#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace speed {

// What answered the probes: a speed host or reflector (ECHO), or any UDP echo peer that sends a
// datagram back unchanged (RFC 862's echo service, socat, a STAMP-less reflector).
enum class Reflector : std::uint8_t { None, SpeedEcho, PlainEcho };
std::string_view describe(Reflector reflector);
std::string_view wordOf(Reflector reflector); // "speed_echo", "plain_echo", "none"

struct ProbeOutcome {
    std::optional<double> rttUs; // empty: lost (no valid echo within the timeout)
    int wireBytes = 0;           // bytes actually sent
    bool refused = false;        // the host's machine said nothing listens on that port
    std::uint64_t sentNs = 0;    // when it left (monotonic)
    // The kernel's receive timestamp (SO_TIMESTAMPNS) less the send time: the round trip without
    // this program's waking up; and that waking up, the program's receive time less the kernel's.
    std::optional<double> kernelRttUs;
    std::optional<double> wakeupUs;
    // The four timestamps, when the echo carried the far side's (T4 the kernel's receive time
    // when there is one), and whether both sides read one clock.
    std::optional<protocol::ClockSample> clock;
    bool sameClock = false;
};

// One received datagram: its bytes (valid until the next receive) and when it came, by this
// program (after the receive call returned) and by the kernel (when it has a timestamp).
struct ReceivedDatagram {
    std::string_view bytes;
    std::uint64_t atNs = 0;
    std::optional<std::uint64_t> kernelAtNs;
};

// Sends one probe at a time to a host and times its echo. Blocking on purpose: between send and
// echo nothing else runs, so the figure is the network's and not an event loop's. The socket is
// connected, so the kernel drops datagrams from any other address. Stream mode uses the same
// socket through send() and receiveUntil().
class UdpProber {
public:
    UdpProber(asio::io_context& io, const asio::ip::udp::endpoint& target);

    // Empty on success, else why the socket could not be opened.
    const std::string& openError() const { return m_openError; }

    // One probe and its echo. askStamps: the probe asks the far side to stamp its ECHO (when its
    // size has room; plain echo peers and older hosts just echo it).
    ProbeOutcome roundTrip(int sizeBytes, int timeoutMs, bool askStamps = true);
    Reflector reflector() const { return m_reflector; } // what answered the latest echo

    // A PROBE with the next ID and SEQ, `payloadText` then filler, `sizeBytes` long (or its
    // minimum). Returns the datagram; its ID is lastId().
    std::string nextProbe(int sizeBytes, std::string_view payloadText);
    std::uint32_t lastId() const { return m_nextId - 1; }
    // The same probe appended to `out`: a stream lays a batch of them end to end in one buffer.
    void appendProbe(std::string& out, int sizeBytes, std::string_view payloadText);
    std::error_code send(std::string_view datagram);
    // The connected socket, for a stream's batched sends (BatchSender).
    int descriptor() { return m_socket.native_handle(); }
    // The next datagram from the target, waiting at most until `deadlineNs` (monotonic): empty
    // when none came; `refused` is set when the machine said nothing listens there.
    std::optional<ReceivedDatagram> receiveUntil(std::uint64_t deadlineNs, bool& refused);

    // Whether the kernel gives receive timestamps on this socket.
    bool kernelTimestamps() const { return m_kernelTimestamps; }
    std::uint32_t clockId() const { return m_clockId; }

private:
    // Our probe's answer: an ECHO naming it, or the very datagram sent back.
    bool isEchoOf(std::string_view received, std::uint32_t probeId, const std::string& probe,
                  ProbeOutcome& outcome, const ReceivedDatagram& datagram);
    // recvmsg with the kernel's timestamp; blocking up to the socket's receive timeout.
    std::optional<ReceivedDatagram> receiveOne(int flags, std::error_code& ec);
    void setReceiveTimeout(std::chrono::microseconds timeout);

    asio::ip::udp::socket m_socket;
    std::chrono::steady_clock::time_point m_startedAt;
    std::vector<char> m_buffer;
    std::uint32_t m_nextId = 1;
    std::uint32_t m_nextSeq = 1;
    std::string m_openError;
    Reflector m_reflector = Reflector::None;
    bool m_kernelTimestamps = false;
    std::chrono::microseconds m_receiveTimeout{-1};
    std::uint32_t m_clockId = 0;
};

} // namespace speed
