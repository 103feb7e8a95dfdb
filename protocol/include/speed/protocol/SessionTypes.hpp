#pragma once

#include "speed/common/ConnectionDefaults.hpp"
#include "speed/common/Match.hpp"
#include "speed/common/Time.hpp"
#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Message.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

// The values a session takes in: its configuration and every timing it keeps.
namespace speed::protocol {

enum class SessionRole : std::uint8_t { Host, Client };

inline constexpr int kHostSeat = 0;
inline constexpr int kClientSeat = 1;
inline constexpr int seatOf(SessionRole role) { return role == SessionRole::Host ? kHostSeat : kClientSeat; }

// Fair arbitration's bounds (docs/PROTOCOL.md, "Fair races"): each deal chooses its lag, tie
// window, rewind window and view delay from the link's recent round trips, within these.
struct FairTiming {
    std::int64_t minLagUs = 3'000;     // the lag's floor: what a frame and a loopback need
    std::int64_t maxLagUs = 100'000;   // its cap: more would be felt in the hand
    std::int64_t lagMarginUs = 1'000;  // added to the slowest recent one-way trip
    std::int64_t minTieUs = 500;       // below this, times are not told apart
    // Two seats' plays on one pile closer than this on the host's clock go to the coin; further
    // apart, the estimate orders them, even within the tie window (docs/PROTOCOL.md, "Fair races").
    std::int64_t coinUs = 500;
    std::int64_t maxTieUs = 5'000;
    std::int64_t maxRewindUs = 250'000; // the rewind's bound: past it a late play counts at arrival
    std::size_t figureSamples = 8;     // round trips after which a deal's figures are kept
};

// What a host lets a refused address cost it (docs/PROTOCOL.md, "Handshake and authentication"):
// DENYs, log lines and password checks. Kept per address in a table of at most `addresses`
// entries, so that a flood from forged addresses costs memory bounded by it.
struct RefusalTiming {
    TimeMs denyIntervalMs = 1000;      // at most one DENY per address per this interval
    int maxDeniesPerInterval = 10;     // and at most this many DENYs to all addresses together
    TimeMs logWindowMs = 10'000;       // a refused address gets one log line per window; the rest are counted
    int maxLinesPerWindow = 8;         // refusal lines per window, all addresses together; then counted
    std::size_t addresses = 64;        // addresses remembered; the oldest without wrong passwords goes first
    TimeMs firstPasswordDelayMs = 500; // after a wrong password, the address's next proof waits this long,
    TimeMs maxPasswordDelayMs = 8000;  // doubling with each wrong one up to this
    TimeMs passwordForgetMs = 60'000;  // wrong passwords older than this (with none since) are forgotten
};

// Every timing of a session, in one place (docs/PROTOCOL.md, "Timeouts").
struct SessionTiming {
    TimeMs resendIntervalMs = 150;      // resend anything unacknowledged this often (fixed, bounded)
    TimeMs keepaliveIntervalMs = 250;   // send ALIVE when nothing else went out for this long
    TimeMs silentResendIntervalMs = 1000; // the table is resent this often while the peer is silent
    TimeMs silenceTimeoutMs = 3000;     // nothing heard for this long: the peer is silent, the game pauses
    // graceMs and connectWaitMs start from the connection's defaults (setup.ini's `grace` and
    // `wait`); the programs set them from setup.ini and their flags (net/'s connectOptionsFrom).
    TimeMs graceMs = 1000LL * connection_defaults::kGraceSeconds; // nothing heard for this long: the match is given up
    // Both sides hear each other, yet no revision is accepted for this long: the two tables no
    // longer agree, and the match is given up. Longer than any wait of a sound match (each
    // revision is answered within a resend interval; silence is the grace's, not this).
    TimeMs stallTimeoutMs = 13000;
    TimeMs helloTimeoutMs = 3000;       // a client with no HELLO answer gives up (then it may host)
    TimeMs connectWaitMs = 1000LL * connection_defaults::kWaitSeconds; // a host with no client gives up
    TimeMs shutdownLingerMs = 1000;     // SHUTDOWN is resent until acknowledged or this long passed
    TimeMs garbledReplyIntervalMs = 150; // at most one NG GARBLED per this interval
    TimeMs cookieBucketMs = 10000;       // a cookie is good for its bucket and the next one
    long maxProposalsInFlight = 2;       // a client proposes no more moves while this many await an answer
    MatchTiming match;                   // the SPEED! call and the result hold, as in every game
    FairTiming fair;                     // the host's fair arbitration
    RefusalTiming refusals;              // the host's DENYs, refusal lines and password throttle
};

// An opaque peer address ("192.0.2.1:50001"); the transport chooses the text.
using PeerAddress = std::string;

// The clock an ECHO's stamps are read from, for a PROBE that asks for them (rule 2; the
// measurement payloads of docs/PROTOCOL.md): nanoseconds of this machine's monotonic clock, and
// that clock's name (monotonicClockId). Without `nowNs` every ECHO goes unstamped.
struct ProbeStampClock {
    std::function<std::uint64_t()> nowNs;
    std::uint32_t clockId = 0;
    // Under a password: deriveMeasureKey of it, so that speed-measure's signed probes get signed
    // answers (the session sets it from SessionConfig::passwordKey).
    std::optional<Key> measureKey{};
};

// What Session::receive did with a datagram. AnsweredOnly: a PROBE was answered (rule 2) and
// nothing else happened, so the transport only sends the answer: no tick, no seat turn.
enum class ReceiveResult : std::uint8_t { Taken, AnsweredOnly };

// The most frequent events, each made only when whoever reads the session's events wants it.
// One left out costs nothing (the session still counts it in SessionStats): for a reader of
// the game's events only, such as the simulator without a trace. Everything is wanted unless
// said otherwise.
struct EventInterest {
    bool ignoredDatagrams = true; // DatagramIgnored: a datagram the rules ignored
    bool roundTrips = true;       // RttSample: one round trip measured
    bool keptBack = true;         // MoveRejected for LinkRefusal::TooManyInFlight: a proposal kept back
};

struct SessionConfig {
    std::string playerName = "player";
    // 64 random bits per call: the nonces of the handshake and the host's cookie secret. The
    // programs give the operating system's generator; tests and the simulator a seeded one.
    std::function<std::uint64_t()> random;
    std::optional<Key> passwordKey; // derivePasswordKey(setup.ini's password), if there is one
    // Host: whether a HELLO from this address may take the seat (setup.ini's peer); null: anyone.
    std::function<bool(const PeerAddress&)> admits;
    SessionTiming timing;
    RuleOptions rules;          // host: the rules it deals with (the client learns them from UPDATE)
    std::uint64_t dealSeed = 1; // host: game g is dealt from dealSeed + g - 1
    bool reportDatagrams = true; // emit DatagramSent/DatagramReceived events (the UI's message log)
    // Whether the events of the game (moves applied, confirmed, refused, datagrams ignored, ...)
    // carry their sentence in `text`. Off, those leave it empty: for a reader of the typed fields
    // only (the simulator without a trace), which then spends no time on the wording.
    bool describeEvents = true;
    EventInterest events; // which of the most frequent events are made at all
    // Microseconds on the same clock as the `now` the session is given, read when a timed
    // request leaves and when its answer arrives, so that round trips far below a millisecond
    // (a LAN, loopback) are measured rather than rounded to 0 or 1 ms. Null: `now` in ms.
    std::function<std::int64_t()> preciseClockUs;
    // A host's: the stamps a PROBE may ask its ECHO for. Empty: echoes are never stamped.
    ProbeStampClock probeStamps;
    // A host's: it answers FIND (finding hosts on the LAN) while true ([network] announce).
    bool announce = true;
    // A host's HERE names it by this (0: the session draws one from `random`); a program keeps
    // one for all its sessions, so a host waiting anew after a match is the same host.
    std::uint64_t hostId = 0;
};

struct OutgoingDatagram {
    PeerAddress to;
    std::string bytes;
};

// Counters for reports and tests.
struct SessionStats {
    long long datagramsSent = 0;
    long long datagramsReceived = 0;
    long long resends = 0;
    long long ignored = 0;   // every rule of the "ignore the datagram if" list
    long long garbled = 0;   // of which: did not decode
    long long duplicates = 0; // of which: SEQ not newer than the newest seen
    long long foreign = 0;   // of which: from another address than the peer's
    long long unauthenticated = 0; // of which: a session verb without this session's valid tag
    long long seqTooFarAhead = 0;  // of which: SEQ more than the window ahead
    long long neverSent = 0;       // of which: acknowledging what was never sent
    long long badTables = 0;       // of which: a table that breaks its rules or loses or doubles a card
    long long unanswered = 0; // handshake answers not sent: larger than what they answer
    long long migrations = 0; // the peer moved to a new address
    // The local seat's moves: a client's sent to the host, a host's own decided at once.
    long long proposalsSent = 0;
    long long proposalsConfirmed = 0;
    long long proposalsRejected = 0;
    long long refusedTransitions = 0;
};

// Why the link did not send a proposal, before the match or the rules could judge it.
enum class LinkRefusal : std::uint8_t {
    None,
    NotThisSeat,     // a move for the other player's seat
    TooManyInFlight, // earlier proposals still wait for the host's answer
};
std::string_view describe(LinkRefusal refusal);

// What proposeMove did with a move: taken (host) or on its way (client), or why not.
struct ProposalOutcome {
    bool sent = false;
    PlayOutcome play;                    // refused by the match or the rules
    LinkRefusal link = LinkRefusal::None; // refused before they could judge it
    // A lost race (NOT_ADJACENT): how many microseconds earlier the play that took the pile was
    // made (negative: this one was made first and arrived later); empty when not known.
    std::optional<std::int64_t> raceLeadUs{};
};
std::string_view describe(const ProposalOutcome& outcome);

} // namespace speed::protocol
