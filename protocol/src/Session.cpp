#include "speed/protocol/Session.hpp"

#include "speed/common/Random.hpp"
#include "speed/protocol/Codec.hpp"

#include <algorithm>
#include <string>
#include <utility>

// What both roles share: the link's verdict on every datagram, the verbs every side speaks
// (HELLO's version, SHUTDOWN, ALIVE, NG GARBLED), liveness, and GameInfo.
namespace speed::protocol {

namespace {

// Without an injected generator (a unit test that does not care) the nonces come from a fixed
// seed: never so in the programs, which give the operating system's.
std::function<std::uint64_t()> fixedRandom(std::uint64_t seed) {
    return [mix = SplitMix64(seed ^ 0x5EED5EED5EEDULL)]() mutable { return mix.next(); };
}

// The stamp clock with the password's measurement key, when there is a password.
ProbeStampClock withMeasureKey(ProbeStampClock clock, const std::optional<Key>& passwordKey) {
    if (passwordKey) clock.measureKey = deriveMeasureKey(*passwordKey);
    return clock;
}

} // namespace

Session::Session(SessionConfig config)
    : m_config(std::move(config)),
      m_link(m_config.timing, m_config.reportDatagrams, m_config.preciseClockUs,
             withMeasureKey(m_config.probeStamps, m_config.passwordKey)) {
    if (!m_config.random) m_config.random = fixedRandom(m_config.dealSeed);
    m_link.describeEvents(m_config.describeEvents);
    m_link.setEventInterest(m_config.events);
}

std::string Session::sessionId() const {
    if (!m_link.keyed()) return {};
    return nonceText(m_clientNonce) + nonceText(m_hostNonce);
}

void Session::keySession(Nonce client, Nonce host) {
    m_clientNonce = client;
    m_hostNonce = host;
    const SessionKeys keys = deriveSessionKeys(client, host, m_config.passwordKey);
    if (role() == SessionRole::Host) m_link.setKeys(keys.hostToClient, keys.clientToHost);
    else m_link.setKeys(keys.clientToHost, keys.hostToClient);
}

ReceiveResult Session::receive(TimeMs now, const PeerAddress& from, std::string_view bytes) {
    if (m_link.answerProbe(from, bytes)) return ReceiveResult::AnsweredOnly; // rule 2
    const auto message = m_link.receive(now, from, bytes, isConnected(m_info));
    if (!message) return ReceiveResult::Taken;
    if (!isSessionVerb(message->body)) {
        onHandshake(now, from, *message, bytes.size());
        return ReceiveResult::Taken;
    }
    // REKEY is taken outside the SEQ window: a copy of an old one proves nothing about the peer.
    const bool alive = !std::holds_alternative<Rekey>(message->body);
    if (alive && m_link.heard(now) && m_info != GameInfo::Nothing) {
        emitText(now, SessionEventKind::PeerBack, "the peer is heard again");
        onPeerBack(now);
        refreshInfo(now, "peer back");
    }
    dispatch(now, *message);
    return ReceiveResult::Taken;
}

void Session::dispatch(TimeMs now, const Message& message) {
    const MessageBody& body = message.body;
    if (const auto* shutdown = std::get_if<Shutdown>(&body)) return onShutdown(now, *shutdown);
    if (const auto* ok = std::get_if<Ok>(&body); ok && ok->subject == Subject::Shutdown) {
        if (!m_link.pending(RequestKind::Shutdown)) return ignoreNeverSent(now, "OK SHUTDOWN, and no SHUTDOWN was sent");
        return m_link.settle(RequestKind::Shutdown);
    }
    if (m_info == GameInfo::Nothing) return m_link.ignore(now, IgnoreRule::Meaningless, "the session has ended");
    if (std::holds_alternative<Alive>(body)) return;
    if (const auto* ng = std::get_if<Ng>(&body); ng && ng->garbled) {
        if (m_link.expediteAllowed(now)) onGarbledAnswer(now);
        return;
    }
    onMessage(now, message);
}

void Session::ignoreNeverSent(TimeMs now, std::string detail) {
    ++m_link.stats().neverSent;
    m_link.ignore(now, IgnoreRule::NeverSent, std::move(detail));
}

void Session::onShutdown(TimeMs now, const Shutdown& shutdown) {
    m_link.send(now, Ok{Subject::Shutdown, 0, 0, 0});
    if (m_info == GameInfo::Nothing) return;
    SessionEvent ending;
    ending.kind = SessionEventKind::Ended;
    ending.shutdown = shutdownReasonOf(shutdown.reason);
    ending.cause = ending.shutdown == ShutdownReason::Stalled ? EndCause::Stalled : EndCause::ShutdownThere;
    endSession(now, std::move(ending));
}

void Session::tick(TimeMs now) {
    m_link.tick(now);
    if (m_info == GameInfo::Nothing) return;
    onAnyTick(now);
    if (m_info == GameInfo::ConWait) {
        if (now < m_waitUntil) return;
        return failConnect(now, waitFailure(), connectTimeoutMs());
    }
    checkLiveness(now);
    if (m_info == GameInfo::Nothing) return;
    onTick(now);
    if (isConnected(m_info)) m_link.keepalive(now);
    refreshInfo(now, "tick");
}

void Session::checkLiveness(TimeMs now) {
    const TimeMs silentFor = m_link.silentForMs(now);
    switch (m_link.checkSilence(now)) {
    case Link::Silence::None: return;
    case Link::Silence::Lost: {
        SessionEvent ending;
        ending.kind = SessionEventKind::Ended;
        ending.cause = EndCause::PeerLost;
        ending.peerName = m_peerName;
        ending.waitedMs = silentFor;
        return endSession(now, std::move(ending));
    }
    case Link::Silence::BecameSilent:
        emitText(now, SessionEventKind::PeerSilent, "nothing heard from the peer for " + std::to_string(silentFor) + " ms");
        onPeerSilent(now);
        refreshInfo(now, "peer silent");
        return;
    }
}

TimeMs Session::nextWakeMs(TimeMs now) const {
    TimeMs wake = m_link.nextWakeMs(isConnected(m_info));
    if (m_info == GameInfo::Nothing) return wake;
    wake = std::min(wake, anyWakeMs());
    if (m_info == GameInfo::ConWait) return std::min(wake, m_waitUntil);
    wake = std::min(wake, roleWakeMs(now));
    if (isGameOver(m_info)) wake = std::min(wake, m_gameOverAt + m_config.timing.match.resultHoldMs);
    return wake;
}

void Session::shutdown(TimeMs now, ShutdownReason reason) {
    if (m_info == GameInfo::Nothing) return;
    const bool peerKnown = m_link.locked() && isConnected(m_info);
    SessionEvent ending;
    ending.kind = SessionEventKind::Ended;
    ending.cause = EndCause::ShutdownHere;
    ending.shutdown = reason;
    endSession(now, std::move(ending));
    if (peerKnown) {
        m_link.request(now, RequestKind::Shutdown, Shutdown{std::string(wordOf(reason))},
                       now + m_config.timing.shutdownLingerMs);
    }
}

// Both sides hear each other, and for `stalledForMs` no revision was accepted: the tables no
// longer agree. The match ends here, and the SHUTDOWN tells the other side why.
void Session::giveUpStalled(TimeMs now, TimeMs stalledForMs) {
    if (m_info == GameInfo::Nothing) return;
    SessionEvent ending;
    ending.kind = SessionEventKind::Ended;
    ending.cause = EndCause::Stalled;
    ending.shutdown = ShutdownReason::Stalled;
    ending.peerName = m_peerName;
    ending.waitedMs = stalledForMs;
    endSession(now, std::move(ending));
    m_link.request(now, RequestKind::Shutdown, Shutdown{std::string(wordOf(ShutdownReason::Stalled))},
                   now + m_config.timing.shutdownLingerMs);
}

void Session::beginMeasure(TimeMs now) {
    if (m_info != GameInfo::Connect && m_info != GameInfo::ExtGame) {
        return refuseTransition(now, "measure: only between games");
    }
    m_measuring = true;
    refreshInfo(now, "measurement started");
}

void Session::endMeasure(TimeMs now) {
    m_measuring = false;
    refreshInfo(now, "measurement ended");
}

void Session::beginWaiting(TimeMs now, std::string_view why) {
    m_link.open(now);
    m_waitUntil = laterBy(now, connectTimeoutMs()); // kNever: a host that waits until cancelled
    enterInfo(now, GameInfo::ConWait, why);
}

void Session::connected(TimeMs now, const std::string& peerName) {
    m_peerName = peerName;
    m_waitUntil = kNever;
    // The player was just heard (its HELLO, or the host's WELCOME): the silence and the grace
    // count from here, never from when this side began to wait. A restored host then says
    // since when its client has not been heard (Link::assumeSilent).
    m_link.heard(now);
    enterInfo(now, GameInfo::Connect, "HELLO exchanged");
    emitPeer(now, SessionEventKind::Connected, peerName);
}

void Session::peerReturned(TimeMs now, const std::string& peerName) {
    if (!peerName.empty()) m_peerName = peerName;
    emitPeer(now, SessionEventKind::Rejoined, m_peerName);
    if (m_link.heard(now)) {
        emitText(now, SessionEventKind::PeerBack, "the peer is heard again");
        onPeerBack(now);
    }
    refreshInfo(now, "peer came back");
}

void Session::emit(SessionEvent&& event) { m_link.emit(std::move(event)); }

void Session::emitText(TimeMs now, SessionEventKind kind, std::string text) {
    SessionEvent event;
    event.kind = kind;
    event.at = now;
    event.text = std::move(text);
    event.info = m_info;
    emit(std::move(event));
}

// Connected, Rejoined: the peer's name is the event's (and the log's).
void Session::emitPeer(TimeMs now, SessionEventKind kind, const std::string& peerName) {
    SessionEvent event;
    event.kind = kind;
    event.at = now;
    event.text = peerName;
    event.peerName = peerName;
    event.info = m_info;
    emit(std::move(event));
}

void Session::emitPeerAskedNextGame(TimeMs now, WireNumber game) {
    SessionEvent asked;
    asked.kind = SessionEventKind::PeerAskedNextGame;
    asked.at = now;
    asked.game = game;
    asked.text = m_peerName + " asks for game " + std::to_string(game);
    emit(std::move(asked));
}

void Session::refuseTransition(TimeMs now, std::string text) {
    emitText(now, SessionEventKind::TransitionRefused, std::move(text));
}

void Session::noteGameOver(TimeMs now, WireNumber game, GameResult result) {
    if (m_gameOverAt != kNever) return;
    m_gameOverAt = now;
    SessionEvent event;
    event.kind = SessionEventKind::GameOver;
    event.at = now;
    event.game = game;
    event.result = result;
    if (m_link.describing()) event.text = "game " + std::to_string(game) + " is over";
    emit(std::move(event));
}

ProposalOutcome Session::refuse(TimeMs now, const Move& move, PlayOutcome play, LinkRefusal link, bool byHost,
                                std::optional<std::int64_t> raceLeadUs) {
    const ProposalOutcome outcome{false, play, link, raceLeadUs};
    if (link == LinkRefusal::TooManyInFlight && !m_link.eventInterest().keptBack) return outcome;
    // Made where it lies in the list: a bot that keeps trying makes many of these.
    SessionEvent& event = m_link.newEvent();
    event.kind = SessionEventKind::MoveRejected;
    event.at = now;
    event.info = m_info;
    event.move = move;
    event.play = play;
    event.link = link;
    event.byHost = byHost;
    event.raceLeadUs = raceLeadUs;
    if (m_link.describing()) event.text = std::string(byHost ? "the host refused: " : "") + std::string(describe(outcome));
    return outcome;
}

PlayOutcome Session::notPlaying() const {
    if (isPaused(m_info)) return {MatchRefusal::Paused, MoveError::None};
    if (isGameOver(m_info) || m_info == GameInfo::ExtGame) return {MatchRefusal::None, MoveError::GameOver};
    return {MatchRefusal::NotDealt, MoveError::None};
}

void Session::failConnect(TimeMs now, ConnectFailure failure, TimeMs waitedMs) {
    SessionEvent ending;
    ending.kind = SessionEventKind::ConnectFailed;
    ending.failure = failure;
    ending.waitedMs = waitedMs;
    endSession(now, std::move(ending));
}

// `ending` is typed (a ConnectFailed or Ended event); its log text is worded here.
void Session::endSession(TimeMs now, SessionEvent ending) {
    ending.at = now;
    ending.info = m_info;
    // The roles may give a detail for the log; the words come from the typed fields.
    ending.text = describe(stopOf(ending)) + (ending.text.empty() ? "" : " (" + ending.text + ")");
    const std::string why = ending.text;
    emit(std::move(ending));
    m_link.dropRequestsBut(RequestKind::Shutdown);
    onEnded(now);
    m_waitUntil = kNever;
    enterInfo(now, GameInfo::Nothing, why);
}

void Session::enterInfo(TimeMs now, GameInfo next, std::string_view why) {
    if (next == m_info) return;
    if (!isDefinedTransition(m_info, next)) {
        ++m_link.stats().refusedTransitions;
        return refuseTransition(now, std::string(toString(m_info)) + " -> " + std::string(toString(next)) +
                                         " is not defined (" + std::string(why) + "); staying in " +
                                         std::string(toString(m_info)));
    }
    m_info = next;
    SessionEvent event;
    event.kind = SessionEventKind::StateChanged;
    event.at = now;
    event.info = next;
    if (m_link.describing()) event.text = std::string(toString(next)) + ": " + std::string(why);
    emit(std::move(event));
}

// The GameInfo that what this side knows means: the connection, a measurement, the host's
// phase, the peer's silence, and how long ago the game ended.
GameInfo Session::derivedInfo(TimeMs now) const {
    if (m_info == GameInfo::Nothing || m_info == GameInfo::ConWait) return m_info;
    if (m_measuring) return GameInfo::Measure;
    if (gameNumber() == 0) return GameInfo::Connect;
    const bool silent = m_link.silent();
    switch (m_phase) {
    case Phase::Play:
    case Phase::SpeedCall: return silent ? GameInfo::Pause0 : GameInfo::Play;
    case Phase::Pause0: return GameInfo::Pause0;
    case Phase::Pause1: return silent ? GameInfo::Pause0 : GameInfo::Pause1;
    case Phase::Won:
    case Phase::Lost:
    case Phase::Draw: break;
    }
    if (now >= m_gameOverAt + m_config.timing.match.resultHoldMs) return GameInfo::ExtGame;
    return m_phase == Phase::Won ? GameInfo::Win : m_phase == Phase::Lost ? GameInfo::Defeat : GameInfo::Draw;
}

void Session::refreshInfo(TimeMs now, std::string_view why) { enterInfo(now, derivedInfo(now), why); }

} // namespace speed::protocol
