#include "NetworkMatch.hpp"

#include "BotSeat.hpp"

#include "speed/net/LatencyJson.hpp"
#include "speed/net/WakeLatency.hpp"

#include <asio/signal_set.hpp>
#include <asio/steady_timer.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include <csignal>
#include <ostream>

namespace speed {
namespace {

constexpr auto kShutdownGrace = std::chrono::seconds(3); // SHUTDOWN's linger is 1 s; never hang

struct MatchOutcome {
    bool interrupted = false;
    int exitCode = 0;
    std::string error;
};

void printJson(std::ostream& out, const Connector& connector, const BotSeat& seat, const NetworkMatchOptions& options,
               const MatchOutcome& outcome, const LatencySamples& readDelays) {
    const protocol::Session* session = connector.session();
    const protocol::SessionStats stats = session != nullptr ? session->stats() : protocol::SessionStats{};
    nlohmann::json report{
        {"role", connector.role() == protocol::SessionRole::Host ? "host" : "client"},
        {"connected", connector.connected()},
        {"games", seat.results().size()},
        {"games_requested", options.games},
        {"results", seat.results()},
        {"result_games", seat.resultGames()},
        {"match_games", seat.matchGames()},
        {"peer", seat.peerName()},
        {"peer_address", session != nullptr ? session->peerAddress() : std::string()},
        {"interrupted", outcome.interrupted},
        {"end_reason", seat.endReason()},
        {"error", outcome.error},
        {"datagrams_sent", session != nullptr ? session->stats().datagramsSent : 0},
        {"datagrams_received", session != nullptr ? session->stats().datagramsReceived : 0},
        {"resends", session != nullptr ? session->stats().resends : 0},
        {"ignored", session != nullptr ? session->stats().ignored : 0},
        {"bad_tables", session != nullptr ? session->stats().badTables : 0},
        {"migrations", session != nullptr ? session->stats().migrations : 0},
        {"rtt_ms", latencyJson(seat.roundTrips())},
        {"clock", clockJson(session != nullptr ? session->clockOffset() : std::nullopt)},
        {"arbitration", session != nullptr ? arbitrationJson(*session) : nlohmann::json(nullptr)},
        {"read_delay_us", latencyJson(readDelays)},
        {"proposals", {{"sent", stats.proposalsSent}, {"confirmed", stats.proposalsConfirmed},
                       {"rejected", stats.proposalsRejected}}},
        {"move_confirm_ms", {{"count", seat.moveTimer().count()}, {"p50", seat.moveTimer().p50Ms()},
                             {"p99", seat.moveTimer().p99Ms()}, {"max", seat.moveTimer().maxMs()}}},
    };
    out << report.dump() << std::endl;
}

MatchOutcome judge(const Connector& connector, const BotSeat& seat, const NetworkMatchOptions& options,
                   bool interrupted) {
    MatchOutcome outcome;
    outcome.interrupted = interrupted;
    if (connector.failure().failed()) {
        outcome.error = describe(connector.failure());
        outcome.exitCode = 1;
    } else if (!interrupted && options.games > 0 && !seat.goalReached()) {
        outcome.error = "the match ended after game " + std::to_string(seat.matchGames()) + " of " +
                        std::to_string(options.games) + ": " +
                        (seat.endReason().empty() ? "the session ended" : seat.endReason());
        outcome.exitCode = 1;
    }
    return outcome;
}

} // namespace

int runNetworkMatch(const NetworkMatchOptions& options, std::ostream& out, std::ostream& errors) {
    asio::io_context io;
    MonotonicClock clock;
    BotSeat seat(options.level, options.seed, options.games, out);
    LatencySamples readDelays;
    ConnectOptions connect = options.connect;
    connect.readDelays = &readDelays;
    Connector connector(io, clock, connect, seat);
    asio::signal_set signals(io, SIGINT, SIGTERM);
    asio::steady_timer grace(io);
    bool interrupted = false;

    connector.onFinished = [&] { io.stop(); };
    signals.async_wait([&](const std::error_code& error, int signalNumber) {
        if (error) return;
        interrupted = true;
        spdlog::info("signal {}: ending the session", signalNumber);
        seat.endingHere();
        connector.shutdown(signalNumber == SIGINT ? protocol::ShutdownReason::Interrupted : protocol::ShutdownReason::Terminated);
        grace.expires_after(kShutdownGrace);
        grace.async_wait([&](const std::error_code& timerError) {
            if (!timerError) io.stop();
        });
    });
    askForPromptWakeups(); // this thread is the network loop: run it soon after a datagram arrives
    if (connector.start()) io.run();
    connector.close();
    signals.cancel();
    grace.cancel();
    io.restart();
    io.poll(); // the aborted handlers let go of the link here

    const MatchOutcome outcome = judge(connector, seat, options, interrupted);
    if (!outcome.error.empty()) errors << "speed-server: " << outcome.error << std::endl;
    if (interrupted) {
        out << (connector.connected() ? "ended by a signal: SHUTDOWN sent to the other side"
                                      : "ended by a signal before the other player connected")
            << std::endl;
    }
    if (const MoveTimer& moves = seat.moveTimer(); moves.count() > 0) {
        out << fmt::format("the host decided {} proposals of this side: p50 {:.3f} ms, p99 {:.3f} ms, max {:.3f} ms",
                           moves.count(), moves.p50Ms(), moves.p99Ms(), moves.maxMs())
            << std::endl;
    }
    if (options.json) printJson(out, connector, seat, options, outcome, readDelays);
    return outcome.exitCode;
}

} // namespace speed
