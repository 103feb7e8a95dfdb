#pragma once

#include "match/ConnectionWords.hpp"
#include "match/MatchDriver.hpp"
#include "match/NetworkView.hpp"
#include "match/ShownTable.hpp"
#include "match/WindowSeat.hpp"

#include "speed/net/Connector.hpp"
#include "speed/net/LatencySamples.hpp"
#include "speed/net/MonotonicClock.hpp"
#include "speed/net/WakeSignal.hpp"
#include "speed/protocol/HostSession.hpp"
#include "speed/store/FileMatchKeeper.hpp"

#include <filesystem>

#include <asio/executor_work_guard.hpp>
#include <asio/io_context.hpp>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
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

// What the window knows of the session, copied on the network thread after every datagram and
// timer (and after every call the window makes): the window reads only this, never the session.
struct SessionMirror {
    bool hasSession = false;
    bool finished = false; // the connector is done (connected and ended, or never connected)
    protocol::SessionRole role = protocol::SessionRole::Client;
    std::string failure;
    ConnectorFailure failureKind = ConnectorFailure::None;
    GameInfo info = GameInfo::Nothing;
    GameState state;     // the session's table (a client's includes its predictions)
    GameState confirmed; // the host's table as last confirmed
    std::uint32_t gameNumber = 0;
    bool speedCallPending = false;
    bool localResumeRequested = false;
    NextGameAsks nextGameAsks;
    TimeMs at = 0;               // the connector's clock when copied
    TimeMs gameElapsedMs = 0;    // the game clock at `at`
    bool clockRuns = false;      // ... and whether it goes on from there
    bool peerSilent = false;
    TimeMs graceEndsAt = kNever; // the connector's clock: a silent peer's seat is given up here
    bool comingBack = false;
    std::optional<double> rttMs; // the median of the recent round trips
    std::optional<protocol::ClockOffset> clock; // the link's estimate of the other side's clock
    Arbitration arbitration = Arbitration::Fair;              // the game's, as its deal said
    std::optional<protocol::ArbitrationFigures> arbitrationFigures; // the host's: what fair arbitration chose and did
    std::string peerAddress;
    std::string keeperProblem;
};

// A networked match behind the MatchDriver the window shows (docs/WINDOW.md, "Network play").
// The Connector, its socket and the session run on a network thread of their own, so datagrams
// are read, answered and resent the moment they arrive whatever the window is drawing. After
// every datagram and timer that thread hands the window the session's typed events and a
// SessionMirror through a mailbox, and wakes it through wakeFd(). The window's calls (a move, a
// pause, the next game) run on the network thread and return its answer, so a move is judged
// against the newest table. Times in and out are the window's clock.
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
    GameInfo info() const override { return m_mirror.hasSession ? m_mirror.info : GameInfo::Nothing; }
    const GameState& state() const override;
    int localSeat() const override;
    int gameNumber() const override { return static_cast<int>(m_mirror.gameNumber); }
    std::uint64_t gameSeed() const override;
    std::uint64_t firstSeed() const override;
    bool speedCalled() const override { return m_mirror.speedCallPending; }
    TimeMs elapsedMs(TimeMs now) const override;
    TimeMs nextWakeAt(TimeMs now) const override;
    const std::vector<GameRecord>& finishedGames() const override { return m_finished; }
    NetworkView* network() override { return this; }
    void close() override;

    // NetworkView
    std::vector<WireLogEntry> takeWireLog() override { return std::exchange(m_wireLog, {}); }
    int wakeFd() const override { return m_wake.fd(); }
    std::uint64_t lastNewsNs() const override { return m_newsNs; }
    std::string measureTarget() const override;
    std::string opponentName() const override { return opponentLabel(facts(kNever)); }
    std::string statusWord(TimeMs now) const override { return client::statusWord(facts(now)); }
    std::string statusDetail(TimeMs now) const override { return client::statusDetail(facts(now)); }
    MatchNotice notice(TimeMs now) const override { return noticeFor(facts(now)); }
    std::string clockLabel() const override;
    std::vector<RefusedMove> takeRefusedMoves() override { return std::exchange(m_refused, {}); }
    bool retry(TimeMs now) override;
    void connectNextWith(const ConnectOptions& connect) override;
    bool matchEnded() const override;
    bool choosesRematchItself() const;
    NextGameAsks nextGameAsks() const override { return m_mirror.nextGameAsks; }

    // For the program's report.
    bool isHost() const { return m_mirror.role == protocol::SessionRole::Host; }
    bool everConnected() const { return m_connected; }
    std::string failure() const; // why the connection failed, in the current language
    std::string endReason() const; // why the match ended, in the current language
    const std::string& peerName() const { return m_peerName; }
    const std::string& peerAddress() const { return m_lastPeerAddress; }
    std::optional<double> rttMs() const { return m_mirror.rttMs; }
    std::optional<protocol::ClockOffset> linkClock() const override { return m_mirror.clock; }
    Arbitration arbitration() const { return m_mirror.arbitration; }
    const std::optional<protocol::ArbitrationFigures>& arbitrationFigures() const { return m_mirror.arbitrationFigures; }
    const LatencySamples& roundTrips() const { return m_roundTrips; }   // ms, every answered request
    const LatencySamples& readDelays() const { return m_readDelays; }   // us; complete once closed
    const protocol::SessionStats& sessionStats() const { return m_stats; } // complete once closed

private:
    // Window thread.
    void begin(TimeMs now);
    void teardown();
    void noteFailure();
    void joinLocalHost();
    template <class Work> auto onNetwork(Work&& work) -> decltype(work());
    bool live() const { return m_connector && !m_mirror.finished && m_mirror.hasSession; }
    TimeMs toWindow(TimeMs sessionMs) const { return sessionMs == kNever ? kNever : sessionMs + m_offsetMs; }
    TimeMs toSession(TimeMs windowMs) const { return windowMs - m_offsetMs; }
    void takeMail();
    void absorbEvents(TimeMs now, std::vector<AppliedMove>& applied);
    void onEvent(const protocol::SessionEvent& event, TimeMs now, std::vector<AppliedMove>& applied);
    void onRejected(const protocol::SessionEvent& event);
    void onTakenBack(const protocol::SessionEvent& event);
    void onGameOver(const protocol::SessionEvent& event, TimeMs now);
    void catchUp(std::vector<AppliedMove>& applied);
    ConnectionFacts facts(TimeMs now) const;

    // Network thread (and the window thread while that thread does not run).
    void publish(const protocol::Session* live);
    void runNetwork();

    NetworkSetup m_setup;
    asio::io_context m_io;
    MonotonicClock m_clock;
    std::unique_ptr<store::FileMatchKeeper> m_keeper;
    std::unique_ptr<WindowSeat> m_seat;
    std::unique_ptr<Connector> m_connector;
    std::thread m_network;
    std::atomic<bool> m_networkRuns{false};
    std::optional<asio::executor_work_guard<asio::io_context::executor_type>> m_keepRunning;
    std::string m_keeperNews;   // network thread: the keeper's latest problem (empty: none)
    LatencySamples m_readDelays; // network thread while it runs

    // The mailbox between the two threads.
    std::mutex m_mailLock;
    std::condition_variable m_mailArrived;
    std::vector<protocol::SessionEvent> m_mailEvents;
    SessionMirror m_mailMirror;
    std::uint64_t m_mailNs = 0; // when it was last filled (monotonicNowNs)
    WakeSignal m_wake; // raised with every mail

    // Window thread.
    SessionMirror m_mirror;
    std::uint64_t m_newsNs = 0;
    std::vector<protocol::SessionEvent> m_events;
    TimeMs m_offsetMs = 0;          // window clock minus the connector's clock
    TimeMs m_giveUpAt = kNever;     // the connector's clock: the wait ends here
    GameState m_blankTable;
    ShownTable m_shown;             // the host's table as the window animated it
    std::vector<RefusedMove> m_refused;
    int m_racesLost = 0; // this game's plays refused because another card reached the pile first
    int m_racesWon = 0;  // host: the other player's plays refused because ours reached the pile first
    std::vector<WireLogEntry> m_wireLog;
    std::vector<GameRecord> m_finished;
    LatencySamples m_roundTrips;
    protocol::SessionStats m_stats;
    bool m_connected = false;
    bool m_closing = false;
    std::string m_lanAddress; // this machine's first LAN address, for the waiting banner
    bool m_joinedLocalHost = false; // our port was taken: joining whoever hosts there
    static constexpr TimeMs kLocalHostAnswerMs = 4000;
    std::string m_peerName;
    std::string m_lastPeerAddress;
    std::optional<protocol::SessionEvent> m_endEvent; // the session's end, worded when shown
    std::string m_failure;
    bool m_portTaken = false; // joined this machine's own port and found another program on it
    std::string m_lastRefusal; // hosting: the last player turned away, and why
    std::string m_previousEnd; // hosting anew after the grace: how the last match ended
};

} // namespace speed::client
