#pragma once

#include "speed/net/ConnectOptions.hpp"
#include "speed/net/ConnectionFailure.hpp"
#include "speed/net/DnsSd.hpp"
#include "speed/net/HostPort.hpp"
#include "speed/net/LatencySamples.hpp"
#include "speed/net/MonotonicClock.hpp"
#include "speed/net/SeatPlayer.hpp"
#include "speed/net/UdpPeer.hpp"
#include "speed/protocol/Continuity.hpp"

#include <asio/io_context.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace speed {

// Finds the other player and runs the match through the seat player (docs/NETWORK.md,
// "Connection procedure"). Without a peer: host on `hostPort` and wait. With a peer: join
// peer:port as a client from an ephemeral port; when no host answers within the join attempt,
// become the host on `hostPort`. If that port is taken, someone on this machine is hosting there
// (or just started to): keep joining and try the port again later. Binding a port is atomic, so
// of two programs starting at the same instant exactly one hosts, and the other's join session,
// still listening, is answered. Everything runs on `io`.
class Connector {
public:
    Connector(asio::io_context& io, const MonotonicClock& clock, ConnectOptions options, SeatPlayer& player);

    // Resolves the peer and starts; false (see failure()) when it cannot even begin.
    bool start();
    // Ends the session politely (SHUTDOWN to the peer), e.g. on SIGINT; finishes at once when
    // not connected.
    void shutdown(protocol::ShutdownReason reason);
    // Runs the session and the seat player now and sends what they queued: for a seat player
    // fed from outside the event loop (the window queues the user's moves, then pumps).
    void pump();

    // Closes the socket. The event loop must then run its aborted handlers (restart + poll)
    // before it is destroyed, so the link is released from a handler, never from the loop's
    // own shutdown.
    void close();

    bool finished() const { return m_finished; }
    bool connected() const { return m_connected; }
    const ConnectionFailure& failure() const { return m_failure; } // kind None unless the connection failed
    ConnectorFailure failureKind() const { return m_failure.kind; }
    protocol::SessionRole role() const { return m_role; }
    // The live session, for a seat player that calls it directly (then pump()).
    protocol::Session* session() const { return m_link ? &m_link->session() : nullptr; }

    std::function<void()> onFinished; // called once, from the event loop

private:
    void startJoin();
    TimeMs joinAttemptMs();
    void scheduleHostAttempt();
    void tryHosting();
    void startHost(TimeMs waitMs);
    void startLinkOn(asio::ip::udp::socket hostSocket, TimeMs waitMs);
    void startLink(asio::ip::udp::socket socket, protocol::SessionRole role);
    TimeMs runSeat(protocol::Session& session, TimeMs now);
    protocol::SessionConfig hostConfig() const;
    std::unique_ptr<protocol::Session> hostSession(TimeMs now);
    std::unique_ptr<protocol::Session> clientSession(TimeMs now);
    void announce(protocol::Session& session);
    void keep(protocol::Session& session, const std::vector<protocol::SessionEvent>& events, TimeMs now);
    void listenAgain();
    void afterConnectFailed(protocol::ConnectFailure failure, protocol::DenyReason denial, int peerVersion);
    void fail(ConnectionFailure failure);
    void finish();

    asio::io_context& m_io;
    const MonotonicClock& m_clock;
    ConnectOptions m_options;
    SeatPlayer& m_player;
    bool prepareSession();
    std::optional<asio::ip::udp::endpoint> m_peerEndpoint;
    std::shared_ptr<UdpPeer> m_link;
    asio::steady_timer m_hostAttempt; // with a peer: when to try taking the port ourselves
    protocol::SessionRole m_role = protocol::SessionRole::Client;
    TimeMs m_giveUpAt = kNever; // with a peer: the whole join/host dance ends here
    bool m_portTaken = false;
    bool m_connected = false;
    bool m_finished = false;
    bool m_listenAgain = false;     // host: the grace ran out; wait for a new player on the same port
    TimeMs m_journalTouchedAt = 0;
    // While hosting with [network] announce on: the DNS-SD service, and what it says now.
    std::unique_ptr<net::DnsSdAnnouncer> m_announcer;
    std::optional<net::ServiceFacts> m_announced;
    bool m_announceProblemSaid = false;
    ConnectionFailure m_failure;
};

} // namespace speed
