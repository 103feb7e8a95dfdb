#pragma once

#include "speed/common/Move.hpp"
#include "speed/common/RuleOptions.hpp"
#include "speed/common/Time.hpp"
#include "speed/protocol/Auth.hpp"
#include "speed/protocol/Message.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

// What lets a match outlive the programs that play it (docs/NETWORK.md, "Coming back"): the
// ticket a client keeps to take its seat again, and the journal a host keeps to deal the same
// table again. Plain values: the sessions make and read them, the programs store them.
namespace speed::protocol {

// What a client needs to come back to its seat after its program restarted: the host it joined
// and the session it had there (both nonces: the host recognises the session by them, and the
// keys they make prove it is the same player).
struct ResumeTicket {
    std::string host;      // the host's address, as the transport writes it ("192.0.2.1:50001")
    Nonce clientNonce = 0;
    Nonce hostNonce = 0;
    std::string hostName;  // for the log and the window while coming back
    WireNumber game = 0;   // the game being played when the ticket was written
    friend bool operator==(const ResumeTicket&, const ResumeTicket&) = default;
};

// The session a host's journal belongs to: who holds the client's seat, and how games are dealt.
struct JournalSession {
    Nonce clientNonce = 0;
    Nonce hostNonce = 0;
    std::string peer;      // the client's address when the record was made
    std::string peerName;
    std::uint64_t dealSeed = 1; // game g is dealt from dealSeed + g - 1
    RuleOptions rules;
    friend bool operator==(const JournalSession&, const JournalSession&) = default;
};

// What made one revision of the host's table.
enum class JournalChange : std::uint8_t {
    Deal = 0,    // a new game: `seed` and `rules` deal it
    Move = 1,    // a play or a refill, `move` (absolute seats)
    Flip = 2,    // the SPEED! flip
    Refusal = 3, // a client's proposal was refused: nothing moved, LAST moved on
    Phase = 4,   // a pause, a resume, the peer's silence: nothing moved
    Rewind = 5,  // fair arbitration took plays back: `move` and every move after it are undone
};

// One published revision, written before the UPDATE that announces it leaves.
struct JournalEntry {
    WireNumber game = 0;
    WireNumber revision = 0;
    JournalChange change = JournalChange::Phase;
    Move move;                  // Move and Flip
    std::uint64_t seed = 0;     // Deal
    RuleOptions rules;          // Deal
    WireNumber proposal = 0;    // the client's proposal this revision decides (0: none)
    Refusal refusal = Refusal::NotPlaying; // Refusal
    WireNumber lastProposal = 0; // LAST of this revision
    TimeMs elapsedMs = 0;       // the game clock at this revision
    bool userPause = false;     // a player asked for a pause
    std::array<bool, 2> resumeAsked{}; // during a user pause: who asked to go on
    friend bool operator==(const JournalEntry&, const JournalEntry&) = default;
};

// What a host asks its journal to do, in order: a new match (forget the old one), the same match
// with a returning player's new session, a revision, or the end of the match (forget it).
struct JournalOpened {
    JournalSession session;
    friend bool operator==(const JournalOpened&, const JournalOpened&) = default;
};
struct JournalRekeyed {
    JournalSession session;
    friend bool operator==(const JournalRekeyed&, const JournalRekeyed&) = default;
};
struct JournalClosed {
    std::string why;
    friend bool operator==(const JournalClosed&, const JournalClosed&) = default;
};
using JournalRecord = std::variant<JournalOpened, JournalRekeyed, JournalEntry, JournalClosed>;

// A journal read back: the session and the entries of the match, oldest first.
struct MatchRecord {
    JournalSession session;
    std::vector<JournalEntry> entries;
    friend bool operator==(const MatchRecord&, const MatchRecord&) = default;
};

// A host's journal read back at start, with how long ago it was last written (wall clock).
// `damage` is set when the journal cannot prove it holds every revision it committed (a write
// failed, its write-ahead log lost its tail): the session in `record` is known, the game is not,
// so the match must not be taken back; the returning client is told why instead.
struct KeptMatch {
    MatchRecord record;
    TimeMs untouchedForMs = 0;
    std::string damage; // empty: the record is complete; else why it is not (English, for the log)
};

// Where a program keeps what lets its match outlive it: the client's ticket, the host's journal.
// The programs give one that writes files (speed/store); without one nothing outlives the
// process. Calls come from the event loop; a failure is the keeper's to report (the log, the
// window) and never stops play.
class MatchKeeper {
public:
    virtual ~MatchKeeper() = default;
    // Client: the ticket kept for the host at `host` (the transport's address text), if any.
    virtual std::optional<ResumeTicket> ticketFor(const std::string& host) = 0;
    virtual void keepTicket(const ResumeTicket& ticket) = 0; // on disk before it returns
    virtual void dropTicket(const std::string& host) = 0;
    // Host: the match journaled for this port, if one is kept.
    virtual std::optional<KeptMatch> matchOn(std::uint16_t port) = 0;
    // Host: applies the session's journal records for this port; on disk before it returns,
    // so the datagrams of the same step may leave. Called with none now and then: still alive.
    virtual void journal(std::uint16_t port, const std::vector<JournalRecord>& records) = 0;
};

} // namespace speed::protocol
