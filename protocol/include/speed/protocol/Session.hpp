#pragma once

#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"
#include "speed/protocol/Auth.hpp"
#include "speed/protocol/GameInfo.hpp"
#include "speed/protocol/Link.hpp"
#include "speed/protocol/Message.hpp"
#include "speed/protocol/SessionEvent.hpp"
#include "speed/protocol/SessionTypes.hpp"

#include <string>
#include <string_view>
#include <vector>

// One side of a connection, sans I/O: fed datagrams and ticks with the current time, it queues
// datagrams to send, typed events for the UI and the log, and says when it next wants a tick.
// No sockets, clocks or threads. This is what both roles share: the link, the GameInfo state and
// its transitions (docs/STATES.md), connecting, measuring and shutting down. HostSession owns the
// authoritative game; ClientSession proposes its moves and mirrors the host's table.
namespace speed::protocol {

class Session {
public:
    virtual ~Session() = default;
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // --- driving it --------------------------------------------------------------------------
    // A datagram from `from` (any address: the rules decide). AnsweredOnly: it was a PROBE,
    // answered, and the session did not change.
    ReceiveResult receive(TimeMs now, const PeerAddress& from, std::string_view bytes);
    void tick(TimeMs now);
    TimeMs nextWakeMs(TimeMs now) const; // kNever when nothing is pending
    std::vector<OutgoingDatagram> takeOutgoing() { return m_link.takeOutgoing(); }
    std::vector<SessionEvent> takeEvents() { return m_link.takeEvents(); }
    // The same, into the caller's vectors (cleared first): the two lists trade places, so that a
    // caller that takes every step keeps reusing the same two allocations.
    void takeOutgoing(std::vector<OutgoingDatagram>& into) { m_link.takeOutgoing(into); }
    void takeEvents(std::vector<SessionEvent>& into) { m_link.takeEvents(into); }

    // --- the local player (human or bot) ------------------------------------------------------
    virtual ProposalOutcome proposeMove(TimeMs now, const Move& move) = 0; // move.seat must be mySeat()
    // The first game starts at once; each later one when both players have asked for it (a
    // rematch: this side's START, answered OK START; the deal follows the second ask).
    virtual void startNextGame(TimeMs now) = 0;
    virtual void pause(TimeMs now) = 0;
    virtual void resume(TimeMs now) = 0;
    void shutdown(TimeMs now, ShutdownReason reason);
    void beginMeasure(TimeMs now); // CONNECT/EXTGAME -> MEASURE (probes are answered regardless)
    void endMeasure(TimeMs now);

    // --- what it knows ------------------------------------------------------------------------
    virtual SessionRole role() const = 0;
    int mySeat() const { return seatOf(role()); }
    GameInfo gameInfo() const { return m_info; }
    // The table to draw: absolute seats (seat 0 = host), with this side's unconfirmed
    // proposals already applied (prediction). Use mySeat() to put your own seat at the bottom.
    virtual const GameState& state() const = 0;
    // The host's authoritative table as last known (the host's own table, on the host).
    virtual const GameState& confirmedState() const = 0;
    virtual WireNumber gameNumber() const = 0;
    virtual WireNumber revision() const = 0;
    virtual bool speedCallPending() const = 0; // "SPEED!" called, flip coming
    virtual bool localResumeRequested() const = 0;
    // Between games: this side, or the other player, has asked for the next game.
    virtual bool localAskedNextGame() const = 0;
    virtual bool peerAskedNextGame() const = 0;
    virtual TimeMs gameElapsedMs(TimeMs now) const = 0; // the game clock: stops while paused and at the end
    virtual bool gameClockRuns() const = 0;             // ... and whether it goes on from now
    const std::string& peerName() const { return m_peerName; }
    const PeerAddress& peerAddress() const { return m_link.peer(); }
    bool peerSilent() const { return m_link.silent(); }
    // While the peer is silent: how long its seat is still kept (kNever when it is not silent).
    TimeMs graceLeftMs(TimeMs now) const { return m_link.graceLeftMs(now); }
    std::optional<double> recentRttMs() const { return m_link.recentRttMs(); }
    // The other side's session clock against this one's (far = local + offset, +/- epsilon), from
    // the stamps on the other side's recent OKs (four timestamps each): for the host the client's
    // OKs to its UPDATEs, for the client the host's OKs to its MOVEs and STARTs. Empty until one came.
    std::optional<ClockOffset> clockOffset() const { return m_link.clockOffset(); }
    const SessionStats& stats() const { return m_link.stats(); }
    const SessionConfig& config() const { return m_config; }
    // The session id: both sides' nonces, in hex, once the handshake is done (empty before).
    std::string sessionId() const;
    // NOTHING with nothing left to send: the transport may close.
    bool finished() const { return m_info == GameInfo::Nothing && !m_link.hasRequests(); }

protected:
    explicit Session(SessionConfig config);

    // What each role does with a session message the shared part does not handle (SHUTDOWN,
    // OK SHUTDOWN, ALIVE and NG GARBLED are handled here), and with a handshake message (from
    // any address: the link checked only that it decodes).
    virtual void onMessage(TimeMs now, const Message& message) = 0;
    virtual void onHandshake(TimeMs now, const PeerAddress& from, const Message& message, std::size_t receivedBytes) = 0;
    virtual void onTick(TimeMs now) = 0;
    virtual TimeMs roleWakeMs(TimeMs now) const = 0;
    // What a role does on every tick and when it must wake, waiting for a peer as well as connected.
    virtual void onAnyTick(TimeMs /*now*/) {}
    virtual TimeMs anyWakeMs() const { return kNever; }
    virtual void onPeerSilent(TimeMs /*now*/) {}
    virtual void onPeerBack(TimeMs /*now*/) {}
    virtual void onGarbledAnswer(TimeMs now) { m_link.expediteRequests(now); } // at most once per resend interval
    virtual void onEnded(TimeMs /*now*/) {}
    virtual TimeMs connectTimeoutMs() const = 0;
    virtual ConnectFailure waitFailure() const = 0;
    virtual bool measureAllowed() const { return true; }

    // For the roles.
    void beginWaiting(TimeMs now, std::string_view why);
    void connected(TimeMs now, const std::string& peerName);
    // The peer came back with a new session (a new address, maybe): it counts as heard again.
    void peerReturned(TimeMs now, const std::string& peerName);
    void emit(SessionEvent&& event);
    void emitText(TimeMs now, SessionEventKind kind, std::string text);
    void emitPeer(TimeMs now, SessionEventKind kind, const std::string& peerName);
    // The other player asked for game `game` (a rematch): PeerAskedNextGame, once per game.
    void emitPeerAskedNextGame(TimeMs now, WireNumber game);
    void refuseTransition(TimeMs now, std::string text);
    void refreshInfo(TimeMs now, std::string_view why);
    void noteGameOver(TimeMs now, WireNumber game, GameResult result);
    ProposalOutcome refuse(TimeMs now, const Move& move, PlayOutcome play, LinkRefusal link = LinkRefusal::None,
                           bool byHost = false, std::optional<std::int64_t> raceLeadUs = std::nullopt);
    // Why no move is taken in the current GameInfo (it is not PLAY).
    PlayOutcome notPlaying() const;
    void endSession(TimeMs now, SessionEvent ending);
    void giveUpStalled(TimeMs now, TimeMs stalledForMs); // ends it here and tells the peer (SHUTDOWN stalled)
    void failConnect(TimeMs now, ConnectFailure failure, TimeMs waitedMs = 0);
    void ignoreNeverSent(TimeMs now, std::string detail); // rule 14
    bool measuring() const { return m_measuring; }
    std::uint64_t randomBits() { return m_config.random(); }
    Nonce clientNonce() const { return m_clientNonce; }
    Nonce hostNonce() const { return m_hostNonce; }
    // The handshake is done: both nonces known, the session's keys made for this side.
    void keySession(Nonce client, Nonce host);
    TimeMs gameOverAt() const { return m_gameOverAt; }
    void clearGameOver() { m_gameOverAt = kNever; }

    SessionConfig m_config;
    Link m_link;
    Phase m_phase = Phase::Play; // the host's phase of the current game, from this side's seat

private:
    void dispatch(TimeMs now, const Message& message);
    void onShutdown(TimeMs now, const Shutdown& shutdown);
    void checkLiveness(TimeMs now);
    void enterInfo(TimeMs now, GameInfo next, std::string_view why);
    GameInfo derivedInfo(TimeMs now) const;

    GameInfo m_info = GameInfo::Nothing;
    std::string m_peerName;
    TimeMs m_waitUntil = kNever; // CON_WAIT deadline
    TimeMs m_gameOverAt = kNever;
    bool m_measuring = false;
    Nonce m_clientNonce = 0;
    Nonce m_hostNonce = 0;
};

} // namespace speed::protocol
