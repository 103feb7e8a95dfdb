#pragma once

#include "speed/common/GameState.hpp"
#include "speed/common/Match.hpp"
#include "speed/common/Move.hpp"
#include "speed/common/Time.hpp"
#include "speed/protocol/GameInfo.hpp"
#include "speed/protocol/Message.hpp"
#include "speed/protocol/SessionTypes.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>

// What a session tells whoever plays its seat and draws it: typed, so that nothing above the
// protocol ever reads the wording of `text` (which is for the log only).
namespace speed::protocol {

// The numbered "ignore the datagram if ..." rules of docs/PROTOCOL.md, section 4.
enum class IgnoreRule : std::uint8_t {
    Garbled = 1,          // does not decode
    Probe = 2,            // a PROBE: answered, nothing else
    Stranger = 3,         // (no longer applied: other addresses are judged by rules 13 and 16)
    SeenSeq = 4,          // SEQ already received, or too far behind
    Meaningless = 5,      // the verb means nothing to this role or state
    OtherGame = 6,        // names another game
    StaleUpdate = 7,      // an UPDATE not newer than the table held
    HeaderlessUpdate = 8, // an UPDATE without GAME .. LAST (version 1's form)
    BadTable = 9,         // an UPDATE whose table breaks its rules or loses a card
    UnknownProposal = 10, // an OK or NG for a proposal that is not pending
    ProposalAhead = 11,   // a MOVE ahead of the next undecided one
    StaleControl = 12,    // a PAUSE or RESUME older than the last one taken
    NotAuthenticated = 13, // a session verb without this session's valid tag (none, another's, damaged)
    NeverSent = 14,       // it acknowledges what this side never sent
    SeqTooFarAhead = 15,  // its SEQ is more than kMaxSeqAhead ahead of the newest taken
    NotWelcome = 16,      // a handshake message this side did not ask for, or from elsewhere
    FindNotAnswered = 17, // a FIND a host does not answer: not announcing, too short, replayed, over its share
};
int ruleNumber(IgnoreRule rule);

// Why connecting ended before there was a peer.
enum class ConnectFailure : std::uint8_t {
    None,
    NoHostAnswered,  // a client heard no HELLO within helloTimeoutMs
    NoClientCame,    // a host waited connectWaitMs in vain
    VersionMismatch, // the other side speaks another protocol version
    Denied,          // the host said no (denial says why: busy, not invited, the password)
};

// How a session that was connected came to an end.
enum class EndCause : std::uint8_t {
    None,
    ShutdownHere,  // this side called shutdown()
    ShutdownThere, // the peer sent SHUTDOWN (its reason is in `shutdown`)
    PeerLost,      // nothing heard for graceMs: the grace ran out
    MatchGone,     // client: the host no longer holds the match it came back to
    RecordDamaged, // the host's record is behind the client's game (DENY DAMAGED): the game cannot go on
    Stalled,       // both sides heard each other, and no revision was accepted for stallTimeoutMs
};

enum class SessionEventKind : std::uint8_t {
    DatagramSent,      // text = the line (without checksum); only with reportDatagrams
    DatagramReceived,  // text = the line; only with reportDatagrams
    DatagramIgnored,   // rule
    JoinRefused,       // host: a player was denied the seat (denial, peerAddress, peerName, peerVersion); the host waits on
    RefusalsSummed,    // host: text = how many HELLOs an address had refused without a line of their own
    PeerMoved,         // the peer's datagrams come from a new address (text = the new address)
    Connected,         // peerName
    MatchGone,         // client: the host no longer holds the ticket's match; it joins as a new player
    Rejoined,          // the peer came back to its seat with a new session (peerName): play goes on
    ConnectFailed,     // failure (denial for Denied, waitedMs for the waits, peerVersion for VersionMismatch)
    StateChanged,      // info = the new GameInfo
    TransitionRefused, // text = "from -> to: why" (an undefined transition was asked for)
    GameStarted,       // game, table = the deal (a game taken back from the journal: its table then, movesBefore)
    MoveApplied,       // move: a play, refill or flip the host applied (either seat); revision
    TableJumped,       // the client's table moved on by changes it did not see one by one; revision, table
    MoveConfirmed,     // move, confirmMs = proposal to OK
    MoveRejected,      // move, refusal (play / link), byHost: the card goes back
    SpeedCall,         // "SPEED!" is called; the flip follows
    RttSample,         // rttMs: one request answered (time from its latest send to the answer)
    PeerSilent,        // nothing heard for silenceTimeoutMs; the game pauses
    PeerBack,          // heard again after silence
    Ended,             // cause; shutdown (ShutdownThere, ShutdownHere), peerName and waitedMs (PeerLost, Stalled), denial (MatchGone)
    GameOver,          // result = the game's result
    PeerAskedNextGame, // game = the next game's number: the other player wants to play it (a rematch)
    PeerMoveRefused,   // host: the client's proposal was refused (move, play = why); NOT_ADJACENT: a race the host won
    // Host, fair arbitration: a play came late, and the plays taken after it are taken again.
    Rewound,           // first: table = the match as it was before them, undone = how many plays went back
    MoveTakenBack,     // then, for each that no longer fits: move, play = why, raceLeadUs (the others: MoveApplied)
};

struct SessionEvent {
    SessionEventKind kind = SessionEventKind::StateChanged;
    TimeMs at = 0;
    std::string text; // for the log and the message pane only: nothing else reads its wording
    // Connected, Rejoined: the peer's name; JoinRefused: the name the refused HELLO gave (may be
    // empty); Ended (PeerLost): whom nothing was heard from.
    std::string peerName;
    PeerAddress peerAddress; // JoinRefused: where the refused HELLO came from
    TimeMs waitedMs = 0;     // ConnectFailed (NoHostAnswered, NoClientCame): the wait; Ended (PeerLost): the silence
    GameInfo info = GameInfo::Nothing;
    WireNumber game = 0;
    WireNumber revision = 0;
    std::optional<Move> move; // absolute seats
    std::shared_ptr<const GameState> table; // GameStarted and TableJumped: the table from then on
    PlayOutcome play;
    LinkRefusal link = LinkRefusal::None;
    bool byHost = false;
    std::optional<std::int64_t> raceLeadUs; // MoveRejected, PeerMoveRefused (NOT_ADJACENT): the winner's lead
    std::optional<std::uint64_t> inputUs;   // host: a client move's INPUT as it came (MoveApplied, PeerMoveRefused)
    TimeMs confirmMs = 0;
    int undone = 0; // Rewound
    // GameStarted of a game a restored host took back: what it had been played already (plays,
    // refills and flips; of them SPEED! flips), so that the game counts all of its moves.
    int movesBefore = 0;
    int flipsBefore = 0;
    double rttMs = 0;
    GameResult result = GameResult::Playing;
    IgnoreRule rule = IgnoreRule::Garbled;
    ConnectFailure failure = ConnectFailure::None;
    EndCause cause = EndCause::None;
    ShutdownReason shutdown = ShutdownReason::Other;
    DenyReason denial = DenyReason::Busy;
    int peerVersion = 0; // JoinRefused (VERSION), ConnectFailed (VersionMismatch): the other side's protocol version
};

// What a client that came back to a match the host no longer holds does next (MatchGone).
inline constexpr std::string_view kJoiningAsNewPlayer =
    "the host no longer holds the match this program was in; joining as a new player";

// Why a session stopped: the typed fields of its ConnectFailed or Ended event, kept by whoever
// reports it later (the simulator's totals, a program's last line).
struct SessionStop {
    ConnectFailure failure = ConnectFailure::None; // it never connected
    EndCause cause = EndCause::None;               // it was connected, and ended
    ShutdownReason shutdown = ShutdownReason::Other;
    DenyReason denial = DenyReason::Busy;
    TimeMs waitedMs = 0;
    std::string peerName;
    int peerVersion = 0; // VersionMismatch: the host's protocol version (0: not known)
    friend bool operator==(const SessionStop&, const SessionStop&) = default;
};
SessionStop stopOf(const SessionEvent& event); // a ConnectFailed or Ended event
// The stop in English, for logs and the programs' terminal lines ("no client connected within
// 30000 ms", "nothing heard from Robo for 60 s: the match is given up"); the window words the
// typed fields itself.
std::string describe(const SessionStop& stop);

} // namespace speed::protocol
