#pragma once

#include "match/MatchDriver.hpp"
#include "match/RttMeter.hpp"
#include "match/WindowSeat.hpp"

#include "speed/net/Connector.hpp"
#include "speed/net/MonotonicClock.hpp"

#include <asio/io_context.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace speed::client {

struct NetworkSetup {
    ConnectOptions connect;            // peer / port / wait / name / rules (setup.ini and flags)
    std::optional<BotLevel> localBot;  // --bot: the bot plays this seat
    std::uint64_t seed = 1;            // the host's deals (game n: seed + n - 1) and the bot
    int games = 0;                     // --games N: end the session after N games
};

// A networked match behind the MatchDriver the window shows (docs/WINDOW.md, "Network play").
// The Connector finds the other player (SPEC 4) on an io_context that tick() polls once per
// frame, never blocking; the session's next timer is in nextWakeAt(). Local moves go through
// the session at once (its prediction is the table drawn); the opponent's moves and the flips
// are recovered from the host's table so the window animates them; a proposal the host refuses
// comes back from takeRefusedMoves(). Times in and out are the window's clock.
class NetworkDriver final : public MatchDriver {
public:
    NetworkDriver(NetworkSetup setup, TimeMs now);
    ~NetworkDriver() override;
    NetworkDriver(const NetworkDriver&) = delete;
    NetworkDriver& operator=(const NetworkDriver&) = delete;

    std::vector<AppliedMove> tick(TimeMs now) override;
    MoveAnswer propose(const Move& move, TimeMs now) override;
    bool startNextGame(TimeMs now) override;
    bool togglePause(TimeMs now) override;

    GameInfo info() const override;
    const GameState& state() const override;
    int localSeat() const override;
    int gameNumber() const override;
    std::uint64_t gameSeed() const override;
    std::uint64_t firstSeed() const override;
    bool speedCalled() const override;
    TimeMs elapsedMs(TimeMs now) const override;
    TimeMs nextWakeAt(TimeMs now) const override;
    const std::vector<GameRecord>& finishedGames() const override { return m_finished; }
    std::vector<WireLogEntry> takeWireLog() override { return std::exchange(m_wireLog, {}); }
    std::string measureTarget() const override;
    bool waitForNetwork(TimeMs maxWaitMs) override;

    std::string opponentName() const override;
    std::string statusDetail(TimeMs now) const override;
    MatchNotice notice(TimeMs now) const override;
    std::string clockLabel() const override;
    std::vector<Move> takeRefusedMoves() override { return std::exchange(m_refused, {}); }
    bool retry(TimeMs now) override;
    bool matchEnded() const override;
    void close() override;

    bool isHost() const { return m_role == protocol::SessionRole::Host; }
    bool everConnected() const { return m_connected; }
    const std::string& failure() const { return m_failure; } // why the connection failed
    const std::string& endReason() const { return m_endReason; }
    const std::string& peerName() const { return m_peerName; }
    const std::string& peerAddress() const { return m_lastPeerAddress; }
    std::optional<double> rttMs() const { return m_rtt.smoothedMs(); }

private:
    void begin(TimeMs now);
    void teardown();
    void noteConnector();
    void joinLocalHost();
    void pollNetwork();
    const protocol::Session* session() const;
    TimeMs toWindow(TimeMs sessionMs) const { return sessionMs == kNever ? kNever : sessionMs + m_offsetMs; }
    void absorbEvents(TimeMs now);
    void onEvent(const protocol::SessionEvent& event, TimeMs now);
    void onRejected(const protocol::SessionEvent& event);
    void onGameOver(const protocol::SessionEvent& event, TimeMs now);
    void followClock(TimeMs now);
    std::vector<AppliedMove> followTable();
    bool act(WindowSeat::Action action);
    std::string waitingDetail() const;

    NetworkSetup m_setup;
    asio::io_context m_io;
    MonotonicClock m_clock;
    std::unique_ptr<WindowSeat> m_seat;
    std::unique_ptr<Connector> m_connector;
    TimeMs m_offsetMs = 0;          // window clock minus the connector's clock
    TimeMs m_giveUpAt = kNever;     // the connector's clock: the wait ends here
    GameState m_blankTable;
    GameState m_shownConfirmed;     // the host's table as last animated
    protocol::WireNumber m_shownGame = 0;
    std::vector<Move> m_ownMoves;   // the user's moves shown at once, not yet seen confirmed
    std::vector<Move> m_refused;
    std::vector<WireLogEntry> m_wireLog;
    RttMeter m_rtt;
    std::vector<GameRecord> m_finished;
    protocol::WireNumber m_clockGame = 0;
    TimeMs m_gameStartAt = 0;
    TimeMs m_pausedTotalMs = 0;
    std::optional<TimeMs> m_pausedAt;
    std::optional<TimeMs> m_endedElapsedMs;
    int m_flips = 0;
    int m_movesSeen = 0;            // plays and refills seen in the host's tables this game
    bool m_connected = false;
    bool m_peerSilent = false;
    bool m_closing = false;
    std::string m_peerName;
    std::string m_lastPeerAddress;
    std::string m_endReason;
    std::string m_failure;
    protocol::SessionRole m_role = protocol::SessionRole::Client;
};

} // namespace speed::client
