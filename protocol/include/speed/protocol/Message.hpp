#pragma once

#include "speed/common/CardStack.hpp"
#include "speed/common/GameState.hpp"
#include "speed/common/Match.hpp"
#include "speed/common/Move.hpp"
#include "speed/common/Referee.hpp"
#include "speed/common/RuleOptions.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

// The messages of docs/PROTOCOL.md, as values. Encoding and decoding live in Codec.hpp.
namespace speed::protocol {

inline constexpr int kProtocolVersion = 7;
inline constexpr std::size_t kMaxGameDatagramBytes = 256;   // the limit since version 1, checksum included
inline constexpr std::size_t kMaxProbeDatagramBytes = 65507; // the largest UDP payload over IPv4
inline constexpr std::size_t kMaxWordChars = 24;             // player names and reason words
inline constexpr int kMaxUndone = 9;                         // plays one rewind may undo (one digit on the wire)
inline constexpr std::int64_t kMaxTakenBackLeadUs = 999999;  // a taken-back play's lead on the wire (six digits)

// TIME, SEQ, GAME, REV and ID fields: decimal, 0 .. 4294967295.
using WireNumber = std::uint32_t;

// A hand's slots as the wire has them, each a card or empty: at most RuleOptions::kMaxHandSize,
// stored inline as CardStack is, so that a table read or written allocates nothing.
class HandSlots {
public:
    using value_type = std::optional<Card>;
    static constexpr int kCapacity = RuleOptions::kMaxHandSize;

    HandSlots() = default;
    template <typename Iterator>
    HandSlots(Iterator first, Iterator last) {
        for (; first != last; ++first) push_back(*first);
    }

    std::size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    const value_type& operator[](std::size_t slot) const { assert(slot < m_size); return m_slots[slot]; }
    value_type& operator[](std::size_t slot) { assert(slot < m_size); return m_slots[slot]; }
    const value_type& front() const { assert(m_size > 0); return m_slots[0]; }
    const value_type* begin() const { return m_slots.data(); }
    const value_type* end() const { return m_slots.data() + m_size; }
    void push_back(const value_type& slot) { assert(m_size < kCapacity); m_slots[m_size++] = slot; }

    friend bool operator==(const HandSlots& a, const HandSlots& b) {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    std::array<value_type, kCapacity> m_slots{};
    std::uint8_t m_size = 0;
};

// The table from the sender's seat: my deck, my hand, field, opponent's hand,
// opponent's deck. Lists are stacks (index 0 = bottom); on the wire they are written top first.
struct TableView {
    CardStack myDeck;
    HandSlots myHand;
    std::array<CardStack, kFieldPiles> field{}; // [0] the sender's own pile, [1] the other one
    HandSlots opponentHand;
    CardStack opponentDeck;
    friend bool operator==(const TableView&, const TableView&) = default;
};

// The state of the game from the sender's side (Won/Lost are the sender's result).
enum class Phase : std::uint8_t { Play, SpeedCall, Pause0, Pause1, Won, Lost, Draw };

// What version 1's headerless UPDATE lacks: which game, which revision of it, its rules.
struct SnapshotHeader {
    WireNumber game = 0;
    WireNumber revision = 0;
    RuleOptions rules;
    Phase phase = Phase::Play;
    WireNumber lastProposal = 0; // the receiver's proposals up to this ID are decided (and in this table)
    // The move that made this revision out of the one before (seats and piles from the sender's
    // side, as the table is); none for a deal, a change of phase, or a pause.
    std::optional<Move> change{};
    // Version 7, fair arbitration's rewind: this revision first undoes the last `undone` plays and
    // refills the revisions before it made (1..kMaxUndone), newest first, then makes `change`.
    int undone = 0;
    // Version 7: a play the rewind took back (its card went home; this revision's table is the one
    // before), and how many µs the play now on top of its pile came first (none when it no longer
    // fits for another reason than a lost race). `change` is then none and `undone` 0.
    std::optional<Move> takenBack{};
    std::optional<std::int64_t> takenBackLeadUs{};
    friend bool operator==(const SnapshotHeader&, const SnapshotHeader&) = default;
};

// Why the host refused a proposal, as NG says it: the referee's MoveError, or the match's own
// reason (paused, no game).
enum class Refusal : std::uint8_t {
    GameOver, BadSeat, BadSlot, BadPile, CardNotInHand, PileEmpty, NotAdjacent, SlotOccupied,
    DeckEmpty, NotStalemate, Paused, NotPlaying,
};
Refusal refusalFor(const PlayOutcome& outcome);
PlayOutcome playOutcomeOf(Refusal refusal);

// Why a session is shut down. The wire carries a word; these are the words this program says.
// Stalled: the two sides heard each other but no revision was accepted for stallTimeoutMs.
enum class ShutdownReason : std::uint8_t { MatchOver, WindowClosed, Interrupted, Terminated, ProtocolVersion, Stalled, Other };
std::string_view wordOf(ShutdownReason reason);  // "match_over", ...; "other" for Other
ShutdownReason shutdownReasonOf(std::string_view word); // Other for any word we do not say

enum class PauseReason : std::uint8_t { User, Silent };

// What an OK acknowledges.
enum class Subject : std::uint8_t { Move, Update, Start, Pause, Resume, Shutdown };

// The handshake (docs/PROTOCOL.md, "Handshake and authentication"). These four verbs end with
// a CRC; every other verb of a session ends with the session's tag.
inline constexpr std::string_view kNoField = "-";
inline constexpr std::size_t kMinHelloBytes = 128; // a HELLO is padded to this: no answer to it is larger

// Every version keeps HELLO's first three fields (VERSION NAME NONCE) and DENY's first three
// (NONCE REASON VERSION), so that a program of any version is told which version the other speaks.
struct Hello {        // HELLO VERSION NAME NONCE AUTH COOKIE RESUME GAME REV RPROOF PAD
    int version = kProtocolVersion;
    std::string name;
    std::uint64_t nonce = 0;       // the client's half of the session id
    std::string auth{kNoField};    // "-": no password; "P": a password (first HELLO); else the join proof
    std::string cookie{kNoField};  // "-", or the host's cookie returned
    std::string resume{kNoField};  // "-": a new player; else the session id of the seat it comes back to
    // With RESUME: the game and revision the client holds (revision 0: a restarted program that
    // knows only the game of its ticket); 0 0 for a new player.
    WireNumber heldGame = 0;
    WireNumber heldRevision = 0;
    std::string resumeProof{kNoField}; // with RESUME and COOKIE: proof made with that session's key
    std::size_t padChars = 1;      // filler characters (the datagram reaches kMinHelloBytes)
    friend bool operator==(const Hello&, const Hello&) = default;
};
struct Challenge {    // CHALLENGE NONCE COOKIE: prove you receive at your address
    std::uint64_t nonce = 0; // the HELLO's, echoed
    std::string cookie;
    friend bool operator==(const Challenge&, const Challenge&) = default;
};
struct Welcome {      // WELCOME VERSION NAME NONCE PROOF GAME CLOCK: the seat is yours
    int version = kProtocolVersion;
    std::string name;
    std::uint64_t nonce = 0; // the host's half of the session id
    std::string proof;       // the host made the session keys (so it knows the password, if any)
    WireNumber game = 0;     // the game under way (0: none yet), for a player coming back
    WireNumber clockMs = 0;  // its game clock, ms
    friend bool operator==(const Welcome&, const Welcome&) = default;
};
enum class DenyReason : std::uint8_t {
    Busy, NotInvited, PasswordNeeded, NoPassword, WrongPassword, Version,
    Held,    // the seat is kept for a player who dropped out, until the grace runs out
    NoMatch, // a player coming back to a match this host no longer holds
    Damaged, // a player coming back holds a newer game than the host's record: the record lost its tail
};
std::string_view describe(DenyReason reason);          // as the refused player reads it
std::string_view describeRefusal(DenyReason reason);   // as the host's log says it
// "the host speaks protocol version 8; this program speaks version 7: update one side"
// (`them` = "the host"); the version unknown (0): that it is another one.
std::string versionMismatchWords(std::string_view them, int theirVersion);
struct Deny {         // DENY NONCE REASON VERSION: this host will not play with you (now)
    std::uint64_t nonce = 0; // the HELLO's, echoed
    DenyReason reason = DenyReason::Busy;
    int version = kProtocolVersion; // the protocol version the host speaks (version 7)
    friend bool operator==(const Deny&, const Deny&) = default;
};
struct Update {       // UPDATE / INVISIBLE  MYDECK MYHAND FIELD OPPHAND OPPDECK [GAME REV RULES PHASE LAST]
    bool invisible = false; // INVISIBLE: a resend of a revision already sent (apply, no animation)
    TableView table;
    std::optional<SnapshotHeader> header; // absent only in version 1's form; a session ignores those
    friend bool operator==(const Update&, const Update&) = default;
};
struct MoveRequest {  // MOVE GAME ID PLAY SLOT CARD PILE  |  MOVE GAME ID REFILL SLOT
    WireNumber game = 0;
    WireNumber id = 0;  // the proposer's proposal number: 1, 2, 3... in each game, decided in this order
    MoveKind kind = MoveKind::Play; // Play or Refill (the host alone flips)
    int slot = 0;       // 0..99 on the wire; the rules refuse a slot the hand does not have
    Card card;          // Play: the card the proposer sees in `slot`
    int pile = 0;       // Play: 0 = the proposer's own pile, 1 = the other one (0..99 on the wire)
    // INPUT (version 4): when the proposer's player made the move, microseconds of the proposer's
    // session clock; the host puts it on its own clock to tell who was earlier in a race.
    std::optional<std::uint64_t> inputUs{};
    friend bool operator==(const MoveRequest&, const MoveRequest&) = default;
};
// The answerer's clock around an answer: when the newest datagram it had from the asker arrived
// (and that datagram's SEQ, so the asker knows which copy it was) and when the answer left, in
// microseconds since the answerer's session opened. With the asker's own send time of that SEQ
// and receive time of the answer they are the four timestamps of one clock-offset sample
// (ClockOffset.hpp).
struct AnswerStamps {
    std::uint64_t receivedUs = 0;
    std::uint64_t sentUs = 0;
    WireNumber receivedSeq = 0;
    friend bool operator==(const AnswerStamps&, const AnswerStamps&) = default;
};

struct Ok {           // OK MOVE GAME ID REV | OK UPDATE GAME REV | OK START/PAUSE/RESUME GAME | OK SHUTDOWN  [RECV SENT RSEQ]
    Subject subject = Subject::Update;
    WireNumber game = 0;
    WireNumber id = 0;       // MOVE only
    WireNumber revision = 0; // MOVE and UPDATE
    std::optional<AnswerStamps> stamps{}; // all but OK SHUTDOWN, from version 4 (the link fills them in)
    friend bool operator==(const Ok&, const Ok&) = default;
};
struct Ng {           // NG MOVE GAME ID REASON  |  NG GARBLED
    bool garbled = false; // "your last datagram did not decode": resend what is pending now
    WireNumber game = 0;
    WireNumber id = 0;
    Refusal reason = Refusal::NotPlaying;
    // LEAD (version 4, NOT_ADJACENT only): a lost race: how many microseconds before the refused
    // move the play that took the pile was made, on the host's clock (negative: the refused one
    // was made first, and arrived too late).
    std::optional<std::int64_t> leadUs{};
    friend bool operator==(const Ng&, const Ng&) = default;
};
struct Pause {        // PAUSE GAME REASON
    WireNumber game = 0;
    PauseReason reason = PauseReason::User;
    friend bool operator==(const Pause&, const Pause&) = default;
};
struct Resume {       // RESUME GAME
    WireNumber game = 0;
    friend bool operator==(const Resume&, const Resume&) = default;
};
struct Start {        // START GAME: please start game number GAME
    WireNumber game = 0;
    friend bool operator==(const Start&, const Start&) = default;
};
struct Alive {        // ALIVE: liveness only
    friend bool operator==(const Alive&, const Alive&) = default;
};
struct Rekey {        // REKEY: a host restored from its journal asks its client to come back (RESUME)
    friend bool operator==(const Rekey&, const Rekey&) = default;
};
struct Shutdown {     // SHUTDOWN REASON
    std::string reason;
    friend bool operator==(const Shutdown&, const Shutdown&) = default;
};
struct Probe {        // PROBE ID PAYLOAD (measurement)
    WireNumber id = 0;
    std::string payload;
    friend bool operator==(const Probe&, const Probe&) = default;
};
struct Echo {         // ECHO ID PAYLOAD: the probe's TIME, SEQ, ID and payload sent back
    WireNumber id = 0;
    std::string payload;
    friend bool operator==(const Echo&, const Echo&) = default;
};

// Finding hosts on the LAN (docs/PROTOCOL.md, "Finding hosts"): outside any session, with a CRC.
inline constexpr std::size_t kMinFindBytes = 128; // a FIND is padded to this: its HERE is never larger
enum class HostState : std::uint8_t { Waiting, Busy };
struct Find {         // FIND VERSION NONCE PAD: is a host waiting on this port?
    int version = kProtocolVersion;
    std::uint64_t nonce = 0; // the finder's, echoed by every HERE
    std::size_t padChars = 1; // filler characters (the datagram reaches kMinFindBytes)
    friend bool operator==(const Find&, const Find&) = default;
};
struct Here {         // HERE VERSION NONCE NAME STATE AUTH RULES HOSTID: a host, and what a HELLO would learn of it
    int version = kProtocolVersion;
    std::uint64_t nonce = 0;     // the FIND's, echoed
    std::string name;            // the host's player name (a word)
    HostState state = HostState::Waiting;
    bool passwordNeeded = false; // AUTH: "P" a password is needed, "-" none
    RuleOptions rules;           // the rules it deals with
    // Random, one per host program: the same host reached at several addresses (IPv4 and IPv6,
    // loopback and LAN) is listed once. It tells nothing about any session.
    std::uint64_t hostId = 0;
    friend bool operator==(const Here&, const Here&) = default;
};

using MessageBody = std::variant<Hello, Challenge, Welcome, Deny, Update, MoveRequest, Ok, Ng, Pause, Resume, Start,
                                 Alive, Shutdown, Probe, Echo, Rekey, Find, Here>;

// One datagram's content: `VERB TIME SEQ [fields...]`.
struct Message {
    WireNumber time = 0; // milliseconds since the sender's session started
    WireNumber seq = 0;  // the sender's datagram counter (every transmission gets a new one)
    MessageBody body;
    friend bool operator==(const Message&, const Message&) = default;
};

// The verb that starts the message's line ("UPDATE", "OK", ...).
std::string_view verbOf(const Message& message);

// HELLO, CHALLENGE, WELCOME, DENY, PROBE, ECHO, FIND and HERE travel outside a session (with a
// CRC); every other verb only inside one (with the session's tag).
bool isSessionVerb(const MessageBody& body);

} // namespace speed::protocol
