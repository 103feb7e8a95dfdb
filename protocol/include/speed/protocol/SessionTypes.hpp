#pragma once

#include "speed/common/Card.hpp"
#include "speed/common/GameState.hpp"
#include "speed/common/Referee.hpp"
#include "speed/common/Time.hpp"
#include "speed/protocol/GameInfo.hpp"

#include <optional>
#include <string>

// The values a Session takes in and gives out (Session.hpp).
namespace speed::protocol {

enum class SessionRole : std::uint8_t { Host, Client };

// Every timing of a session, in one place (docs/PROTOCOL.md, "Timeouts").
struct SessionTiming {
    TimeMs resendIntervalMs = 150;      // resend anything unacknowledged this often (fixed, bounded)
    TimeMs keepaliveIntervalMs = 250;   // send ALIVE when nothing else went out for this long
    TimeMs silenceTimeoutMs = 3000;     // nothing heard for this long: the peer is silent, the game pauses
    TimeMs peerLostTimeoutMs = 15000;   // nothing heard for this long: the session ends
    TimeMs helloTimeoutMs = 3000;       // a client with no HELLO answer gives up (SPEC 4: then it may host)
    TimeMs connectWaitMs = 60000;       // a host with no client gives up (setup.ini `wait`)
    TimeMs speedCallDelayMs = 1000;     // "SPEED!" is called this long before the host flips
    TimeMs resultHoldMs = 1500;         // WIN/DRAW/DEFEAT is shown this long before EXTGAME
    TimeMs shutdownLingerMs = 1000;     // SHUTDOWN is resent until acknowledged or this long passed
    TimeMs garbledReplyIntervalMs = 150; // at most one NG GARBLED per this interval
    long maxProposalsInFlight = 2;       // a client proposes no more moves while this many await an answer
};

struct SessionConfig {
    SessionRole role = SessionRole::Host;
    std::string playerName = "player";
    SessionTiming timing;
    RuleOptions rules;          // host: the rules it deals with (the client learns them from UPDATE)
    std::uint64_t dealSeed = 1; // host: game g is dealt from dealSeed + g - 1
    bool reportDatagrams = true; // emit DatagramSent/DatagramReceived events (the UI's message log)
};

// An opaque peer address ("192.0.2.1:50001"); the transport chooses the text.
using PeerAddress = std::string;

struct OutgoingDatagram {
    PeerAddress to;
    std::string bytes;
};

enum class SessionEventKind : std::uint8_t {
    DatagramSent,     // text = the line (without checksum)
    DatagramReceived, // text = the line
    DatagramIgnored,  // text = which "ignore if" rule and why
    Connected,        // text = the peer's name
    ConnectFailed,    // text = why (no host answered, no client came, version mismatch)
    StateChanged,     // info = the new GameInfo
    TransitionRefused, // text = "from -> to: why" (an undefined transition was asked for)
    MoveConfirmed,    // confirmMs = proposal to OK
    MoveRejected,     // card/slot = the card to slide back; text = why
    SpeedCall,        // the host calls "SPEED!"; the flip follows
    PeerSilent,       // nothing heard for silenceTimeoutMs; the game pauses
    PeerBack,         // heard again after silence
    PeerLost,         // nothing heard for peerLostTimeoutMs; the session ended
    Shutdown,         // text = reason (from the peer or local)
    GameOver,         // result = the game's result
};

struct SessionEvent {
    SessionEventKind kind = SessionEventKind::StateChanged;
    TimeMs at = 0;
    std::string text;
    GameInfo info = GameInfo::Nothing;
    std::optional<Card> card;
    int slot = -1;
    TimeMs confirmMs = 0;
    GameResult result = GameResult::Playing;
};

// Counters for reports and tests.
struct SessionStats {
    long long datagramsSent = 0;
    long long datagramsReceived = 0;
    long long resends = 0;
    long long ignored = 0;   // every rule of the "ignore the datagram if" list
    long long garbled = 0;   // of which: did not decode
    long long duplicates = 0; // of which: SEQ not newer than the newest seen
    long long foreign = 0;   // of which: from another address
    long long proposalsSent = 0;
    long long proposalsConfirmed = 0;
    long long proposalsRejected = 0;
    long long refusedTransitions = 0;
};

// What proposeMove did with a move.
struct ProposalOutcome {
    bool sent = false;                  // on its way (client) or accepted (host)
    MoveError localError = MoveError::None; // why it was refused at once
};

} // namespace speed::protocol
