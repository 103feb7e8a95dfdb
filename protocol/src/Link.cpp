#include "speed/protocol/Link.hpp"

#include "speed/protocol/Codec.hpp"
#include "speed/protocol/Probe.hpp"

#include <algorithm>
#include <utility>

// The numbered "ignore the datagram if" rules 1 to 4 of docs/PROTOCOL.md are applied here; the
// sessions apply the others.
namespace speed::protocol {
namespace {

constexpr WireNumber kSeqWindow = 64;      // how far behind the newest SEQ a datagram may still arrive
// How far ahead of the newest SEQ a datagram may be and still move the window: far more than a
// peer sends in the longest silence a session survives (a few datagrams a second), far less
// than the 2^31 where serial numbers stop comparing.
constexpr WireNumber kMaxSeqAhead = 1U << 16;
constexpr std::size_t kMaxTimedSends = 64; // round trips being timed at once
constexpr std::size_t kRecentRtts = 15;    // the round trips recentRttMs() takes the median of

WireNumber wireTime(TimeMs sinceOpen) {
    return static_cast<WireNumber>(std::clamp<TimeMs>(sinceOpen, 0, TimeMs{0xFFFFFFFF}));
}

} // namespace

int ruleNumber(IgnoreRule rule) { return static_cast<int>(rule); }

Link::Link(const SessionTiming& timing, bool reportDatagrams, std::function<std::int64_t()> preciseClockUs,
           ProbeStampClock probeStamps)
    : m_timing(timing),
      m_reportDatagrams(reportDatagrams),
      m_probeStamps(std::move(probeStamps)),
      m_preciseClockUs(std::move(preciseClockUs)) {}

std::int64_t Link::preciseUs(TimeMs now) const { return m_preciseClockUs ? m_preciseClockUs() : now * 1000; }

std::uint64_t Link::sinceOpenUs(TimeMs now) const {
    return static_cast<std::uint64_t>(std::max<std::int64_t>(0, preciseUs(now) - m_openedUs));
}

void Link::open(TimeMs now) {
    m_openedAt = now;
    m_openedUs = preciseUs(now);
    m_clock = ClockOffsetEstimator();
    m_lastHeardAt = now;
}

void Link::lockPeer(const PeerAddress& peer) {
    m_peer = peer;
    m_locked = true;
    m_heardPeerSeq = false;
    forgetAccepted(); // any SEQ is taken afresh
}

// New keys make a new session: the peer's SEQ is taken afresh (a program that restarted counts
// from 1 again), and nothing sent under the old keys gets through any more (rule 13).
void Link::setKeys(const Key& send, const Key& receive) {
    m_keys = Keys{send, receive};
    m_keysRetired = false;
    m_heardPeerSeq = false;
    m_seenSeqMask = 0;
    forgetAccepted();
    // New keys are a new session of the peer, perhaps of a program that restarted with a clock
    // of its own: the offset is measured afresh, not chosen among the old clock's exchanges.
    m_clock = ClockOffsetEstimator();
}

void Link::assumeSilent(TimeMs lastHeardAt) {
    m_lastHeardAt = lastHeardAt;
    m_silent = true;
}

bool Link::answerProbe(const PeerAddress& from, std::string_view bytes) {
    const auto probe = readProbe(bytes);
    if (!probe) return false;
    std::optional<EchoClock> clock;
    if (m_probeStamps.nowNs) {
        clock = EchoClock{m_probeStamps.nowNs(), m_probeStamps.nowNs, m_probeStamps.clockId, m_probeStamps.measureKey};
    }
    if (auto echo = protocol::answerProbe(*probe, bytes.size(), clock ? &*clock : nullptr)) {
        m_outgoing.push_back({from, std::move(*echo)});
    }
    return true;
}

std::optional<Message> Link::receive(TimeMs now, const PeerAddress& from, std::string_view bytes, bool connected) {
    ++m_stats.datagramsReceived;
    // The very bytes of a session datagram taken lately: its SEQ is seen, so it is ignored as
    // decoding would ignore it (rule 4), without the decoding and the tag. A sender's copies sent
    // at once (a MOVE, a new table) and the network's duplicates come this way. (A SEQ taken is
    // never ahead of the newest; the check keeps that so across the serial numbers' wrap too.)
    if (!m_keysRetired) {
        for (const Accepted& accepted : m_accepted) {
            if (!accepted.bytes.empty() && bytes == accepted.bytes &&
                static_cast<std::int32_t>(m_newestPeerSeq - accepted.seq) >= 0) {
                seenAgain(now, accepted.seq);
                return std::nullopt;
            }
        }
    }
    DecodeResult decoded = decodeDatagram(bytes, m_keys ? &m_keys->receive : nullptr);
    const bool fromPeer = m_locked && from == m_peer;
    if (decoded.error == DecodeError::BadTag) { // rule 13: forged, another session's, or damaged
        ++m_stats.unauthenticated;
        if (!fromPeer) ++m_stats.foreign;
        ignore(now, IgnoreRule::NotAuthenticated, decoded.detail);
        if (fromPeer && connected) replyGarbled(now); // most likely damaged on the way: have it resent
        return std::nullopt;
    }
    if (!decoded.ok()) {
        onGarbled(now, from, connected, std::string(describe(decoded.error)) + ": " + decoded.detail);
        return std::nullopt;
    }
    Message& message = *decoded.message;
    if (std::holds_alternative<Probe>(message.body)) { // rule 2: answered statelessly, from anyone
        std::string echo = encodeEcho(message);
        if (echo.size() <= bytes.size()) m_outgoing.push_back({from, std::move(echo)});
        return std::nullopt;
    }
    if (isSessionVerb(message.body)) {
        if (m_keysRetired) {
            ++m_stats.unauthenticated;
            ignore(now, IgnoreRule::NotAuthenticated, std::string(verbOf(message)) + " under a session that waits to be taken back");
            return std::nullopt;
        }
        if (!decoded.tagged) {
            ++m_stats.unauthenticated;
            if (!fromPeer) ++m_stats.foreign;
            ignore(now, IgnoreRule::NotAuthenticated, std::string(verbOf(message)) + " without this session's tag");
            return std::nullopt;
        }
        if (std::holds_alternative<Rekey>(message.body)) {
            // Outside the SEQ window (a restored host counts from 1 again), from the peer's
            // address only, and it moves nothing: all it can do is make a client ask for its seat
            // again, which a copy sent again cannot abuse beyond one handshake.
            if (!fromPeer) {
                ignore(now, IgnoreRule::NotAuthenticated, "REKEY from another address than the peer's");
                return std::nullopt;
            }
        } else if (!acceptSeq(now, message.seq)) {
            return std::nullopt;
        } else {
            Accepted& accepted = m_accepted[m_nextAccepted];
            m_nextAccepted = (m_nextAccepted + 1) % kAcceptedKept;
            accepted.bytes.assign(bytes);
            accepted.seq = message.seq;
            if (!fromPeer) { // only this session's keys make such a datagram: the peer has a new address
                ++m_stats.migrations;
                emitText(now, SessionEventKind::PeerMoved, from);
                m_peer = from;
            }
        }
    } else if (decoded.tagged) {
        ignore(now, IgnoreRule::NotAuthenticated, std::string(verbOf(message)) + " belongs outside a session");
        return std::nullopt;
    }
    if (m_reportDatagrams) emitText(now, SessionEventKind::DatagramReceived, std::string(bytes.substr(0, bytes.rfind(" #"))));
    if (isSessionVerb(message.body)) { // an OK sent after it says when it came, and which it was
        m_lastReceivedUs = sinceOpenUs(now);
        m_lastReceivedSeq = message.seq;
        if (const auto* ok = std::get_if<Ok>(&message.body); ok != nullptr && ok->stamps) addClockSample(*ok->stamps, now);
    }
    return std::move(message);
}

void Link::forgetAccepted() {
    for (Accepted& accepted : m_accepted) accepted.bytes.clear();
}

void Link::onGarbled(TimeMs now, const PeerAddress& from, bool connected, std::string detail) {
    ++m_stats.garbled;
    ignore(now, IgnoreRule::Garbled, std::move(detail));
    if (m_locked && from == m_peer && connected) replyGarbled(now);
}

// Tells the peer once per interval, so whatever it has pending is resent at once.
void Link::replyGarbled(TimeMs now) {
    if (now - m_lastGarbledReplyAt < m_timing.garbledReplyIntervalMs) return;
    m_lastGarbledReplyAt = now;
    send(now, Ng{true, 0, 0, Refusal::NotPlaying});
}

// A sliding window over the peer's SEQ, compared as serial numbers (RFC 1982), so it goes on
// across 4294967295 -> 0: a datagram that was overtaken is still taken, a copy of one already
// taken is not (rule 4), and one too far ahead is counted and leaves the window where it was
// (rule 15). What a late datagram may not do is checked per verb (GAME, REV, ID).
bool Link::acceptSeq(TimeMs now, WireNumber seq) {
    const auto ahead = static_cast<std::int32_t>(seq - m_newestPeerSeq);
    if (!m_heardPeerSeq || ahead > 0) {
        if (m_heardPeerSeq && static_cast<WireNumber>(ahead) > kMaxSeqAhead) {
            ++m_stats.seqTooFarAhead;
            ignore(now, IgnoreRule::SeqTooFarAhead, "SEQ " + std::to_string(seq) + " is " + std::to_string(ahead) +
                                                        " ahead of " + std::to_string(m_newestPeerSeq));
            return false;
        }
        const WireNumber shift = m_heardPeerSeq ? static_cast<WireNumber>(ahead) : kSeqWindow;
        m_seenSeqMask = shift >= kSeqWindow ? 0 : m_seenSeqMask << shift;
        m_seenSeqMask |= 1U;
        m_newestPeerSeq = seq;
        m_heardPeerSeq = true;
        return true;
    }
    const WireNumber behind = m_newestPeerSeq - seq;
    const std::uint64_t bit = std::uint64_t{1} << (behind % kSeqWindow);
    if (behind < kSeqWindow && (m_seenSeqMask & bit) == 0) {
        m_seenSeqMask |= bit;
        return true;
    }
    seenAgain(now, seq);
    return false;
}

void Link::seenAgain(TimeMs now, WireNumber seq) {
    ++m_stats.duplicates;
    ignore(now, IgnoreRule::SeenSeq,
           m_describing ? "SEQ " + std::to_string(seq) + " was seen already, or is " + std::to_string(kSeqWindow) +
                              " or more behind " + std::to_string(m_newestPeerSeq)
                        : std::string());
}

void Link::send(TimeMs now, const MessageBody& body, bool isResend) {
    sendTo(now, m_peer, body);
    if (isResend) ++m_stats.resends;
}

void Link::sendCopies(TimeMs now, const MessageBody& body, int copies) {
    const std::size_t before = m_outgoing.size();
    sendTo(now, m_peer, body);
    if (m_outgoing.size() == before) return; // nothing went (keys retired)
    for (int copy = 1; copy < copies; ++copy) {
        m_outgoing.push_back(m_outgoing[before]);
        ++m_stats.datagramsSent;
    }
}

std::string Link::encode(const MessageBody& body, TimeMs now) {
    const Message message{wireTime(now - m_openedAt), m_nextSeq++, body};
    m_sentAt[message.seq % m_sentAt.size()] = {message.seq, sinceOpenUs(now)};
    return m_keys && isSessionVerb(body) ? encodeTagged(message, m_keys->send) : encodeDatagram(message);
}

bool Link::answerTo(TimeMs now, const PeerAddress& to, const MessageBody& body, std::size_t receivedBytes) {
    std::string bytes = encode(body, now);
    if (bytes.size() > receivedBytes) {
        ++m_stats.unanswered;
        return false;
    }
    if (m_reportDatagrams) emitText(now, SessionEventKind::DatagramSent, bytes.substr(0, bytes.rfind(" #")));
    m_outgoing.push_back({to, std::move(bytes)});
    ++m_stats.datagramsSent;
    return true;
}

void Link::sendTo(TimeMs now, const PeerAddress& to, const MessageBody& body) {
    // Its other end no longer has this session's SEQ: only REKEY, asking it to come back, goes.
    if (m_keysRetired && isSessionVerb(body) && !std::holds_alternative<Rekey>(body)) return;
    std::string bytes;
    if (const auto* ok = std::get_if<Ok>(&body); ok != nullptr && ok->subject != Subject::Shutdown && !ok->stamps) {
        // An answer carries this side's clock at the request's arrival and at the answer's
        // departure: the asker makes a clock-offset sample of them.
        Ok stamped = *ok;
        stamped.stamps = AnswerStamps{m_lastReceivedUs, sinceOpenUs(now), m_lastReceivedSeq};
        bytes = encode(stamped, now);
    } else {
        bytes = encode(body, now);
    }
    if (m_reportDatagrams) emitText(now, SessionEventKind::DatagramSent, bytes.substr(0, bytes.rfind(" #")));
    m_outgoing.push_back({to, std::move(bytes)});
    ++m_stats.datagramsSent;
    m_lastSentAt = now;
}

void Link::ignore(TimeMs now, IgnoreRule rule, std::string detail) {
    ++m_stats.ignored;
    if (!m_interest.ignoredDatagrams) return;
    SessionEvent& event = newEvent();
    event.kind = SessionEventKind::DatagramIgnored;
    event.at = now;
    event.rule = rule;
    if (m_describing) event.text = "ignored by rule " + std::to_string(ruleNumber(rule)) + " (" + detail + ")";
}

void Link::emitText(TimeMs now, SessionEventKind kind, std::string text) {
    SessionEvent event;
    event.kind = kind;
    event.at = now;
    event.text = std::move(text);
    m_events.push_back(std::move(event));
}

void Link::request(TimeMs now, RequestKind kind, MessageBody body, TimeMs giveUpAt) {
    settle(kind); // a newer request of the same kind replaces the older one
    send(now, body);
    m_requests.push_back({kind, std::move(body), now + m_timing.resendIntervalMs, giveUpAt});
}

void Link::settle(RequestKind kind) {
    std::erase_if(m_requests, [&](const PendingRequest& pending) { return pending.kind == kind; });
}

void Link::dropRequestsBut(RequestKind kind) {
    std::erase_if(m_requests, [&](const PendingRequest& pending) { return pending.kind != kind; });
}

bool Link::pending(RequestKind kind) const {
    return std::any_of(m_requests.begin(), m_requests.end(), [&](const PendingRequest& p) { return p.kind == kind; });
}

bool Link::expediteAllowed(TimeMs now) {
    if (now - m_lastExpediteAt < m_timing.resendIntervalMs) return false;
    m_lastExpediteAt = now;
    return true;
}

TimeMs Link::resendIntervalMs() const {
    return m_silent ? m_timing.silentResendIntervalMs : m_timing.resendIntervalMs;
}

void Link::expediteRequests(TimeMs now) {
    for (PendingRequest& pending : m_requests) pending.nextSendAt = std::min(pending.nextSendAt, now);
}

void Link::tick(TimeMs now) {
    std::erase_if(m_requests, [&](const PendingRequest& pending) { return now >= pending.giveUpAt; });
    for (PendingRequest& pending : m_requests) {
        if (now < pending.nextSendAt) continue;
        pending.nextSendAt = now + resendIntervalMs();
        send(now, pending.body, true);
    }
}

Link::Silence Link::checkSilence(TimeMs now) {
    const TimeMs silentFor = now - m_lastHeardAt;
    if (silentFor >= m_timing.graceMs) return Silence::Lost;
    if (m_silent || silentFor < m_timing.silenceTimeoutMs) return Silence::None;
    m_silent = true;
    return Silence::BecameSilent;
}

bool Link::heard(TimeMs now) {
    m_lastHeardAt = now;
    return std::exchange(m_silent, false);
}

void Link::keepalive(TimeMs now) {
    if (now - m_lastSentAt >= m_timing.keepaliveIntervalMs) send(now, Alive{});
}

void Link::timeSent(TimedExchange exchange, WireNumber game, WireNumber number, TimeMs now) {
    const auto same = [&](const TimedSend& timed) {
        return timed.exchange == exchange && timed.game == game && timed.number == number;
    };
    if (const auto found = std::find_if(m_timed.begin(), m_timed.end(), same); found != m_timed.end()) {
        found->sentUs = preciseUs(now); // a resend: time the answer from the latest copy
        return;
    }
    if (m_timed.size() >= kMaxTimedSends) m_timed.erase(m_timed.begin());
    m_timed.push_back({exchange, game, number, preciseUs(now)});
}

void Link::timeAnswered(TimedExchange exchange, WireNumber game, WireNumber number, TimeMs now) {
    const auto found = std::find_if(m_timed.begin(), m_timed.end(), [&](const TimedSend& timed) {
        return timed.exchange == exchange && timed.game == game && timed.number == number;
    });
    if (found == m_timed.end()) return;
    const std::int64_t sampleUs = preciseUs(now) - found->sentUs;
    m_timed.erase(found);
    if (sampleUs < 0 || m_stampedRtts) return;
    addRtt(static_cast<double>(sampleUs) / 1000.0, now);
}

void Link::addRtt(double value, TimeMs now) {
    if (m_recentRtts.size() < kRecentRtts) m_recentRtts.push_back(value);
    else m_recentRtts[m_nextRtt] = value;
    m_nextRtt = (m_nextRtt + 1) % kRecentRtts;
    if (!m_interest.roundTrips) return;
    SessionEvent event;
    event.kind = SessionEventKind::RttSample;
    event.at = now;
    event.rttMs = value;
    m_events.push_back(std::move(event));
}

// T1: when this side sent the datagram the answerer had last (found by its SEQ: the right copy
// even when a request was sent again), T2 its arrival, T3 the answer's departure, T4 now.
void Link::addClockSample(const AnswerStamps& stamps, TimeMs now) {
    const SentAt& sent = m_sentAt[stamps.receivedSeq % m_sentAt.size()];
    if (sent.seq != stamps.receivedSeq || stamps.receivedSeq == 0) return; // too old to tell: no sample
    constexpr std::int64_t kNsPerUs = 1000;
    const ClockSample sample{static_cast<std::int64_t>(sent.atUs) * kNsPerUs,
                             static_cast<std::int64_t>(stamps.receivedUs) * kNsPerUs,
                             static_cast<std::int64_t>(stamps.sentUs) * kNsPerUs,
                             static_cast<std::int64_t>(sinceOpenUs(now)) * kNsPerUs};
    if (!m_clock.add(sample)) return;
    // Out and back, less the time the peer held the datagram before answering.
    m_stampedRtts = true;
    addRtt(static_cast<double>(sample.delayNs()) / 1e6, now);
}

std::optional<double> Link::recentRttMs() const {
    if (m_recentRtts.empty()) return std::nullopt;
    std::vector<double> sorted = m_recentRtts;
    const auto middle = sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2);
    std::nth_element(sorted.begin(), middle, sorted.end());
    if (sorted.size() % 2 == 1) return *middle;
    return (*middle + *std::max_element(sorted.begin(), middle)) / 2;
}

TimeMs Link::nextWakeMs(bool connected) const {
    TimeMs wake = kNever;
    for (const PendingRequest& pending : m_requests) wake = std::min({wake, pending.nextSendAt, pending.giveUpAt});
    if (!connected) return wake;
    wake = std::min(wake, m_lastSentAt + m_timing.keepaliveIntervalMs);
    return std::min(wake, m_lastHeardAt + (m_silent ? m_timing.graceMs : m_timing.silenceTimeoutMs));
}

std::vector<OutgoingDatagram> Link::takeOutgoing() { return std::exchange(m_outgoing, {}); }
std::vector<SessionEvent> Link::takeEvents() { return std::exchange(m_events, {}); }

void Link::takeOutgoing(std::vector<OutgoingDatagram>& into) {
    into.clear();
    std::swap(into, m_outgoing);
}

void Link::takeEvents(std::vector<SessionEvent>& into) {
    into.clear();
    std::swap(into, m_events);
}

} // namespace speed::protocol
