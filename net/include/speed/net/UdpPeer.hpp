#pragma once

#include "speed/net/LatencySamples.hpp"
#include "speed/net/MonotonicClock.hpp"

#include "speed/protocol/Session.hpp"

#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>
#include <asio/steady_timer.hpp>

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace speed {

// The thin glue between one UDP socket and one sans-I/O Session, and nothing else: receive a
// datagram, stamp it with the time, hand its bytes and its sender to the session, send what the
// session queued, re-arm. Every rule about what a datagram is or who may send it is the
// session's (docs/PROTOCOL.md, "Ignore the datagram if"). Whatever plays the local seat takes its
// turn in `SeatTurn`, called after every datagram and timer, which returns when it next wants one.
class UdpPeer : public std::enable_shared_from_this<UdpPeer> {
public:
    using SeatTurn = std::function<TimeMs(protocol::Session&, TimeMs now)>;

    UdpPeer(asio::ip::udp::socket socket, std::unique_ptr<protocol::Session> session, const MonotonicClock& clock,
            SeatTurn seatTurn);

    // Times how long each datagram waited in the socket between the kernel's receiving it
    // (SO_TIMESTAMPNS) and this program's reading it, in microseconds, into `delays`.
    void timeReads(LatencySamples* delays);

    void start();
    // Gives the seat its turn, sends what the session queued and re-arms the timer. Call it after
    // calling the session from outside (e.g. shutdown on a signal).
    void pump();
    void close();
    // Goes on with another session on the same socket (a host waiting anew). Never from inside
    // the seat's turn: the session it was called with would go away under it.
    void replaceSession(std::unique_ptr<protocol::Session> session);

    protocol::Session& session() { return *m_session; }
    std::uint16_t localPort() const;
    long long sendErrors() const { return m_sendErrors; }

private:
    void armReceive();
    void onReceive(const std::error_code& error, std::size_t length);
    void armTimer(TimeMs wakeAt);
    void sendOutgoing();
    void sendTo(const protocol::PeerAddress& address, const std::string& bytes);
    const protocol::PeerAddress& senderAddress();
    void noteReadDelay();

    asio::ip::udp::socket m_socket;
    asio::steady_timer m_timer;
    std::unique_ptr<protocol::Session> m_session;
    const MonotonicClock& m_clock;
    SeatTurn m_seatTurn;
    std::vector<char> m_buffer;
    asio::ip::udp m_family = asio::ip::udp::v4();
    asio::ip::udp::endpoint m_sender;
    // The session's addresses are text: the last sender's and the last destination's are kept,
    // so that a conversation with one peer converts nothing per datagram.
    asio::ip::udp::endpoint m_senderOfText;
    protocol::PeerAddress m_senderText;
    protocol::PeerAddress m_destinationText;
    asio::ip::udp::endpoint m_destination;
    TimeMs m_armedFor = kNever;
    LatencySamples* m_readDelays = nullptr;
    bool m_closed = false;
    long long m_sendErrors = 0;
};

} // namespace speed
