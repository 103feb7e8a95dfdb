#pragma once

#include "match/ConnectionWords.hpp"
#include "match/MatchDriver.hpp"
#include "match/NetworkView.hpp"
#include "match/SessionMirror.hpp"
#include "match/ShownTable.hpp"
#include "match/WindowConnection.hpp"

#include "speed/net/Connector.hpp"
#include "speed/net/LatencySamples.hpp"
#include "speed/protocol/HostSession.hpp"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace speed::client {

// A networked match behind the MatchDriver the window shows (docs/WINDOW.md, "Network play"):
// the match as the window shows it. Its WindowConnection runs the session on the network thread
// and posts a SessionMirror and the session's typed events after every datagram and timer; each
// turn the driver takes them and turns them into the table shown (ShownTable), the moves the
// host refused, the finished games and the facts the status bar words. The window's calls (a
// move, a pause, the next game) run on the network thread and return its answer, so a move is
// judged against the newest table. Times in and out are the window's clock.
class NetworkDriver final : public MatchDriver, public NetworkView {
public:
    NetworkDriver(NetworkSetup setup, TimeMs now);
    ~NetworkDriver() override = default;
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
    std::span<const GameRecord> matchGames() const override {
        return std::span<const GameRecord>(m_finished).subspan(m_matchFirstGame);
    }
    NetworkView* network() override { return this; }
    void close() override;

    // NetworkView
    std::vector<WireLogEntry> takeWireLog() override { return std::exchange(m_wireLog, {}); }
    int wakeFd() const override { return m_connection.wakeFd(); }
    std::uint64_t lastNewsNs() const override { return m_newsNs; }
    std::string measureTarget() const override;
    std::string opponentName() const override { return opponentLabel(facts(kNever)); }
    std::string statusWord(TimeMs now) const override { return client::statusWord(facts(now)); }
    std::string statusDetail(TimeMs now) const override { return client::statusDetail(facts(now)); }
    MatchNotice notice(TimeMs now) const override { return noticeFor(facts(now)); }
    std::string clockLabel() const override;
    std::vector<RefusedMove> takeRefusedMoves() override { return std::exchange(m_refused, {}); }
    std::vector<TakenBackMove> takeTakenBack() override { return std::exchange(m_takenBack, {}); }
    std::vector<int> takeRejoinedGames() override { return std::exchange(m_rejoinedGames, {}); }
    bool retry(TimeMs now) override;
    RetryOffer retryOffer() const override;
    void connectNextWith(const ConnectOptions& connect) override;
    bool matchEnded() const override;
    bool choosesRematchItself() const { return m_connection.choosesRematchItself(); }
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
    const LatencySamples& readDelays() const { return m_connection.readDelays(); } // us; complete once closed
    const protocol::SessionStats& sessionStats() const { return m_connection.sessionStats(); } // complete once closed

private:
    void begin(TimeMs now);
    // Hosting or connecting again: the last opponent and its score are no longer the table's.
    void forgetOpponent();
    void noteFailure();
    bool live() const { return m_connection.active() && !m_mirror.finished && m_mirror.hasSession; }
    TimeMs toWindow(TimeMs sessionMs) const { return sessionMs == kNever ? kNever : sessionMs + m_offsetMs; }
    TimeMs toSession(TimeMs windowMs) const { return windowMs - m_offsetMs; }
    // A host started from the start screen: no end to its wait but the player's Cancel.
    bool waitsUntilCancelled() const { return m_connection.policy().giveUpAt() == kNever; }
    void takeMail();
    void absorbEvents(TimeMs now, std::vector<AppliedMove>& applied);
    void onEvent(const protocol::SessionEvent& event, TimeMs now, std::vector<AppliedMove>& applied);
    void onRejected(const protocol::SessionEvent& event);
    void onTakenBack(const protocol::SessionEvent& event);
    void recordGameOver(TimeMs now);
    void catchUp(std::vector<AppliedMove>& applied);
    ConnectionFacts facts(TimeMs now) const;

    WindowConnection m_connection;
    SessionMirror m_mirror; // as last taken from the mailbox
    std::uint64_t m_newsNs = 0;
    std::vector<protocol::SessionEvent> m_events;
    TimeMs m_offsetMs = 0; // window clock minus the connector's clock
    TimeMs m_waitBegunAt = 0; // the window's clock: this wait for a player began
    GameState m_blankTable;
    ShownTable m_shown;             // the host's table as the window animated it
    std::vector<RefusedMove> m_refused;
    std::vector<TakenBackMove> m_takenBack;
    int m_takenBackGame = 0;          // host: the game taken back from the journal (0: none)
    std::vector<int> m_rejoinedGames; // ... which its player came back to, not yet taken
    int m_racesLost = 0; // this game's plays refused because another card reached the pile first
    int m_racesWon = 0;  // host: the other player's plays refused because ours reached the pile first
    std::vector<WireLogEntry> m_wireLog;
    std::vector<GameRecord> m_finished;
    std::size_t m_matchFirstGame = 0; // the first of m_finished played in the match on the table now
    std::optional<protocol::SessionEvent> m_gameOver; // a game's end, recorded after the events that came with it
    LatencySamples m_roundTrips;
    bool m_connected = false;
    bool m_closing = false;
    std::string m_lanAddress; // this machine's first LAN address, for the waiting banner
    std::string m_peerName;
    std::string m_lastPeerAddress;
    std::optional<protocol::SessionEvent> m_endEvent; // the session's end, worded when shown
    ConnectionFailure m_failure;
    std::string m_networkError; // the network thread stopped: what stopped it
    bool m_portTaken = false; // joined this machine's own port and found another program on it
    std::optional<JoinRefusal> m_lastRefusal; // hosting: the last player turned away, and why
    // Hosting anew after the grace: how the last match ended (worded when shown).
    std::optional<protocol::SessionEvent> m_previousEnd;
};

} // namespace speed::client
