#include "app/NetworkPlay.hpp"

#include "table/TableText.hpp"

#include "speed/net/LatencyJson.hpp"
#include "speed/store/XdgDirs.hpp"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

namespace speed::client {

std::optional<PeerProblem> networkSetupFor(const ClientOptions& options, std::uint64_t seed, NetworkSetup& setup) {
    ConnectOptionsResult made = connectOptionsFrom(options.settings, options.connectFlags);
    if (made.problem) return made.problem;
    ConnectOptions& connect = setup.connect;
    connect = std::move(made.options);
    connect.session.rules = options.rules;
    connect.session.dealSeed = seed;
    setup.localBot = options.localBot;
    setup.seed = seed;
    setup.games = options.games;
    setup.stateDir = store::stateDir();
    return std::nullopt;
}

void adoptSavedSettings(const Settings& saved, ClientOptions& options, NetworkView* network) {
    options.rules = saved.rules;
    options.cpuLevel = saved.cpuLevel;
    // The saved keys are in force from now on, over the command line's --port, --wait and
    // --grace; a saved peer is where the next connection goes (joined only, after --join).
    options.settings = saved;
    ConnectFlags& flags = options.connectFlags;
    flags.port.reset();
    flags.waitSeconds.reset();
    flags.graceSeconds.reset();
    if (!saved.network.peer.empty()) {
        if (flags.join) flags.join = saved.network.peer;
        flags.hostOnly = false;
    }
    NetworkSetup setup;
    if (network == nullptr) return;
    if (const auto problem = networkSetupFor(options, 0, setup)) {
        spdlog::warn("the saved network settings cannot be used: {}", describe(*problem, options.configPath));
        return;
    }
    network->connectNextWith(setup.connect);
}

namespace {

// The match's number of the last game that ended: how many games the match has had, those
// played before this program came back to it included.
int matchGames(const NetworkDriver& match) {
    return match.finishedGames().empty() ? 0 : match.finishedGames().back().number;
}

} // namespace

void printNetworkResults(const NetworkDriver& match, const WindowFigures& figures, const ClientOptions& options,
                         std::ostream& out) {
    nlohmann::json results = nlohmann::json::array();
    nlohmann::json games = nlohmann::json::array();
    for (const GameRecord& game : match.finishedGames()) {
        const std::string result(gameInfoName(game.info));
        out << "game " << game.number << ": " << result << " in " << formatClock(game.durationMs) << ", " << game.moves
            << " moves, " << game.flips << " SPEED! flips\n";
        results.push_back(result);
        games.push_back({{"game", game.number}, {"seed", game.seed}, {"result", result},
                         {"duration_ms", game.durationMs}, {"moves", game.moves}, {"flips", game.flips}});
    }
    if (options.json) {
        const protocol::SessionStats& stats = match.sessionStats();
        const nlohmann::json report{
            {"mode", "network"},
            {"role", match.isHost() ? "host" : "client"},
            {"connected", match.everConnected()},
            {"games", match.finishedGames().size()},
            {"games_requested", options.games},
            {"results", results},
            {"games_detail", games},
            {"match_games", matchGames(match)},
            {"peer", match.peerName()},
            {"peer_address", match.peerAddress()},
            {"rtt_ms", latencyJson(match.roundTrips())},
            {"clock", clockJson(match.linkClock())},
            {"arbitration", arbitrationJson(match.arbitration(), match.arbitrationFigures())},
            {"read_delay_us", latencyJson(match.readDelays())},
            {"proposals", {{"sent", stats.proposalsSent}, {"confirmed", stats.proposalsConfirmed},
                           {"rejected", stats.proposalsRejected}}},
            {"frame_ms", latencyJson(figures.frameMs)},
            {"full_frame_ms", latencyJson(figures.fullFrameMs)},
            {"motion_frame_ms", latencyJson(figures.motionFrameMs)},
            {"remote_move_to_frame_ms", latencyJson(figures.remoteMoveToFrameMs)},
            {"end_reason", match.endReason()},
            {"error", match.failure()},
        };
        out << report.dump() << '\n';
    }
    out.flush();
}

int networkExitCode(const NetworkDriver& match, const ClientOptions& options) {
    if (!match.failure().empty()) return 1;
    if (options.games <= 0) return 0;
    return matchGames(match) >= options.games ? 0 : 1;
}

} // namespace speed::client
