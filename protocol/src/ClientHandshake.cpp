#include "speed/protocol/ClientSession.hpp"

#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Codec.hpp"

// The client's half of the handshake (docs/PROTOCOL.md, section 9): HELLO, the cookie sent back,
// the WELCOME checked and the keys made, or the host's DENY. The rest is in ClientSession.cpp.
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

// HELLO, resent until answered: first without a cookie (the host answers with one), then with
// it and, with a password, the proof of it. Padded so that no answer is larger than it.
void ClientSession::sendHello(TimeMs now, const std::string& cookie) {
    Hello hello{kProtocolVersion, sanitizeWord(m_config.playerName), m_nonce, std::string(kNoField), cookie, 1};
    if (m_config.passwordKey) hello.auth = cookie == kNoField ? "P" : joinProof(*m_config.passwordKey, m_nonce, cookie);
    const std::size_t bare = encodeDatagram(Message{4294967295U, 4294967295U, hello}).size();
    if (bare < kMinHelloBytes) hello.padChars += kMinHelloBytes - bare;
    m_link.request(now, RequestKind::Hello, hello);
}

void ClientSession::onHandshake(TimeMs now, const PeerAddress& from, const Message& message, std::size_t /*receivedBytes*/) {
    const MessageBody& body = message.body;
    const auto echoes = [&](Nonce nonce) { return from == m_link.peer() && nonce == m_nonce && gameInfo() == GameInfo::ConWait; };
    if (const auto* challenge = std::get_if<Challenge>(&body); challenge && echoes(challenge->nonce)) return onChallenge(now, *challenge);
    if (const auto* welcome = std::get_if<Welcome>(&body); welcome && from == m_link.peer()) return onWelcome(now, *welcome);
    if (const auto* deny = std::get_if<Deny>(&body); deny && echoes(deny->nonce)) {
        SessionEvent failed;
        failed.kind = SessionEventKind::ConnectFailed;
        failed.failure = deny->reason == DenyReason::Version ? ConnectFailure::VersionMismatch : ConnectFailure::Denied;
        failed.denial = deny->reason;
        failed.text = std::string(describe(deny->reason));
        return endSession(now, std::move(failed));
    }
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
    if (gameInfo() != GameInfo::ConWait) return; // a repeated answer
    if (welcome.version != kProtocolVersion) return failConnect(now, ConnectFailure::VersionMismatch, "the host speaks another protocol version");
    const SessionKeys keys = deriveSessionKeys(m_nonce, welcome.nonce, m_config.passwordKey);
    if (!sameText(welcome.proof, welcomeProof(keys, m_nonce, welcome.nonce))) {
        return m_link.ignore(now, IgnoreRule::NotAuthenticated, "a WELCOME whose proof does not match our keys");
    }
    keySession(m_nonce, welcome.nonce);
    m_link.settle(RequestKind::Hello);
    m_link.timeAnswered(TimedExchange::Hello, 0, 0, now);
    connected(now, welcome.name);
}

} // namespace speed::protocol
