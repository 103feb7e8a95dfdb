#pragma once

#include "speed/net/StreamStats.hpp"
#include "speed/protocol/Message.hpp"
#include "speed/protocol/MeasureWire.hpp"

#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>
#include <asio/steady_timer.hpp>

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace speed {

// speed-measure --serve: a reflector for speed-measure and for any tool that expects its datagram
// back. A speed PROBE gets its ECHO (the size of the probe; stamped when it asks); anything else
// comes back unchanged. Never larger than what came in, so it amplifies nothing; and it does not
// answer what cannot be a client's request, so two reflectors cannot be set bouncing a datagram
// between them: an ECHO, a datagram from a service port (below 1024), or the very datagram it
// sent that address less than a moment ago (a reflection of its own answer).
//
// It also counts streams (speed-measure --mode stream): a PROBE asking to open one is answered
// with what is granted (rate and duration capped); the stream's datagrams are counted, not
// answered; a report request is answered with the counts. A stream back (--bidir) goes only to
// the address that opened it, at most at the granted rate for the granted time, and never more
// bytes than that stream brought in from there.
class UdpReflector {
public:
    static constexpr std::size_t kMaxStreams = 16;          // open at once, all addresses
    static constexpr std::size_t kMaxStreamsPerAddress = 4;
    static constexpr auto kStreamForgottenAfter = std::chrono::seconds(30); // after its last datagram

    explicit UdpReflector(asio::ip::udp::socket socket);

    void start(); // answers until the socket is closed or the io_context stops

    struct Counts {
        long long received = 0;
        long long echoes = 0;    // PROBE answered with ECHO
        long long unchanged = 0; // sent back as they came
        long long dropped = 0;   // not answered (see above)
        long long streams = 0;   // streams opened
        long long streamDatagrams = 0; // counted, not answered
        long long backSent = 0;  // datagrams of streams back
        std::size_t addresses = 0; // counted up to 4096
    };
    const Counts& counts() const { return m_counts; }

private:
    struct Stream {
        protocol::StreamGrant grant;
        StreamCounter counter;
        std::optional<SendSchedule> back; // from the stream's first datagram, when granted
        std::uint32_t backNext = 0;
        bool backStopped = false;
        std::uint64_t bytesIn = 0;
        std::uint64_t bytesOut = 0;
        std::uint64_t lastActivityNs = 0;
    };
    using StreamKey = std::pair<asio::ip::udp::endpoint, std::uint32_t>;

    void armWait();
    void drain();
    void onDatagram(std::string_view bytes, std::uint64_t atNs);
    // A PROBE whose payload is a stream form: true when handled here (answered or counted).
    bool onStreamProbe(const protocol::Message& message, std::string_view bytes, std::uint64_t atNs);
    void answerUnchanged(std::string_view bytes);
    void sendTo(std::string_view bytes, const asio::ip::udp::endpoint& to);
    void forgetIdleStreams(std::uint64_t nowNs);
    void sendBackDue();
    void armBackTimer();

    asio::ip::udp::socket m_socket;
    asio::steady_timer m_backTimer;
    std::vector<char> m_buffer;
    asio::ip::udp::endpoint m_sender;
    struct Sent {
        std::string bytes;
        std::chrono::steady_clock::time_point at;
    };
    std::map<asio::ip::udp::endpoint, Sent> m_lastSent; // per address: what went back last, and when
    std::map<StreamKey, Stream> m_streams;
    std::set<asio::ip::udp::endpoint> m_addresses; // who sent anything (the first 4096, for the summary)
    std::uint32_t m_clockId = 0;
    std::uint32_t m_nextSeq = 1;
    std::chrono::steady_clock::time_point m_startedAt = std::chrono::steady_clock::now();
    std::optional<std::uint64_t> m_backTimerAt;
    Counts m_counts;
};

} // namespace speed
