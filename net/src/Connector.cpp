#include "speed/net/Connector.hpp"

#include "speed/net/ConnectionPolicy.hpp"
#include "speed/net/OsRandom.hpp"
#include "speed/net/UdpAddress.hpp"
#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Codec.hpp"
#include "speed/protocol/ClientSession.hpp"
#include "speed/protocol/HostSession.hpp"

#include <asio/post.hpp>
#include <spdlog/spdlog.h>

#include <random>

namespace speed {

using protocol::SessionEventKind;
using protocol::SessionRole;

namespace {

// A host's port that could not be bound: taken by another program, or refused by the system.
ConnectionFailure bindFailure(const SocketResult& opened, std::uint16_t port) {
    if (opened.portInUse) return {.kind = ConnectorFailure::PortInUse, .port = port};
    return {.kind = ConnectorFailure::CannotBindPort, .port = port, .systemError = opened.systemError};
}

} // namespace

Connector::Connector(asio::io_context& io, const MonotonicClock& clock, ConnectOptions options, SeatPlayer& player)
    : m_io(io), m_clock(clock), m_options(std::move(options)), m_player(player), m_hostAttempt(io) {}

// What every session of this connector shares: the operating system's random numbers, the
// password's key (made once: Argon2id is slow on purpose), and, with a peer in setup.ini, that
// only its addresses may take the host's seat.
bool Connector::prepareSession() {
    protocol::SessionConfig& session = m_options.session;
    session.random = osRandom;
    if (session.hostId == 0) session.hostId = osRandom(); // the same for every session of this program
    if (!session.preciseClockUs) session.preciseClockUs = [clock = &m_clock] { return clock->nowUs(); };
    if (!m_options.password.empty()) {
        session.passwordKey = protocol::derivePasswordKey(m_options.password);
        if (!session.passwordKey) {
            fail({.kind = ConnectorFailure::NoPasswordKey});
            return false;
        }
    }
    if (m_options.peer) {
        const std::vector<asio::ip::address> invited = resolveAllUdp(m_io, *m_options.peer);
        session.admits = [invited](const protocol::PeerAddress& from) {
            const auto endpoint = endpointFromText(from);
            return endpoint && std::find(invited.begin(), invited.end(), plainAddress(endpoint->address())) != invited.end();
        };
    }
    return true;
}

bool Connector::start() {
    if (!prepareSession()) return false;
    if (m_options.peer) {
        const auto resolved = resolveUdp(m_io, *m_options.peer);
        if (!resolved.endpoint) {
            m_failure = {.kind = ConnectorFailure::CannotResolve,
                         .target = m_options.peer->host,
                         .systemError = resolved.systemError};
            m_finished = true;
            return false;
        }
        m_peerEndpoint = resolved.endpoint;
    }
    if (!m_peerEndpoint) {
        startHost(m_options.waitMs);
    } else {
        m_giveUpAt = laterBy(m_clock.nowMs(), m_options.waitMs);
        startJoin();
    }
    return !m_finished || !m_failure.failed();
}

// One client session, from one ephemeral port, for the whole join phase: a host that answers a
// HELLO of ours late still reaches a socket that listens, with the SEQ numbers it expects.
void Connector::startJoin() {
    SocketResult opened = openJoinSocket(m_io, *m_peerEndpoint);
    if (!opened.socket) return fail({.kind = ConnectorFailure::CannotOpenSocket, .systemError = opened.systemError});
    m_options.session.timing.helloTimeoutMs = m_options.waitMs;
    spdlog::info("joining {}", endpointText(*m_peerEndpoint));
    startLink(std::move(*opened.socket), SessionRole::Client);
    if (!m_options.joinOnly) scheduleHostAttempt();
}

TimeMs Connector::joinAttemptMs() {
    TimeMs attemptMs = m_options.joinAttemptMs;
    if (m_options.joinJitterMs > 0) {
        std::random_device entropy; // glue code: only spreads the attempts of two machines apart
        attemptMs += static_cast<TimeMs>(entropy() % static_cast<unsigned>(m_options.joinJitterMs + 1));
    }
    return attemptMs;
}

void Connector::scheduleHostAttempt() {
    const TimeMs attemptAt = m_clock.nowMs() + joinAttemptMs();
    if (attemptAt >= m_giveUpAt) return; // the join session gives up at m_giveUpAt by itself
    m_hostAttempt.expires_at(m_clock.toTimePoint(attemptAt));
    m_hostAttempt.async_wait([this](const std::error_code& error) {
        if (!error) tryHosting();
    });
}

// No host answered so far: take the port ourselves. A port in use means someone here hosts on
// it (or is about to): the join session keeps going and the port is tried again later.
void Connector::tryHosting() {
    if (m_connected || m_finished) return;
    SocketResult opened = openHostSocket(m_io, m_options.hostPort);
    if (!opened.socket && opened.portInUse) {
        spdlog::info("{}: someone on this machine is hosting there; still joining", opened.error);
        m_portTaken = true;
        return scheduleHostAttempt();
    }
    if (!opened.socket) return fail(bindFailure(opened, m_options.hostPort));
    spdlog::info("no host answered at {}: becoming the host", endpointText(*m_peerEndpoint));
    startLinkOn(std::move(*opened.socket), m_giveUpAt == kNever ? kNever : std::max<TimeMs>(m_giveUpAt - m_clock.nowMs(), 1));
}

void Connector::startHost(TimeMs waitMs) {
    SocketResult opened = openHostSocket(m_io, m_options.hostPort);
    if (!opened.socket) return fail(bindFailure(opened, m_options.hostPort));
    startLinkOn(std::move(*opened.socket), waitMs);
}

void Connector::startLinkOn(asio::ip::udp::socket hostSocket, TimeMs waitMs) {
    m_options.session.timing.connectWaitMs = waitMs;
    if (waitMs == kNever) spdlog::info("hosting on UDP port {}, waiting for the other player until cancelled", m_options.hostPort);
    else spdlog::info("hosting on UDP port {}, waiting up to {} ms for the other player", m_options.hostPort, waitMs);
    startLink(std::move(hostSocket), SessionRole::Host);
}

void Connector::startLink(asio::ip::udp::socket socket, SessionRole role) {
    if (m_link) m_link->close();
    m_role = role;
    const TimeMs now = m_clock.nowMs();
    std::unique_ptr<protocol::Session> session = role == SessionRole::Host ? hostSession(now) : clientSession(now);
    m_link = std::make_shared<UdpPeer>(std::move(socket), std::move(session), m_clock,
                                       [this](protocol::Session& live, TimeMs at) { return runSeat(live, at); });
    m_link->timeReads(m_options.readDelays);
    m_link->start();
}

// A host listens, unless its journal holds a match it can take back: one written within the
// grace, that replays. Then the match goes on, paused, until its client comes back.
std::unique_ptr<protocol::Session> Connector::hostSession(TimeMs now) {
    auto host = std::make_unique<protocol::HostSession>(hostConfig());
    const auto kept = m_options.keeper != nullptr ? m_options.keeper->matchOn(m_options.hostPort) : std::nullopt;
    const bool withinGrace = kept && kept->untouchedForMs < m_options.session.timing.graceMs;
    if (withinGrace && !kept->damage.empty()) {
        // Its game cannot be trusted, its session can: the client is asked back and told.
        spdlog::warn("the match journal cannot prove it is complete ({}): game {} with {} cannot be taken back; "
                     "telling {} that the game cannot continue",
                     kept->damage, kept->record.entries.empty() ? 0 : kept->record.entries.back().game,
                     kept->record.session.peerName, kept->record.session.peerName);
        host->restoreDamaged(now, kept->record.session, now - kept->untouchedForMs, kept->damage);
        return host;
    }
    if (withinGrace) {
        const std::string error = host->restore(now, kept->record, now - kept->untouchedForMs);
        if (error.empty()) {
            spdlog::info("took the match with {} back from the journal: game {}, revision {}; waiting {} s for {} to come back",
                         kept->record.session.peerName, host->gameNumber(), host->revision(),
                         host->graceLeftMs(now) / 1000, kept->record.session.peerName);
            return host;
        }
        spdlog::warn("the match journal does not replay ({}): starting a new match", error);
        host = std::make_unique<protocol::HostSession>(hostConfig());
    } else if (kept) {
        spdlog::info("the journaled match is {} s old, longer than the grace{}: starting a new match",
                     kept->untouchedForMs / 1000, kept->damage.empty() ? "" : " (and the journal is damaged: " + kept->damage + ")");
    }
    if (kept) m_options.keeper->journal(m_options.hostPort, {protocol::JournalClosed{"not taken back"}});
    host->listen(now);
    return host;
}

// A host's PROBE answers carry this machine's clock when a probe asks (rule 2), so that
// speed-measure sees the one-way delays to a running host.
protocol::SessionConfig Connector::hostConfig() const {
    protocol::SessionConfig config = m_options.session;
    config.probeStamps = {&monotonicNowNs, thisMachineClockId()};
    return config;
}

// A client joins, or comes back to its seat with the ticket kept for this host.
std::unique_ptr<protocol::Session> Connector::clientSession(TimeMs now) {
    auto client = std::make_unique<protocol::ClientSession>(m_options.session);
    const std::string host = endpointText(*m_peerEndpoint);
    auto ticket = m_options.keeper != nullptr ? m_options.keeper->ticketFor(host) : std::nullopt;
    if (ticket) {
        ticket->host = host;
        spdlog::info("coming back to the match with {} at {} (game {})", ticket->hostName, host, ticket->game);
        client->rejoin(now, *ticket);
    } else {
        client->connect(now, host);
    }
    return client;
}

TimeMs Connector::runSeat(protocol::Session& session, TimeMs now) {
    std::vector<protocol::SessionEvent> events = session.takeEvents();
    for (const auto& event : events) {
        if (event.kind == SessionEventKind::Connected) m_connected = true;
        if (event.kind == SessionEventKind::ConnectFailed && !m_connected) {
            keep(session, events, now);
            asio::post(m_io, [this, failure = event.failure, denial = event.denial, version = event.peerVersion] {
                afterConnectFailed(failure, denial, version);
            });
            return kNever;
        }
    }
    const TimeMs wake = m_player.play(session, now, events);
    keep(session, events, now); // before the datagrams of this step leave
    announce(session);
    if (session.finished()) asio::post(m_io, [this] { m_listenAgain ? listenAgain() : finish(); });
    return wake;
}

// A waiting host is announced through DNS-SD too (with [network] announce on), waiting or busy as
// its HEREs say, and withdrawn when it no longer hosts. Without an Avahi daemon this is said once:
// the game's own discovery datagrams still answer.
void Connector::announce(protocol::Session& session) {
    if (!m_options.session.announce || session.role() != SessionRole::Host || session.finished()) {
        m_announcer.reset();
        m_announced.reset();
        return;
    }
    const auto& host = static_cast<const protocol::HostSession&>(session);
    net::ServiceFacts facts;
    facts.name = m_options.session.playerName;
    facts.port = m_options.hostPort;
    facts.version = protocol::kProtocolVersion;
    facts.passwordNeeded = m_options.session.passwordKey.has_value();
    facts.busy = host.hostState() == protocol::HostState::Busy;
    facts.rules = protocol::rulesTokenOf(m_options.session.rules);
    facts.hostId = m_options.session.hostId; // as its HEREs say: a finder hearing both lists it once
    if (!m_announcer) {
        m_announcer = std::make_unique<net::DnsSdAnnouncer>(facts);
        spdlog::info("DNS-SD: announcing {} on UDP port {} as {}", facts.name, facts.port, net::kDnsSdServiceType);
    } else if (m_announced != facts) {
        m_announcer->update(facts);
        spdlog::info("DNS-SD: {} is now {}", facts.name, facts.busy ? "busy" : "waiting");
    }
    m_announced = facts;
    if (const auto problem = m_announcer->problem(); problem && !m_announceProblemSaid) {
        m_announceProblemSaid = true;
        spdlog::info("DNS-SD: not announced ({}); players on the LAN still find this host by its own datagrams", *problem);
    }
}

// What must outlive this process: the client's ticket (written once connected, dropped when
// the match ends) and the host's journal (every revision, before the UPDATE that tells it).
void Connector::keep(protocol::Session& session, const std::vector<protocol::SessionEvent>& events, TimeMs now) {
    protocol::MatchKeeper* keeper = m_options.keeper;
    for (const auto& event : events) {
        if (hostsAnewAfter(session.role(), event)) m_listenAgain = true;
        if (keeper == nullptr || session.role() != SessionRole::Client) continue;
        auto& client = static_cast<protocol::ClientSession&>(session);
        if (event.kind == SessionEventKind::Connected || event.kind == SessionEventKind::Rejoined ||
            event.kind == SessionEventKind::GameStarted) {
            keeper->keepTicket(client.ticket());
        }
        if (event.kind == SessionEventKind::Ended || event.kind == SessionEventKind::ConnectFailed ||
            event.kind == SessionEventKind::MatchGone) {
            keeper->dropTicket(client.peerAddress());
        }
    }
    if (keeper == nullptr || session.role() != SessionRole::Host) return;
    auto records = static_cast<protocol::HostSession&>(session).takeJournal();
    constexpr TimeMs kTouchEveryMs = 5000; // how stale a journal may look while nothing changes
    if (records.empty() && (!m_connected || now - m_journalTouchedAt < kTouchEveryMs)) return;
    m_journalTouchedAt = now;
    keeper->journal(m_options.hostPort, records);
}

// The grace ran out: the match is over, and the port is open to a new player.
void Connector::listenAgain() {
    m_listenAgain = false;
    if (m_finished || !m_link) return;
    m_connected = false;
    m_options.session.timing.connectWaitMs = m_options.waitMs;
    auto host = std::make_unique<protocol::HostSession>(hostConfig());
    host->listen(m_clock.nowMs());
    if (m_options.waitMs == kNever) spdlog::info("waiting for a new player on UDP port {} until cancelled", m_options.hostPort);
    else spdlog::info("waiting up to {} s for a new player on UDP port {}", m_options.waitMs / 1000, m_options.hostPort);
    m_link->replaceSession(std::move(host));
}

void Connector::afterConnectFailed(protocol::ConnectFailure failure, protocol::DenyReason denial, int peerVersion) {
    if (m_finished) return;
    ConnectionFailure failed;
    failed.target = m_peerEndpoint ? endpointText(*m_peerEndpoint) : std::string();
    failed.port = m_options.hostPort;
    if (failure == protocol::ConnectFailure::VersionMismatch || failure == protocol::ConnectFailure::Denied) {
        failed.kind = ConnectorFailure::Refused;
        failed.denial = failure == protocol::ConnectFailure::VersionMismatch ? protocol::DenyReason::Version : denial;
        failed.peerVersion = peerVersion;
    } else if (failure == protocol::ConnectFailure::NoHostAnswered) {
        failed.kind = ConnectorFailure::NoHostAnswered;
        failed.waitedMs = m_options.waitMs;
        failed.portTaken = m_portTaken;
    } else {
        failed.kind = ConnectorFailure::NoClientCame;
        failed.waitedMs = m_options.session.timing.connectWaitMs;
    }
    fail(std::move(failed));
}

void Connector::shutdown(protocol::ShutdownReason reason) {
    if (m_finished) return;
    if (!m_connected || !m_link) return finish();
    m_link->session().shutdown(m_clock.nowMs(), reason);
    m_link->pump();
}

void Connector::pump() {
    if (m_link && !m_finished) m_link->pump();
}

void Connector::close() {
    m_hostAttempt.cancel();
    m_announcer.reset();
    if (m_link) m_link->close();
}

void Connector::fail(ConnectionFailure failure) {
    m_failure = std::move(failure);
    finish();
}

void Connector::finish() {
    if (m_finished) return;
    m_finished = true;
    close();
    if (onFinished) onFinished();
}

} // namespace speed
