#pragma once

#include "speed/net/MonotonicClock.hpp"
#include "speed/protocol/Auth.hpp"
#include "speed/protocol/ClockOffset.hpp"
#include "speed/protocol/MeasureWire.hpp"

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

// What came back for a probe: its ID, and what the far side wrote in its ECHO. `plain`: the
// PROBE itself came back unchanged (a plain UDP echo).
struct ProbeAnswer {
    std::uint32_t id = 0;
    std::uint32_t seq = 0; // the SEQ it carries (the probe's own)
    bool plain = false;
    std::optional<protocol::EchoStamps> stamps; // 'T' or 'U'
    std::uint32_t answer = 0;                   // 'U': the far side's number for this answer (0: none)
    std::optional<protocol::RunCounts> runCounts; // 'Q': the far side's report of a run
    bool signedValid = false; // a signed form ('V', 'K') whose tag holds under the measurement key
};
// An ECHO (or a PROBE sent back unchanged) read from a datagram; empty for anything else. With
// `measureKey`, a signed answer's tag is checked (signedValid).
std::optional<ProbeAnswer> readProbeAnswer(std::string_view datagram, const protocol::Key* measureKey = nullptr);

// Sets the DSCP (0..63) of what `socket` sends (IP_TOS, or IPV6_TCLASS on an IPv6 socket; the
// ECN bits 0). Empty on success, else why the system refused it.
std::string setDscp(asio::ip::udp::socket& socket, int dscp);

// One received datagram: its bytes (valid until the next receive) and when it came, by this
// program (after the receive call returned) and by the kernel (when it has a timestamp).
struct ReceivedDatagram {
    std::string_view bytes;
    std::uint64_t atNs = 0;
    std::optional<std::uint64_t> kernelAtNs;
};

// The measuring side's socket: sends probes to one host and reads what comes back. The socket
// is connected, so the kernel drops datagrams from any other address. The probe runs
// (MeasureRun) and streams (StreamRun) decide when to send and what an answer means.
class UdpProber {
public:
    UdpProber(asio::io_context& io, const asio::ip::udp::endpoint& target);

    // Empty on success, else why the socket could not be opened.
    const std::string& openError() const { return m_openError; }

    // What answered the latest probe (set by the runs from the answers they read).
    Reflector reflector() const { return m_reflector; }
    void setReflector(Reflector reflector) { m_reflector = reflector; }

    // The DSCP (0..63) of every datagram sent from now on (IP_TOS or IPV6_TCLASS, ECN bits 0).
    // Empty on success, else why the system refused it.
    std::string setDscp(int dscp);

    // A PROBE with the next ID and SEQ, `payloadText` then filler, `sizeBytes` long (or its
    // minimum). Returns the datagram; its ID is lastId().
    std::string nextProbe(int sizeBytes, std::string_view payloadText);
    // The same, at least large enough for its ECHO to carry `answerChars` of payload form (a
    // probe asking for stamps gets room for them whatever its size and numbers).
    std::string nextProbe(int sizeBytes, std::string_view payloadText, std::size_t answerChars);
    // With setup.ini's password: probes asking to be counted are signed, and only answers signed
    // under the same password count (deriveMeasureKey of the password's key).
    void setMeasureKey(const protocol::Key& key) { m_measureKey = key; }
    const protocol::Key* measureKey() const { return m_measureKey ? &*m_measureKey : nullptr; }
    std::uint32_t lastSeq() const { return m_nextSeq - 1; }
    std::uint32_t lastId() const { return m_nextId - 1; }
    // The same probe appended to `out`: a stream lays a batch of them end to end in one buffer.
    void appendProbe(std::string& out, int sizeBytes, std::string_view payloadText);
    std::error_code send(std::string_view datagram);
    // The connected socket, for a stream's batched sends (BatchSender).
    int descriptor() { return m_socket.native_handle(); }
    // The next datagram from the target, waiting at most until `deadlineNs` (monotonic): empty
    // when none came; `refused` is set when the machine said nothing listens there.
    std::optional<ReceivedDatagram> receiveUntil(std::uint64_t deadlineNs, bool& refused);
    // The same, blocking in the receive call itself for at most `timeout` (no poll before it:
    // back-to-back probes answer fastest this way; the socket's receive timeout is set only
    // when it changes).
    std::optional<ReceivedDatagram> receiveWithin(std::chrono::microseconds timeout, bool& refused);

    // Whether the kernel gives receive timestamps on this socket.
    bool kernelTimestamps() const { return m_kernelTimestamps; }
    std::uint32_t clockId() const { return m_clockId; }

private:
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
    std::optional<protocol::Key> m_measureKey;
};

} // namespace speed
