#pragma once

#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace speed {

// speed-measure --serve: a reflector for speed-measure and for any tool that expects its datagram
// back. A speed PROBE gets its ECHO (the size of the probe); anything else comes back unchanged.
// Never larger than what came in, so it amplifies nothing; and it does not answer what cannot be
// a client's request, so two reflectors cannot be set bouncing a datagram between them: an ECHO,
// a datagram from a service port (below 1024), or the very datagram it sent that address less
// than a moment ago (a reflection of its own answer).
class UdpReflector {
public:
    explicit UdpReflector(asio::ip::udp::socket socket);

    void start(); // answers until the socket is closed or the io_context stops

    struct Counts {
        long long received = 0;
        long long echoes = 0;    // PROBE answered with ECHO
        long long unchanged = 0; // sent back as they came
        long long dropped = 0;   // not answered (see above)
        std::size_t addresses = 0;
    };
    const Counts& counts() const { return m_counts; }

private:
    void armReceive();
    void onReceive(const std::error_code& error, std::size_t length);
    void answer(const std::string& bytes);

    asio::ip::udp::socket m_socket;
    std::vector<char> m_buffer;
    asio::ip::udp::endpoint m_sender;
    struct Sent {
        std::string bytes;
        std::chrono::steady_clock::time_point at;
    };
    std::map<asio::ip::udp::endpoint, Sent> m_lastSent; // per address: what went back last, and when
    Counts m_counts;
};

} // namespace speed
