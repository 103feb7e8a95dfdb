#include "speed/protocol/ClientSession.hpp"

#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Codec.hpp"

#include <algorithm>

// The client's half of the handshake (docs/PROTOCOL.md, section 9): HELLO, the cookie sent back,
// the WELCOME checked and the keys made, or the host's DENY; and coming back to a session
// (docs/NETWORK.md, "Coming back"). The rest is in ClientSession.cpp.
namespace speed::protocol {

void ClientSession::connect(TimeMs now, const PeerAddress& host) {
    if (gameInfo() != GameInfo::Nothing || m_link.locked()) {
        return refuseTransition(now, "connect: only a new client session connects");
    }
    m_link.lockPeer(host);
    m_nonce = randomBits();
    beginWaiting(now, "connecting");
    sendHello(now, std::string(kNoField));
    m_link.timeSent(TimedExchange::Hello, 0, 0, now);
}

void ClientSession::rejoin(TimeMs now, const ResumeTicket& ticket) {
    if (gameInfo() != GameInfo::Nothing || m_link.locked()) {
        return refuseTransition(now, "rejoin: only a new client session comes back");
    }
    m_resumeClient = ticket.clientNonce;
    m_resumeHost = ticket.hostNonce;
    m_resumeId = nonceText(ticket.clientNonce) + nonceText(ticket.hostNonce);
    m_ticketGame = ticket.game;
    connect(now, ticket.host);
}

ResumeTicket ClientSession::ticket() const {
    return ResumeTicket{peerAddress(), clientNonce(), hostNonce(), peerName(), m_game};
}

// The host has been silent for silenceTimeoutMs: it may have restarted from its journal, and
// would then know this session only by its id. Ask for the seat back; hearing the host under
// the keys we have before our proof went out calls this off (onPeerBack).
void ClientSession::comeBack(TimeMs now) {
    m_resumeClient = clientNonce();
    m_resumeHost = hostNonce();
    m_resumeId = sessionId();
    m_resumeProofSent = false;
    m_cookie.clear();
    m_nonce = randomBits();
    sendHello(now, std::string(kNoField));
}

void ClientSession::onPeerBack(TimeMs now) {
    m_heardAgainAt = now;
    if (comingBack() && !m_resumeProofSent && isConnected(gameInfo())) {
        m_resumeId = std::string(kNoField);
        m_link.settle(RequestKind::Hello);
    }
    // What went unanswered during the silence went only once a second: now it goes at once.
    m_link.expediteRequests(now);
    for (PendingProposal& proposal : m_proposals) proposal.nextSendAt = std::min(proposal.nextSendAt, now);
    followClock(now);
}

// HELLO, resent until answered: first without a cookie (the host answers with one), then with
// it and, with a password, the proof of it; coming back, with the session's id and the proof
// of its key. Padded so that no answer is larger than it.
void ClientSession::sendHello(TimeMs now, const std::string& cookie) {
    Hello hello{kProtocolVersion, sanitizeWord(m_config.playerName), m_nonce, std::string(kNoField), cookie};
    if (m_config.passwordKey) hello.auth = cookie == kNoField ? "P" : joinProof(*m_config.passwordKey, m_nonce, cookie);
    if (comingBack()) {
        hello.resume = m_resumeId;
        // What this side holds, so a host whose record is behind it says so: a restarted
        // program knows only its ticket's game, and no revision of it.
        hello.heldGame = m_game != 0 ? m_game : m_ticketGame;
        hello.heldRevision = m_game != 0 ? m_revision : 0;
        if (cookie != kNoField) {
            const ResumeClaim claim{m_nonce, cookie, hello.heldGame, hello.heldRevision};
            hello.resumeProof = resumeProof(deriveSessionKeys(m_resumeClient, m_resumeHost, m_config.passwordKey), claim);
            m_resumeProofSent = true;
        }
    }
    const std::size_t bare = encodeDatagram(Message{4294967295U, 4294967295U, hello}).size();
    if (bare < kMinHelloBytes) hello.padChars += kMinHelloBytes - bare;
    m_link.request(now, RequestKind::Hello, hello);
}

void ClientSession::onHandshake(TimeMs now, const PeerAddress& from, const Message& message, std::size_t /*receivedBytes*/) {
    const MessageBody& body = message.body;
    const bool asking = gameInfo() == GameInfo::ConWait || comingBack();
    const auto echoes = [&](Nonce nonce) { return from == m_link.peer() && nonce == m_nonce && asking; };
    if (const auto* challenge = std::get_if<Challenge>(&body); challenge && echoes(challenge->nonce)) return onChallenge(now, *challenge);
    if (const auto* welcome = std::get_if<Welcome>(&body); welcome && from == m_link.peer() && asking) return onWelcome(now, *welcome);
    if (const auto* deny = std::get_if<Deny>(&body); deny && echoes(deny->nonce)) return onDeny(now, *deny);
    m_link.ignore(now, IgnoreRule::NotWelcome, std::string(verbOf(message)) + " from " + from + " was not asked for");
}

void ClientSession::onChallenge(TimeMs now, const Challenge& challenge) {
    if (challenge.cookie == m_cookie) return; // the answer to a resent HELLO: ours is on its way
    m_cookie = challenge.cookie;
    sendHello(now, m_cookie);
}

// The host took us: with both nonces this side makes the keys, and checks the host made the
// same ones (a WELCOME no one else could have sent).
void ClientSession::onWelcome(TimeMs now, const Welcome& welcome) {
    if (welcome.version != kProtocolVersion) {
        SessionEvent failed;
        failed.kind = SessionEventKind::ConnectFailed;
        failed.failure = ConnectFailure::VersionMismatch;
        failed.denial = DenyReason::Version;
        failed.peerVersion = welcome.version;
        return endSession(now, std::move(failed));
    }
    const SessionKeys keys = deriveSessionKeys(m_nonce, welcome.nonce, m_config.passwordKey);
    if (!sameText(welcome.proof, welcomeProof(keys, m_nonce, welcome.nonce))) {
        return m_link.ignore(now, IgnoreRule::NotAuthenticated, "a WELCOME whose proof does not match our keys");
    }
    const bool cameBack = comingBack();
    if (cameBack) { // the session we came back from: a host restored from an older record holds it
        m_previousClient = m_resumeClient;
        m_previousHost = m_resumeHost;
    }
    m_resumeId = std::string(kNoField);
    m_resumeProofSent = false;
    keySession(m_nonce, welcome.nonce);
    m_link.settle(RequestKind::Hello);
    m_heardAgainAt = now;
    m_welcomeGame = welcome.game;
    m_welcomeClockMs = welcome.clockMs;
    if (isConnected(gameInfo())) {
        // The same program, a new session (a host that restarted, or this side coming back):
        // the game goes on at the host's game time, which is the match's. A restarted host
        // took its clock back from its journal's last revision, while ours ran on until the
        // silence: without this the two clocks would differ by that much.
        if (m_game != 0 && welcome.game == m_game) m_clock.setElapsed(now, static_cast<TimeMs>(welcome.clockMs));
        return peerReturned(now, welcome.name);
    }
    m_link.timeAnswered(TimedExchange::Hello, 0, 0, now);
    connected(now, welcome.name);
    if (cameBack) emitPeer(now, SessionEventKind::Rejoined, welcome.name);
}

void ClientSession::onDeny(TimeMs now, const Deny& deny) {
    if (deny.reason == DenyReason::Damaged) { // the host's record is behind our game: it cannot go on
        SessionEvent ending;
        ending.kind = SessionEventKind::Ended;
        ending.cause = EndCause::RecordDamaged;
        ending.denial = deny.reason;
        ending.peerName = peerName();
        return endSession(now, std::move(ending));
    }
    if (deny.reason == DenyReason::NoMatch && gameInfo() == GameInfo::ConWait) {
        // The ticket was of a match the host no longer holds: join as a new player.
        SessionEvent gone;
        gone.kind = SessionEventKind::MatchGone;
        gone.at = now;
        gone.text = std::string(kJoiningAsNewPlayer);
        emit(std::move(gone));
        m_resumeId = std::string(kNoField);
        m_nonce = randomBits();
        m_cookie.clear();
        return sendHello(now, std::string(kNoField));
    }
    if (isConnected(gameInfo()) && askPreviousSession(now)) return;
    if (isConnected(gameInfo())) { // coming back to a running match, and the host does not know it
        SessionEvent ending;
        ending.kind = SessionEventKind::Ended;
        ending.cause = EndCause::MatchGone;
        ending.denial = deny.reason;
        return endSession(now, std::move(ending));
    }
    SessionEvent failed;
    failed.kind = SessionEventKind::ConnectFailed;
    failed.failure = deny.reason == DenyReason::Version ? ConnectFailure::VersionMismatch : ConnectFailure::Denied;
    failed.denial = deny.reason;
    failed.peerVersion = deny.version;
    endSession(now, std::move(failed));
}

// The host does not know the session we ask for. If it restarted from a record older than our
// last return to it, it holds the session we came back from: ask for that one (once), proving
// it with that session's key and saying what we hold, so that such a host can tell its record is
// behind (DENY DAMAGED) instead of keeping a seat for a session that has moved on.
bool ClientSession::askPreviousSession(TimeMs now) {
    const std::string previous = nonceText(m_previousClient) + nonceText(m_previousHost);
    if (m_previousHost == 0 || !comingBack() || m_resumeId == previous) return false;
    m_resumeClient = m_previousClient;
    m_resumeHost = m_previousHost;
    m_resumeId = previous;
    m_previousHost = 0;
    m_resumeProofSent = false;
    m_cookie.clear();
    m_nonce = randomBits();
    sendHello(now, std::string(kNoField));
    return true;
}

} // namespace speed::protocol
