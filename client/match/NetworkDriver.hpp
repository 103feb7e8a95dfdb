#pragma once

#include "match/ConnectionWords.hpp"
#include "match/MatchDriver.hpp"
#include "match/NetworkView.hpp"
#include "match/ShownTable.hpp"
#include "match/WindowSeat.hpp"

#include "speed/net/Connector.hpp"
#include "speed/net/MonotonicClock.hpp"
#include "speed/store/FileMatchKeeper.hpp"

#include <filesystem>

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
    // Where the ticket and the journal that let a restarted window come back to its match are
    // kept (the XDG state folder); empty: nothing outlives the window.
    std::filesystem::path stateDir;
};

// A networked match behind the MatchDriver the window shows (docs/WINDOW.md, "Network play").
// The Connector finds the other player on an io_context that tick() polls, never blocking. The
// local player's moves, pauses and next games go straight to the session (its prediction is the
// table drawn); the session's typed events say what the host applied, so the opponent's moves
// and the flips are animated from them; a proposal the host refuses comes back from
// takeRefusedMoves(). Times in and out are the window's clock.
class NetworkDriver final : public MatchDriver, public NetworkView {
public:
    NetworkDriver(NetworkSetup setup, TimeMs now);
    ~NetworkDriver() override;
    NetworkDriver(const NetworkDriver&) = delete;
    NetworkDriver& operator=(const NetworkDriver&) = delete;

    // MatchDriver
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
    NetworkView* network() override { return this; }
    void close() override;

    // NetworkView
    std::vector<WireLogEntry> takeWireLog() override { return std::exchange(m_wireLog, {}); }
    bool waitForNetwork(TimeMs maxWaitMs) override;
    std::string measureTarget() const override;
    std::string opponentName() const override { return opponentLabel(facts(kNever)); }
    std::string statusDetail(TimeMs now) const override { return client::statusDetail(facts(now)); }
    MatchNotice notice(TimeMs now) const override { return noticeFor(facts(now)); }
    std::string clockLabel() const override;
    std::vector<Move> takeRefusedMoves() override { return std::exchange(m_refused, {}); }
    bool retry(TimeMs now) override;
    void connectNextWith(const ConnectOptions& connect) override;
    bool matchEnded() const override;

    // For the program's report.
    bool isHost() const { return m_role == protocol::SessionRole::Host; }
    bool everConnected() const { return m_connected; }
    const std::string& failure() const { return m_failure; } // why the connection failed
    const std::string& endReason() const { return m_endReason; }
    const std::string& peerName() const { return m_peerName; }
    const std::string& peerAddress() const { return m_lastPeerAddress; }
    std::optional<double> rttMs() const;

private:
    void begin(TimeMs now);
    void teardown();
    void noteConnector();
    void joinLocalHost();
    protocol::Session* session() const { return m_connector ? m_connector->session() : nullptr; }
    bool live() const { return m_connector && !m_connector->finished() && session() != nullptr; }
    TimeMs toWindow(TimeMs sessionMs) const { return sessionMs == kNever ? kNever : sessionMs + m_offsetMs; }
    TimeMs toSession(TimeMs windowMs) const { return windowMs - m_offsetMs; }
    void absorbEvents(TimeMs now, std::vector<AppliedMove>& applied);
    void onEvent(const protocol::SessionEvent& event, TimeMs now, std::vector<AppliedMove>& applied);
    void onRejected(const protocol::SessionEvent& event);
    void onGameOver(const protocol::SessionEvent& event, TimeMs now);
    void catchUp(std::vector<AppliedMove>& applied);
    ConnectionFacts facts(TimeMs now) const;

    NetworkSetup m_setup;
    asio::io_context m_io;
    MonotonicClock m_clock;
    std::unique_ptr<store::FileMatchKeeper> m_keeper;
    std::unique_ptr<WindowSeat> m_seat;
    std::unique_ptr<Connector> m_connector;
    TimeMs m_offsetMs = 0;          // window clock minus the connector's clock
    TimeMs m_giveUpAt = kNever;     // the connector's clock: the wait ends here
    GameState m_blankTable;
    ShownTable m_shown;             // the host's table as the window animated it
    std::vector<Move> m_refused;
    std::vector<WireLogEntry> m_wireLog;
    std::vector<GameRecord> m_finished;
    bool m_connected = false;
    bool m_closing = false;
    std::string m_peerName;
    std::string m_lastPeerAddress;
    std::string m_endReason;
    std::string m_failure;
    std::string m_lastRefusal; // hosting: the last player turned away, and why
    std::string m_previousEnd; // hosting anew after the grace: how the last match ended
    std::string m_keeperProblem;
    protocol::SessionRole m_role = protocol::SessionRole::Client;
};

} // namespace speed::client
