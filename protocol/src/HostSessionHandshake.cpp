#include "speed/protocol/HostSession.hpp"

#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Codec.hpp"

#include <algorithm>

// The host's half of the handshake (docs/PROTOCOL.md, section 9): who gets a CHALLENGE, a DENY
// or the seat.
namespace speed::protocol {

// A HELLO from an address that has not shown it receives there is answered with one datagram
// at most, never larger than the HELLO: a CHALLENGE with a cookie made of the address, the
// time bucket and the client's nonce (nothing is kept per address), or a DENY saying why not.
// Only a HELLO that brings back a good, fresh cookie takes the seat.
void HostSession::onHandshake(TimeMs now, const PeerAddress& from, const Message& message, std::size_t receivedBytes) {
    if (const auto* hello = std::get_if<Hello>(&message.body)) return onHello(now, from, *hello, receivedBytes);
    if (const auto* find = std::get_if<Find>(&message.body)) return onFind(now, from, *find, receivedBytes);
    m_link.ignore(now, IgnoreRule::NotWelcome, std::string(verbOf(message)) + " means nothing to a host");
}

// A finder on the LAN asks who waits on this port. The answer says what a HELLO's answer would
// (the name, the version, busy or not, whether a password is needed) and the rules dealt; never a
// session, a key or a password. It is never larger than the FIND (which is padded to
// kMinFindBytes so that any HERE fits), and each address gets a bounded share (FindResponder).
HostState HostSession::hostState() const {
    return m_link.keyed() || awaitingReturn() || gameInfo() != GameInfo::ConWait ? HostState::Busy : HostState::Waiting;
}

void HostSession::onFind(TimeMs now, const PeerAddress& from, const Find& find, std::size_t receivedBytes) {
    std::optional<FindIgnored> why;
    if (!m_config.announce) why = FindIgnored::NotAnnouncing;
    else if (receivedBytes < kMinFindBytes) why = FindIgnored::TooShort;
    if (why) m_finds.count(*why);
    else why = m_finds.admit(now, from, find.nonce);
    if (why) return m_link.ignore(now, IgnoreRule::FindNotAnswered, std::string(describe(*why)) + " from " + from);
    Here here;
    here.nonce = find.nonce;
    here.name = m_config.playerName;
    here.state = hostState();
    here.passwordNeeded = m_config.passwordKey.has_value();
    here.rules = m_config.rules;
    if (m_config.hostId == 0) m_config.hostId = randomBits();
    here.hostId = m_config.hostId;
    m_link.answerTo(now, from, here, receivedBytes);
}

void HostSession::onHello(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes) {
    if (hello.version != kProtocolVersion) return deny(now, from, hello, DenyReason::Version, receivedBytes);
    if (m_link.keyed()) { // the seat is taken
        // Our own player's HELLO, late or resent: it may have missed the WELCOME.
        if (from == m_link.peer() && hello.nonce == clientNonce()) return sendWelcome(now);
        if (hello.resume == sessionId()) return onReturning(now, from, hello, receivedBytes);
        // While the player is missing its seat is held for it; then, it is simply taken.
        return deny(now, from, hello, m_link.silent() ? DenyReason::Held : DenyReason::Busy, receivedBytes);
    }
    if (gameInfo() != GameInfo::ConWait) return m_link.ignore(now, IgnoreRule::NotWelcome, "a HELLO while not listening");
    if (hello.resume != kNoField) return deny(now, from, hello, DenyReason::NoMatch, receivedBytes);
    if (m_config.admits && !m_config.admits(from)) return deny(now, from, hello, DenyReason::NotInvited, receivedBytes);
    if (!provesItself(now, from, hello, receivedBytes)) return;
    admit(now, from, hello);
}

// What every HELLO that would take a seat must show, new player or returning one: a password
// when this host has one (and none when it has not), then a fresh cookie (its address), then the
// right password. False when it does not; it was then answered (DENY or CHALLENGE) or ignored.
bool HostSession::provesItself(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes) {
    if (const auto problem = passwordProblem(hello); problem && *problem != DenyReason::WrongPassword) {
        deny(now, from, hello, *problem, receivedBytes);
        return false;
    }
    if (!freshCookie(now, from, hello, receivedBytes)) return false;
    return rightPassword(now, from, hello, receivedBytes);
}

// Only an address that showed it receives gets here. After a wrong password its next join proof
// waits (the delay doubles with each wrong one): a HELLO during the delay is not answered, and
// the client's resend is checked once the delay is over. A guesser gets one try per delay.
bool HostSession::rightPassword(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes) {
    if (!m_config.passwordKey) return true;
    if (m_refusals.passwordThrottled(now, from)) {
        m_link.ignore(now, IgnoreRule::NotWelcome, "a join proof from " + from + " during its wrong-password delay");
        return false;
    }
    if (passwordProblem(hello)) {
        m_refusals.wrongPassword(now, from);
        deny(now, from, hello, DenyReason::WrongPassword, receivedBytes);
        return false;
    }
    m_refusals.rightPassword(from);
    return true;
}

// True when the HELLO brings back a cookie of this bucket or the last one; otherwise it is
// answered with a CHALLENGE (no larger than it) and false.
bool HostSession::freshCookie(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes) {
    if (sameText(hello.cookie, cookieFor(now, from, hello.nonce, 0)) || sameText(hello.cookie, cookieFor(now, from, hello.nonce, 1))) {
        return true;
    }
    if (!m_link.answerTo(now, from, Challenge{hello.nonce, cookieFor(now, from, hello.nonce, 0)}, receivedBytes)) {
        m_link.ignore(now, IgnoreRule::NotWelcome, "a HELLO too short to be answered: it must be padded to " +
                                                       std::to_string(kMinHelloBytes) + " bytes");
    }
    return false;
}

// The player whose seat this is, back with a new session: from any address (a restarted
// program, a NAT that moved it), as long as it proves it holds this session's keys. Its new
// nonces make new keys; the match goes on where it was.
void HostSession::onReturning(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes) {
    if (!provesItself(now, from, hello, receivedBytes)) return;
    const SessionKeys keys = deriveSessionKeys(clientNonce(), hostNonce(), m_config.passwordKey);
    const ResumeClaim claim{hello.nonce, hello.cookie, hello.heldGame, hello.heldRevision};
    if (!sameText(hello.resumeProof, resumeProof(keys, claim))) {
        return m_link.ignore(now, IgnoreRule::NotAuthenticated, "a HELLO coming back to this session without its key");
    }
    if (std::string behind = recordBehind(hello); !behind.empty()) {
        return refuseDamaged(now, from, hello, receivedBytes, std::move(behind));
    }
    m_link.lockPeer(from);
    keySession(hello.nonce, randomBits());
    m_journal.emplace_back(JournalRekeyed{journalSession()});
    sendWelcome(now);
    peerReturned(now, hello.name);
    m_game.ackedRevision = 0; // the table goes again until this session acknowledges it
    m_waitingForAckSince = now;
    sendSnapshot(now, false);
}

// Every revision is journaled before its UPDATE leaves, so a sound record is never behind what
// its client holds: a newer game, or the same game at a newer revision, means the record lost
// its tail (a write that failed, a damaged file). So does a journal that said it is damaged.
std::string HostSession::recordBehind(const Hello& hello) const {
    if (!m_recordDamage.empty()) return "the journal is damaged: " + m_recordDamage;
    const bool newerGame = hello.heldGame > gameNumber();
    if (!newerGame && !(hello.heldGame == gameNumber() && hello.heldRevision > m_revision)) return {};
    return hello.name + " holds game " + std::to_string(hello.heldGame) + " revision " +
           std::to_string(hello.heldRevision) + ", this host's record ends at game " + std::to_string(gameNumber()) +
           " revision " + std::to_string(m_revision);
}

// The returning client proved its session and holds a game this host's record does not: neither
// side can go on from it. The client is told (DENY DAMAGED: it ends the match and drops its
// ticket), and the match ends here too (the journal is closed; the host may wait for a new one).
void HostSession::refuseDamaged(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes,
                                std::string detail) {
    m_link.answerTo(now, from, Deny{hello.nonce, DenyReason::Damaged}, receivedBytes);
    SessionEvent ending;
    ending.kind = SessionEventKind::Ended;
    ending.cause = EndCause::RecordDamaged;
    ending.denial = DenyReason::Damaged;
    ending.peerName = peerName();
    ending.text = std::move(detail);
    endSession(now, std::move(ending));
}
// With a password the client proves it knows it; without one it must not pretend to.
std::optional<DenyReason> HostSession::passwordProblem(const Hello& hello) const {
    if (!m_config.passwordKey) {
        if (hello.auth != kNoField) return DenyReason::NoPassword;
        return std::nullopt;
    }
    if (hello.auth == kNoField) return DenyReason::PasswordNeeded;
    if (hello.cookie == kNoField) return std::nullopt; // the first HELLO only says it has one
    if (!sameText(hello.auth, joinProof(*m_config.passwordKey, hello.nonce, hello.cookie))) return DenyReason::WrongPassword;
    return std::nullopt;
}

// Every kind of refusal costs the same: one DENY per interval per address (and a bounded number
// for all addresses together), one log line per window per address; the rest are counted and
// summed up when the window ends (summarizeRefusals).
void HostSession::deny(TimeMs now, const PeerAddress& from, const Hello& hello, DenyReason reason, std::size_t receivedBytes) {
    summarizeRefusals(now);
    const RefusalLimiter::Verdict verdict = m_refusals.refuse(now, from, reason);
    if (verdict.answer) {
        m_link.answerTo(now, from, Deny{hello.nonce, reason, kProtocolVersion}, receivedBytes);
    } else {
        m_link.ignore(now, IgnoreRule::NotWelcome, "a HELLO from " + from + ", refused a moment ago");
    }
    if (!verdict.log) return;
    SessionEvent refused;
    refused.kind = SessionEventKind::JoinRefused;
    refused.at = now;
    refused.denial = reason;
    refused.peerVersion = hello.version;
    refused.peerAddress = from;
    refused.peerName = hello.name;
    const std::string why = reason == DenyReason::Version ? versionMismatchWords("it", hello.version)
                                                          : std::string(describeRefusal(reason));
    refused.text = "refused a player at " + from + (hello.name.empty() ? "" : " (" + hello.name + ")") + ": " + why;
    emit(std::move(refused));
}

void HostSession::summarizeRefusals(TimeMs now) {
    for (std::string& line : m_refusals.takeSummaries(now)) {
        SessionEvent summed;
        summed.kind = SessionEventKind::RefusalsSummed;
        summed.at = now;
        summed.text = std::move(line);
        emit(std::move(summed));
    }
}

void HostSession::admit(TimeMs now, const PeerAddress& from, const Hello& hello) {
    m_link.lockPeer(from);
    keySession(hello.nonce, randomBits());
    sendWelcome(now);
    connected(now, hello.name);
    m_journal.emplace_back(JournalOpened{journalSession()});
}

JournalSession HostSession::journalSession() const {
    return JournalSession{clientNonce(), hostNonce(), m_link.peer(), peerName(), m_config.dealSeed, m_config.rules};
}

void HostSession::sendWelcome(TimeMs now) {
    const SessionKeys keys = deriveSessionKeys(clientNonce(), hostNonce(), m_config.passwordKey);
    m_link.send(now, Welcome{kProtocolVersion, sanitizeWord(m_config.playerName), hostNonce(),
                             welcomeProof(keys, clientNonce(), hostNonce()), gameNumber(),
                             static_cast<WireNumber>(std::clamp<TimeMs>(m_match.elapsedMs(now), 0, 0xFFFFFFFF))});
}

std::string HostSession::cookieFor(TimeMs now, const PeerAddress& from, Nonce client, int bucketsAgo) const {
    const auto bucket = static_cast<std::uint64_t>(std::max<TimeMs>(0, now) / m_config.timing.cookieBucketMs);
    return protocol::cookieFor(m_cookieSecret, from, bucket - static_cast<std::uint64_t>(bucketsAgo), client);
}

} // namespace speed::protocol
