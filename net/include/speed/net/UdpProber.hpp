#pragma once

#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
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
};

// Sends one probe at a time to a host and times its echo. Blocking on purpose: between send and
// echo nothing else runs, so the figure is the network's and not an event loop's. The socket is
// connected, so the kernel drops datagrams from any other address.
class UdpProber {
public:
    UdpProber(asio::io_context& io, const asio::ip::udp::endpoint& target);

    // Empty on success, else why the socket could not be opened.
    const std::string& openError() const { return m_openError; }

    ProbeOutcome roundTrip(int sizeBytes, int timeoutMs);
    Reflector reflector() const { return m_reflector; } // what answered the latest echo

private:
    bool waitReadable(std::chrono::steady_clock::time_point deadline);
    // Our probe's answer: an ECHO naming it, or the very datagram sent back.
    bool isEchoOf(std::size_t length, std::uint32_t probeId, const std::string& probe);

    asio::ip::udp::socket m_socket;
    std::chrono::steady_clock::time_point m_startedAt;
    std::vector<char> m_buffer;
    std::uint32_t m_nextId = 1;
    std::uint32_t m_nextSeq = 1;
    std::string m_openError;
    Reflector m_reflector = Reflector::None;
};

} // namespace speed
