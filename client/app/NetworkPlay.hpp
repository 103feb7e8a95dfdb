#pragma once

#include "app/ClientOptions.hpp"
#include "app/WindowApp.hpp"
#include "match/NetworkDriver.hpp"
#include "speed/settings/Settings.hpp"

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

namespace speed::client {

// The network setup for `speed` without --vs-cpu: setup.ini's peer (join it, else host and
// wait), or --join, or no peer (host and wait), on setup.ini's port unless --port. Returns
// what is wrong with a peer that does not parse, and where it was written (describe() for the
// terminal, peerProblemWords() for the window).
std::optional<PeerProblem> networkSetupFor(const ClientOptions& options, std::uint64_t seed, NetworkSetup& setup);

// Settings saved in the window: the rules and CPU level apply to the next game against the CPU,
// the network keys to `network`'s next connection (when the window plays over the network).
void adoptSavedSettings(const Settings& saved, ClientOptions& options, NetworkView* network);

// One line per finished game and, with json, one object last: role, games and results (the
// games this program saw end, "WIN" | "DRAW" | "DEFEAT" from this side; games_detail gives each
// one's number in the match), match_games (the number of the match's last game that ended:
// the match's total, games played before this program came back to it included), peer, why it
// ended, and how fast the network and the window kept up (round trips, read delays, frames).
void printNetworkResults(const NetworkDriver& match, const WindowFigures& figures, const ClientOptions& options,
                         std::ostream& out);

// 0 when game N of the match (--games N) is over (or none was asked and nothing failed), 1 otherwise.
int networkExitCode(const NetworkDriver& match, const ClientOptions& options);

} // namespace speed::client
