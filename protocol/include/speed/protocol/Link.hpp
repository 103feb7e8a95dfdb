#pragma once

#include "speed/common/Time.hpp"
#include "speed/protocol/ClockOffset.hpp"
#include "speed/protocol/Message.hpp"
#include "speed/protocol/SessionEvent.hpp"
#include "speed/protocol/SessionTypes.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// One end of a conversation with one peer, whatever the role: datagrams in and out, the tags
// that authenticate them once the handshake made the session's keys, the SEQ window, liveness,
// requests resent until answered, and round-trip samples. Sans I/O, like the sessions built on
// it: time comes in, datagrams and events go out.
namespace speed::protocol {

// The requests a link resends until they are answered (one of each kind at a time).
enum class RequestKind : std::uint8_t { Hello, Start, Pause, Resume, Shutdown };

// Exchanges whose answer times a round trip: a request and the OK (or NG, or HELLO) naming it.
enum class TimedExchange : std::uint8_t { Hello, Update, Move, Start, Pause, Resume };

class Link {
public:
    Link(const SessionTiming& timing, bool reportDatagrams, std::function<std::int64_t()> preciseClockUs = {},
         ProbeStampClock probeStamps = {});

    // TIME fields count from here; the peer counts as just heard.
    void open(TimeMs now);
    // From now on the session talks to `peer`.
    void lockPeer(const PeerAddress& peer);
    bool locked() const { return m_locked; }
    const PeerAddress& peer() const { return m_peer; }
    // The handshake made the session's keys: session verbs go out tagged with `send` and come in
    // only with a valid tag under `receive` (rule 13).
    void setKeys(const Key& send, const Key& receive);
    bool keyed() const { return m_keys.has_value(); }
    // The keys stand for a session whose other end restarted or will come back with a new one
    // (a host restored from its journal): nothing is sent or taken under them until setKeys.
    void retireKeys() { m_keysRetired = true; }
    bool keysRetired() const { return m_keysRetired; }

    // Rule 2: when `bytes` is a PROBE, queues its ECHO to `from` (stamped when it asks and this
    // side has a ProbeStampClock) and says so; nothing is counted and nothing else happens.
    bool answerProbe(const PeerAddress& from, std::string_view bytes);
    // Decodes a datagram and applies rules 1 to 4, 13 and 15: the message when it gets through.
    // A tagged PROBE is answered here too (rule 2). Handshake verbs get through from anyone (the session
    // decides); session verbs only tagged, in the SEQ window, and from the peer, which may move
    // to a new address with a datagram no one else could have made (PeerMoved).
    std::optional<Message> receive(TimeMs now, const PeerAddress& from, std::string_view bytes, bool connected);

    void send(TimeMs now, const MessageBody& body, bool isResend = false);
    // The same datagram `copies` times at once, SEQ and all: the network loses each copy on its
    // own, and the peer takes the first that comes and ignores the others (rule 4).
    void sendCopies(TimeMs now, const MessageBody& body, int copies = kCopiesAtOnce);
    // How many copies a new table goes in: at 20% of datagrams lost or held back, 0.8% of them
    // are late by a whole resend interval.
    static constexpr int kCopiesAtOnce = 3;
    // A new MOVE goes in one more: a play all of whose copies were lost counts when its resend
    // arrives, which can give its race to a play made after it; four copies make that 0.16% of
    // the plays at 20% lost or held back, not 0.8% (a few bytes a play).
    static constexpr int kMoveCopiesAtOnce = 4;
    void sendTo(TimeMs now, const PeerAddress& to, const MessageBody& body);
    // A handshake answer to an address that has not proven it receives there: sent only when it
    // is no larger than the datagram it answers (nothing amplifies). False when it was not sent.
    bool answerTo(TimeMs now, const PeerAddress& to, const MessageBody& body, std::size_t receivedBytes);
    void ignore(TimeMs now, IgnoreRule rule, std::string detail);

    // Requests: sent now, resent every resendIntervalMs until settled or giveUpAt.
    void request(TimeMs now, RequestKind kind, MessageBody body, TimeMs giveUpAt = kNever);
    void settle(RequestKind kind);
    void dropRequestsBut(RequestKind kind);
    bool hasRequests() const { return !m_requests.empty(); }
    bool pending(RequestKind kind) const;
    // NG GARBLED from the peer: what is pending goes again now, at most once per resend interval.
    // False when the last time was too recent (the caller expedites nothing either).
    bool expediteAllowed(TimeMs now);
    void expediteRequests(TimeMs now);
    // How often what is unanswered goes again: every resendIntervalMs, or every
    // silentResendIntervalMs while the peer is silent (it may be gone for the whole grace).
    TimeMs resendIntervalMs() const;

    // Liveness: what the silence since the peer was last heard means now.
    enum class Silence : std::uint8_t { None, BecameSilent, Lost };
    Silence checkSilence(TimeMs now);
    bool heard(TimeMs now); // true when the peer was silent until now
    // The peer has not been heard since `lastHeardAt` (a host that restarted from its journal).
    void assumeSilent(TimeMs lastHeardAt);
    bool silent() const { return m_silent; }
    TimeMs silentForMs(TimeMs now) const { return now - m_lastHeardAt; }
    // While the peer is silent: how long until the grace runs out and the match is given up.
    TimeMs graceLeftMs(TimeMs now) const { return m_silent ? std::max<TimeMs>(0, m_lastHeardAt + m_timing.graceMs - now) : kNever; }
    void keepalive(TimeMs now); // ALIVE when nothing else went out for keepaliveIntervalMs

    // Round trips (RttSample events): the network's, from each stamped OK, the time the peer
    // held the datagram it answered taken out (a fair host holds a MOVE for its local lag);
    // until the first stamped OK (the handshake), from the latest send of an exchange to its
    // answer.
    void timeSent(TimedExchange exchange, WireNumber game, WireNumber number, TimeMs now);
    void timeAnswered(TimedExchange exchange, WireNumber game, WireNumber number, TimeMs now);
    // How far the peer's session clock is from this one's (far = local + offset, +/- epsilon),
    // from the stamps of the peer's recent OKs (each taken as it is received); empty until one came.
    std::optional<ClockOffset> clockOffset() const { return m_clock.estimate(); }
    std::optional<DelaySpread> clockDelays(std::int64_t ceilingNs) const { return m_clock.delays(ceilingNs); }
    std::optional<WaySpread> clockWaysBack(std::int64_t ceilingNs) const { return m_clock.waysBack(ceilingNs); }
    // This side's session clock: microseconds since the session opened (the stamps' clock).
    std::uint64_t sinceOpenUs(TimeMs now) const;
    // The median of the last few round trips (what a status bar shows: one slow answer, a
    // resend, does not move it); nullopt before the first.
    std::optional<double> recentRttMs() const;

    void tick(TimeMs now); // resends due requests
    // The earliest timer of the link; with `connected`, liveness and keepalive count too.
    TimeMs nextWakeMs(bool connected) const;

    std::vector<OutgoingDatagram> takeOutgoing();
    void takeOutgoing(std::vector<OutgoingDatagram>& into);
    // Events of the link and of the session built on it, in the order they happened.
    void emit(SessionEvent&& event) { m_events.push_back(std::move(event)); }
    // A new event at the end of the list, to be filled in where it lies: an event made often
    // (a refusal, an ignored datagram) is neither moved nor copied.
    SessionEvent& newEvent() { return m_events.emplace_back(); }
    // Whether the events carry their sentence (SessionConfig::describeEvents); the session and
    // the link word an event only when it is.
    void describeEvents(bool describe) { m_describing = describe; }
    bool describing() const { return m_describing; }
    // Which of the most frequent events are made (SessionConfig::events); the link leaves out
    // the ignored datagrams and round trips nobody wants, the session its kept-back proposals.
    void setEventInterest(const EventInterest& interest) { m_interest = interest; }
    const EventInterest& eventInterest() const { return m_interest; }
    std::vector<SessionEvent> takeEvents();
    void takeEvents(std::vector<SessionEvent>& into);
    SessionStats& stats() { return m_stats; }
    const SessionStats& stats() const { return m_stats; }
    const SessionTiming& timing() const { return m_timing; }

private:
    struct PendingRequest {
        RequestKind kind;
        MessageBody body;
        TimeMs nextSendAt = 0;
        TimeMs giveUpAt = kNever;
    };
    struct TimedSend {
        TimedExchange exchange;
        WireNumber game = 0;
        WireNumber number = 0;
        std::int64_t sentUs = 0;
    };

    std::int64_t preciseUs(TimeMs now) const;
    void addClockSample(const AnswerStamps& stamps, TimeMs now);
    void addRtt(double ms, TimeMs now);
    bool acceptSeq(TimeMs now, WireNumber seq);
    void seenAgain(TimeMs now, WireNumber seq); // rule 4: ignored, counted as a duplicate
    void onGarbled(TimeMs now, const PeerAddress& from, bool connected, std::string detail);
    void replyGarbled(TimeMs now);
    std::string encode(const MessageBody& body, TimeMs now);
    void emitText(TimeMs now, SessionEventKind kind, std::string text);

    SessionTiming m_timing;
    bool m_reportDatagrams;
    bool m_describing = true;
    EventInterest m_interest;
    ProbeStampClock m_probeStamps;
    std::vector<SessionEvent> m_events;
    std::vector<OutgoingDatagram> m_outgoing;
    std::vector<PendingRequest> m_requests;
    std::vector<TimedSend> m_timed;
    SessionStats m_stats;
    PeerAddress m_peer;
    bool m_locked = false;
    TimeMs m_openedAt = 0;
    WireNumber m_nextSeq = 1;
    WireNumber m_newestPeerSeq = 0;
    std::uint64_t m_seenSeqMask = 0; // bit i: SEQ m_newestPeerSeq - i has been received
    bool m_heardPeerSeq = false;
    TimeMs m_lastHeardAt = 0;
    TimeMs m_lastSentAt = 0;
    TimeMs m_lastGarbledReplyAt = -1'000'000;
    TimeMs m_lastExpediteAt = -1'000'000;
    struct Keys {
        Key send;
        Key receive;
    };
    std::optional<Keys> m_keys;
    bool m_keysRetired = false;
    bool m_silent = false;
    std::function<std::int64_t()> m_preciseClockUs;
    std::vector<double> m_recentRtts; // ring of the last kRecentRtts samples
    std::size_t m_nextRtt = 0;
    bool m_stampedRtts = false; // round trips come from stamped OKs from now on
    std::int64_t m_openedUs = 0;        // the precise clock when the session opened
    std::uint64_t m_lastReceivedUs = 0; // when the newest accepted datagram arrived (session clock)
    WireNumber m_lastReceivedSeq = 0;   // ... and its SEQ
    // The bytes and SEQ of the newest session datagrams whose SEQ was taken (a ring; empty bytes:
    // none): a copy of one of them is ignored by rule 4 without being decoded again.
    struct Accepted {
        std::string bytes;
        WireNumber seq = 0;
    };
    static constexpr std::size_t kAcceptedKept = 16;
    std::array<Accepted, kAcceptedKept> m_accepted{};
    std::size_t m_nextAccepted = 0;
    void forgetAccepted();
    // When this side sent its recent datagrams, by SEQ (slot SEQ % size): an answer's RSEQ finds
    // the very copy the other side had, resends or not.
    struct SentAt {
        WireNumber seq = 0;
        std::uint64_t atUs = 0;
    };
    std::array<SentAt, 64> m_sentAt{};
    ClockOffsetEstimator m_clock;
};

} // namespace speed::protocol
