#pragma once

#include "speed/net/HostPort.hpp"
#include "speed/net/LatencySamples.hpp"
#include "speed/protocol/Continuity.hpp"
#include "speed/protocol/SessionTypes.hpp"
#include "speed/settings/Settings.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

// How a program finds the other player, and the one way setup.ini and the command line become
// that. The defaults are setup.ini's (NetworkSettings, docs/NETWORK.md): a program without a
// setup.ini connects exactly as one whose file names none of the keys.
namespace speed {

// How to find the other player (docs/NETWORK.md, "Connection procedure").
struct ConnectOptions {
    std::optional<HostPort> peer; // join this first (setup.ini peer, or --join)
    bool joinOnly = false;        // --join: never become the host
    std::uint16_t hostPort = NetworkSettings::kDefaultPort;
    TimeMs waitMs = 1000LL * NetworkSettings::kDefaultWaitSeconds; // the whole wait, joining and hosting together (kNever: a host waits until cancelled)
    TimeMs joinAttemptMs = 1'000;    // with a peer: join this long (plus up to joinJitterMs) before hosting
    TimeMs joinJitterMs = 250;       // ... so that two machines starting together fall out of step
    std::string password;            // setup.ini's; empty: none
    protocol::SessionConfig session; // name, rules, timing (the role is chosen per attempt)
    // Keeps the client's ticket and the host's journal, so that a restarted program comes back
    // to its match (docs/NETWORK.md, "Coming back"); null: nothing outlives this process.
    protocol::MatchKeeper* keeper = nullptr;
    // Non-null: how long each datagram waited in the socket before it was read (microseconds).
    LatencySamples* readDelays = nullptr;
};

// What the command line says about the connection (--join, --host, --port, --wait, --grace of
// speed and speed-server; speed-measure's target and --port). Unset: setup.ini's value.
struct ConnectFlags {
    std::optional<std::string> join; // HOST[:PORT]: only ever join this host
    bool hostOnly = false;           // host, whatever setup.ini's peer says
    std::optional<std::uint16_t> port;
    std::optional<int> waitSeconds;
    std::optional<int> graceSeconds;
    bool noAnnounce = false;         // --no-announce: a waiting host is not listed on the LAN
};

// Where the peer that does not parse was written.
enum class PeerSource : std::uint8_t {
    JoinFlag,  // --join (the window's Join field too)
    SetupPeer, // setup.ini's [network] peer
};

// A peer that does not parse: --join's, or setup.ini's.
struct PeerProblem {
    PeerSource source = PeerSource::SetupPeer;
    HostPortError error; // parseHostPort's
    friend bool operator==(const PeerProblem&, const PeerProblem&) = default;
};

// "--join: empty port in ..." or "setup.ini peer: bad port ...": English for terminals and
// logs, with `settingsFile` naming the file a setup.ini peer was read from.
std::string describe(const PeerProblem& problem, std::string_view settingsFile);

struct ConnectOptionsResult {
    ConnectOptions options; // complete but for the peer when there is a problem
    std::optional<PeerProblem> problem;
};

// setup.ini's [network] and [player] name under the flags. The connection starts at --join,
// else (unless hostOnly) at setup.ini's peer, else this side hosts; a peer without a port is on
// the port in force. The rules, the seed, the keeper and the read delays are the caller's.
ConnectOptionsResult connectOptionsFrom(const Settings& settings, const ConnectFlags& flags);

} // namespace speed
