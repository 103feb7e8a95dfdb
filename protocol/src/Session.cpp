#include "speed/protocol/Session.hpp"

#include "speed/protocol/Codec.hpp"
#include "speed/protocol/Probe.hpp"

#include <algorithm>
#include <string>
#include <utility>

// The link half of a session: addresses, SEQ, liveness, resends, GameInfo. The numbered
// "ignore the datagram if" rules of docs/PROTOCOL.md are quoted where they are applied.
namespace speed::protocol {
namespace {

constexpr WireNumber kSeqWindow = 64; // how far behind the newest SEQ a datagram may still arrive

} // namespace

Session::Session(SessionConfig config, std::unique_ptr<ArbitrationPolicy> arbitration)
    : m_config(std::move(config)),
      m_arbitration(arbitration ? std::move(arbitration) : std::make_unique<FirstArrivalPolicy>()) {
    m_confirmed.rules = m_config.rules;
    m_predicted = m_confirmed;
}

void Session::listen(TimeMs now) {
    if (m_config.role != SessionRole::Host || m_info != GameInfo::Nothing || m_peerLocked) {
        emitText(now, SessionEventKind::TransitionRefused, "listen: only a new host session listens");
        return;
    }
    m_startedAt = now;
    m_lastHeardAt = now;
    m_waitUntil = now + m_config.timing.connectWaitMs;
    enterInfo(now, GameInfo::ConWait, "listening");
}

void Session::connect(TimeMs now, const PeerAddress& host) {
    if (m_config.role != SessionRole::Client || m_info != GameInfo::Nothing || m_peerLocked) {
        emitText(now, SessionEventKind::TransitionRefused, "connect: only a new client session connects");
        return;
    }
    m_startedAt = now;
    m_lastHeardAt = now;
    m_peer = host;
    m_peerLocked = true;
    m_waitUntil = now + m_config.timing.helloTimeoutMs;
    enterInfo(now, GameInfo::ConWait, "connecting");
    request(now, Hello{kProtocolVersion, sanitizeWord(m_config.playerName)});
}

void Session::receive(TimeMs now, const PeerAddress& from, std::string_view bytes) {
    ++m_stats.datagramsReceived;
    DecodeResult decoded = decodeDatagram(bytes);
    if (!decoded.ok()) {
        onGarbled(now, from, std::string(describe(decoded.error)) + ": " + decoded.detail);
        return;
    }
    const Message& message = *decoded.message;
    if (std::holds_alternative<Probe>(message.body)) { // rule 2: answered statelessly, from anyone
        std::string echo = encodeEcho(message);
        if (echo.size() <= bytes.size()) m_outgoing.push_back({from, std::move(echo)});
        return;
    }
    if (!acceptSender(now, from, message)) return;
    if (m_config.reportDatagrams) {
        emitText(now, SessionEventKind::DatagramReceived, std::string(bytes.substr(0, bytes.size() - 10)));
    }
    heardPeer(now);
    dispatch(now, from, message);
}

void Session::onGarbled(TimeMs now, const PeerAddress& from, std::string_view why) {
    ++m_stats.garbled;
    ignore(now, "1 (does not decode): " + std::string(why));
    // Tell the peer once per interval, so whatever it has pending is resent at once.
    const bool fromPeer = m_peerLocked && from == m_peer && isConnected(m_info);
    if (fromPeer && now - m_lastGarbledReplyAt >= m_config.timing.garbledReplyIntervalMs) {
        m_lastGarbledReplyAt = now;
        send(now, Ng{true, 0, 0, Refusal::NotPlaying});
    }
}

bool Session::acceptSender(TimeMs now, const PeerAddress& from, const Message& message) {
    if (!m_peerLocked) {
        if (m_info == GameInfo::ConWait && std::holds_alternative<Hello>(message.body)) return true;
        ignore(now, "3 (not connected, and not a HELLO to a listening host)");
        return false;
    }
    if (from != m_peer) {
        ++m_stats.foreign;
        ignore(now, "3 (from " + from + ", not the connected peer " + m_peer + ")");
        return false;
    }
    if (!acceptSeq(message.seq)) {
        ++m_stats.duplicates;
        ignore(now, "4 (SEQ " + std::to_string(message.seq) + " was seen already, or is " +
                        std::to_string(kSeqWindow) + " or more behind " + std::to_string(m_newestPeerSeq) + ")");
        return false;
    }
    return true;
}

// A sliding window over the peer's SEQ: a datagram that was overtaken is still taken, a copy
// of one already taken is not. What a late datagram may not do is checked per verb (GAME, REV, ID).
bool Session::acceptSeq(WireNumber seq) {
    if (!m_heardPeerSeq || seq > m_newestPeerSeq) {
        const WireNumber shift = m_heardPeerSeq ? seq - m_newestPeerSeq : kSeqWindow;
        m_seenSeqMask = shift >= kSeqWindow ? 0 : m_seenSeqMask << shift;
        m_seenSeqMask |= 1U;
        m_newestPeerSeq = seq;
        m_heardPeerSeq = true;
        return true;
    }
    const WireNumber behind = m_newestPeerSeq - seq;
    const std::uint64_t bit = std::uint64_t{1} << (behind % kSeqWindow);
    if (behind >= kSeqWindow || (m_seenSeqMask & bit) != 0) return false;
    m_seenSeqMask |= bit;
    return true;
}

void Session::heardPeer(TimeMs now) {
    m_lastHeardAt = now;
    if (!m_peerSilent || m_info == GameInfo::Nothing) return;
    m_peerSilent = false;
    emitText(now, SessionEventKind::PeerBack, "the peer is heard again");
    if (m_config.role == SessionRole::Host && m_host.silencePause) {
        m_host.silencePause = false;
        hostPublish(now);
    }
    refreshInfo(now, "peer back");
}

void Session::dispatch(TimeMs now, const PeerAddress& from, const Message& message) {
    const bool host = m_config.role == SessionRole::Host;
    const MessageBody& body = message.body;
    if (const auto* hello = std::get_if<Hello>(&body)) return onHello(now, from, *hello);
    if (const auto* shutdown = std::get_if<Shutdown>(&body)) return onShutdown(now, *shutdown);
    if (const auto* ok = std::get_if<Ok>(&body)) return dispatchAck(now, *ok);
    if (m_info == GameInfo::Nothing) return ignore(now, "5 (the session has ended)");
    if (std::holds_alternative<Alive>(body)) return;
    if (const auto* ng = std::get_if<Ng>(&body)) {
        if (ng->garbled) return expediteResends(now);
        if (!host) return clientOnNg(now, *ng);
    }
    if (const auto* update = std::get_if<Update>(&body); update && !host) return clientOnUpdate(now, *update);
    if (const auto* move = std::get_if<MoveRequest>(&body); move && host) return hostOnMove(now, message, *move);
    const bool isRequest = std::holds_alternative<Start>(body) || std::holds_alternative<Pause>(body) ||
                           std::holds_alternative<Resume>(body);
    if (isRequest && host) return hostOnRequest(now, message);
    ignore(now, "5 (" + std::string(verbOf(message)) + " means nothing to a " + (host ? "host" : "client") + ")");
}

void Session::dispatchAck(TimeMs now, const Ok& ok) {
    if (ok.subject == Subject::Shutdown) return settleRequest("SHUTDOWN");
    if (m_info == GameInfo::Nothing) return ignore(now, "5 (the session has ended)");
    if (m_config.role == SessionRole::Client) return clientOnOk(now, ok);
    if (ok.subject != Subject::Update) return ignore(now, "5 (a host is not answered with OK but UPDATE)");
    if (ok.game != m_game) return ignore(now, "6 (acknowledges another game)");
    m_host.ackedRevision = std::max(m_host.ackedRevision, ok.revision);
}

void Session::onHello(TimeMs now, const PeerAddress& from, const Hello& hello) {
    if (hello.version != kProtocolVersion) {
        const std::string why = "peer speaks protocol version " + std::to_string(hello.version) + ", we speak " +
                                std::to_string(kProtocolVersion);
        if (m_config.role == SessionRole::Host) {
            sendTo(now, from, Shutdown{"protocol_version_" + std::to_string(kProtocolVersion)}, false);
            return ignore(now, "5 (" + why + ")");
        }
        return endSession(now, SessionEventKind::ConnectFailed, why);
    }
    if (m_config.role == SessionRole::Client) {
        if (m_info != GameInfo::ConWait) return; // a repeated answer
        settleRequest("HELLO");
    } else {
        if (!m_peerLocked) {
            m_peer = from;
            m_peerLocked = true;
            m_heardPeerSeq = false;
        }
        send(now, Hello{kProtocolVersion, sanitizeWord(m_config.playerName)}); // also to a repeated HELLO
        if (m_info != GameInfo::ConWait) return;
    }
    m_peerName = hello.name;
    m_waitUntil = kNever;
    enterInfo(now, GameInfo::Connect, "HELLO exchanged");
    emitText(now, SessionEventKind::Connected, hello.name);
}

void Session::onShutdown(TimeMs now, const Shutdown& shutdown) {
    send(now, Ok{Subject::Shutdown, 0, 0, 0});
    if (m_info == GameInfo::Nothing) return;
    endSession(now, SessionEventKind::Shutdown, "the peer shut the session down: " + shutdown.reason);
}

void Session::tick(TimeMs now) {
    resendRequests(now);
    if (m_info == GameInfo::Nothing) return;
    if (m_info == GameInfo::ConWait) {
        if (now < m_waitUntil) return;
        return endSession(now, SessionEventKind::ConnectFailed,
                          m_config.role == SessionRole::Host
                              ? "no client connected within " + std::to_string(m_config.timing.connectWaitMs) + " ms"
                              : "no answer from the host within " + std::to_string(m_config.timing.helloTimeoutMs) + " ms");
    }
    checkLiveness(now);
    if (m_info == GameInfo::Nothing) return;
    if (m_config.role == SessionRole::Host) hostTick(now);
    else clientTick(now);
    sendKeepalive(now);
    refreshInfo(now, "tick");
}

void Session::checkLiveness(TimeMs now) {
    const TimeMs silentFor = now - m_lastHeardAt;
    if (silentFor >= m_config.timing.peerLostTimeoutMs) {
        return endSession(now, SessionEventKind::PeerLost,
                          "nothing heard from the peer for " + std::to_string(silentFor) + " ms");
    }
    if (m_peerSilent || silentFor < m_config.timing.silenceTimeoutMs) return;
    m_peerSilent = true;
    emitText(now, SessionEventKind::PeerSilent, "nothing heard from the peer for " + std::to_string(silentFor) + " ms");
    if (m_config.role == SessionRole::Host) hostPause(now, PauseReason::Silent);
    refreshInfo(now, "peer silent");
}

void Session::sendKeepalive(TimeMs now) {
    if (isConnected(m_info) && now - m_lastSentAt >= m_config.timing.keepaliveIntervalMs) send(now, Alive{});
}

TimeMs Session::nextWakeMs() const {
    TimeMs wake = kNever;
    for (const PendingRequest& pending : m_requests) wake = std::min({wake, pending.nextSendAt, pending.giveUpAt});
    if (m_info == GameInfo::Nothing) return wake;
    if (m_info == GameInfo::ConWait) return std::min(wake, m_waitUntil);
    const SessionTiming& timing = m_config.timing;
    wake = std::min(wake, m_lastSentAt + timing.keepaliveIntervalMs);
    wake = std::min(wake, m_lastHeardAt + (m_peerSilent ? timing.peerLostTimeoutMs : timing.silenceTimeoutMs));
    for (const PendingProposal& proposal : m_proposals) {
        if (!proposal.confirmed) wake = std::min(wake, proposal.nextSendAt);
    }
    if (m_config.role == SessionRole::Host) {
        if (m_host.ackedRevision < m_revision) wake = std::min(wake, m_host.nextSnapshotAt);
        if (!hostPaused()) wake = std::min(wake, m_flipAt);
    }
    if (isGameOver(m_info)) wake = std::min(wake, m_gameOverAt + timing.resultHoldMs);
    return wake;
}

bool Session::finished() const { return m_info == GameInfo::Nothing && m_requests.empty(); }

std::vector<OutgoingDatagram> Session::takeOutgoing() { return std::exchange(m_outgoing, {}); }
std::vector<SessionEvent> Session::takeEvents() { return std::exchange(m_events, {}); }

} // namespace speed::protocol
