#pragma once

#include "match/GameInfo.hpp"
#include "match/NetworkView.hpp"

#include "speed/net/ConnectionFailure.hpp"
#include "speed/net/HostPort.hpp"
#include "speed/protocol/SessionEvent.hpp"
#include "speed/store/StoreProblem.hpp"

#include <optional>
#include <string>

namespace speed::client {

// Everything the window says about a network match, gathered in one value so the words are a
// pure function of it (and tested as one).
struct ConnectionFacts {
    bool host = false;
    bool connected = false;         // ever connected in this attempt
    GameInfo info = GameInfo::Nothing;
    std::string peerName;
    std::string peerAddress;
    std::optional<double> rttMs;
    bool peerSilent = false;
    TimeMs waitLeftMs = kNever;     // while waiting for the other player: how long still
    TimeMs graceLeftMs = kNever;    // while the peer is silent: how long its seat is still kept
    bool comingBack = false;        // client: asking the host for our seat again
    bool awaitingReturn = false;    // host: taken back from its journal, its player not back yet
    std::string previousEnd;        // hosting anew: how the last match ended
    std::optional<store::StoreProblem> keeperProblem; // the ticket or the journal cannot be used (play goes on)
    int gameNumber = 0;
    std::string failure;            // why there is no game (empty if none)
    std::string lastRefusal;        // hosting: the last player turned away, and why
    std::string endReason;          // why the match ended (empty if it has not)
    bool matchEnded = false;
    std::optional<HostPort> peer;   // whom we look for (setup.ini's peer or --join)
    bool joinOnly = false;
    std::uint16_t port = 0;
    std::string lanAddress;         // hosting: where a friend on the LAN joins (empty: none found)
};

// The status bar in a player's words: a short state word on its coloured pill ("Waiting",
// "Playing", "Joining"), and the rest of the sentence after it ("for a player · 0:27 left",
// "Robo · RTT 0.46 ms · game 2"), in the window's language. The protocol's state names stay in
// the logs. The failure, refusal and end texts come worded (failureWords, refusalWords,
// describeEnd); the keeper's problem is worded by keeperWords.
std::string statusWord(const ConnectionFacts& facts);
std::string statusDetail(const ConnectionFacts& facts);
// "0:27": a countdown in whole seconds, rounded up (it reaches 0:00 when time is up).
std::string countdownText(TimeMs leftMs);
// "RTT 0.31 ms" (two decimals below 1 ms, one below 10), "RTT —" before the first round trip
// and while the peer is silent.
std::string roundTripText(const ConnectionFacts& facts);
MatchNotice noticeFor(const ConnectionFacts& facts);
std::string opponentLabel(const ConnectionFacts& facts);

// How a session that was connected ended, as the banner says it.
std::string describeEnd(const protocol::SessionEvent& ended);

// Hosting: a player turned away (a JoinRefused event's fields).
struct JoinRefusal {
    protocol::PeerAddress address;
    std::string name; // as its HELLO gave it; may be empty
    protocol::DenyReason reason = protocol::DenyReason::Busy;
    int version = 0; // VERSION: the protocol version its HELLO gave
};

// In the window's language, from the typed values; the addresses, names and the operating
// system's words inside are shown as they are.
std::string failureWords(const ConnectionFailure& failure); // empty for no failure
std::string refusalWords(const JoinRefusal& refusal);
std::string denialWords(protocol::DenyReason reason); // why a host would not take this program
// The ticket or the journal cannot be used: its kind, the file, the operating system's words and
// what it means for the match.
std::string keeperWords(const store::StoreProblem& problem);

} // namespace speed::client
