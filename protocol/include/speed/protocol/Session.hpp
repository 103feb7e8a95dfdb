#pragma once

#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"
#include "speed/protocol/Arbitration.hpp"
#include "speed/protocol/Message.hpp"
#include "speed/protocol/SessionTypes.hpp"

#include <array>
#include <map>
#include <memory>
#include <string_view>
#include <vector>

// One side of a connection, sans I/O: fed datagrams and ticks with the current time, it queues
// datagrams to send, events for the UI and log, and says when it next wants a tick. No sockets,
// clocks or threads. The host (seat 0) owns the authoritative game; the client (seat 1) proposes.
// docs/PROTOCOL.md describes the exchanges, docs/STATES.md the GameInfo transitions.
namespace speed::protocol {

class Session {
public:
    explicit Session(SessionConfig config,
                     std::unique_ptr<ArbitrationPolicy> arbitration = std::make_unique<FirstArrivalPolicy>());

    // --- driving it --------------------------------------------------------------------------
    void listen(TimeMs now);                          // host: NOTHING -> CON_WAIT
    void connect(TimeMs now, const PeerAddress& host); // client: NOTHING -> CON_WAIT, sends HELLO
    void receive(TimeMs now, const PeerAddress& from, std::string_view bytes);
    void tick(TimeMs now);
    TimeMs nextWakeMs() const; // kNever when nothing is pending

    std::vector<OutgoingDatagram> takeOutgoing();
    std::vector<SessionEvent> takeEvents();

    // --- the local player (human or bot) ------------------------------------------------------
    ProposalOutcome proposeMove(TimeMs now, const Move& move); // move.seat must be mySeat()
    void startNextGame(TimeMs now);
    void pause(TimeMs now);
    void resume(TimeMs now);
    void shutdown(TimeMs now, std::string_view reason);
    void beginMeasure(TimeMs now); // CONNECT/EXTGAME -> MEASURE (probes are answered regardless)
    void endMeasure(TimeMs now);

    // --- what it knows ------------------------------------------------------------------------
    SessionRole role() const { return m_config.role; }
    int mySeat() const { return m_config.role == SessionRole::Host ? 0 : 1; }
    GameInfo gameInfo() const { return m_info; }
    // The table to draw: absolute seats (seat 0 = host), with this side's unconfirmed
    // proposals already applied (prediction). Use mySeat() to put your own seat at the bottom.
    const GameState& state() const { return m_predicted; }
    // The host's authoritative table as last known (the host's own table, on the host).
    const GameState& confirmedState() const { return m_confirmed; }
    WireNumber gameNumber() const { return m_game; }
    WireNumber revision() const { return m_revision; }
    bool speedCallPending() const { return m_phase == Phase::SpeedCall; } // "SPEED!" called, flip coming
    bool localResumeRequested() const;
    const std::string& peerName() const { return m_peerName; }
    const PeerAddress& peerAddress() const { return m_peer; }
    const SessionStats& stats() const { return m_stats; }
    const SessionConfig& config() const { return m_config; }
    // NOTHING with nothing left to send: the transport may close.
    bool finished() const;

private:
    struct PendingProposal {
        MoveRequest request;
        Move move;
        TimeMs proposedAt = 0;
        TimeMs nextSendAt = 0;
        bool confirmed = false; // OK arrived; dropped once a table shows it (LAST >= its ID)
    };
    struct PendingRequest { // HELLO / START / PAUSE / RESUME / SHUTDOWN, resent until answered
        MessageBody body;
        TimeMs nextSendAt = 0;
        TimeMs giveUpAt = kNever;
    };
    struct Verdict {
        bool accepted = false;
        Refusal reason = Refusal::NotPlaying;
        WireNumber revision = 0;
    };
    struct HostGame { // host only
        bool userPause = false;
        bool silencePause = false;
        std::array<bool, kSeats> resumeAsked{};
        WireNumber ackedRevision = 0;
        TimeMs nextSnapshotAt = kNever;
        std::map<WireNumber, Verdict> verdicts; // proposal id -> answer, this game
        WireNumber nextProposal = 1;            // proposals are decided in ID order
        WireNumber newestControlSeq = 0;        // PAUSE/RESUME older than the newest one are stale
    };

    // Session.cpp: the link (addresses, SEQ, liveness, sending, GameInfo)
    void send(TimeMs now, const MessageBody& body, bool isResend = false);
    void sendTo(TimeMs now, const PeerAddress& to, const MessageBody& body, bool isResend);
    void emit(SessionEvent event);
    void noteGameOver(TimeMs now, GameResult result); // once per game: the GameOver event
    void emitText(TimeMs now, SessionEventKind kind, std::string text);
    void ignore(TimeMs now, std::string_view rule);
    bool acceptSender(TimeMs now, const PeerAddress& from, const Message& message);
    bool acceptSeq(WireNumber seq);
    void heardPeer(TimeMs now);
    void dispatch(TimeMs now, const PeerAddress& from, const Message& message);
    void dispatchAck(TimeMs now, const Ok& ok);
    void checkLiveness(TimeMs now);
    void request(TimeMs now, const MessageBody& body, TimeMs giveUpAt = kNever);
    void settleRequest(std::string_view verb);
    void resendRequests(TimeMs now);
    void expediteResends(TimeMs now);
    void enterInfo(TimeMs now, GameInfo next, std::string_view why);
    void refreshInfo(TimeMs now, std::string_view why);
    GameInfo derivedInfo(TimeMs now) const;
    void endSession(TimeMs now, SessionEventKind kind, std::string_view why);
    void onHello(TimeMs now, const PeerAddress& from, const Hello& hello);
    void onShutdown(TimeMs now, const Shutdown& shutdown);
    void onGarbled(TimeMs now, const PeerAddress& from, std::string_view why);
    void sendKeepalive(TimeMs now);

    // SessionHost.cpp: the authoritative game
    void hostStartGame(TimeMs now);
    void hostOnMove(TimeMs now, const Message& message, const MoveRequest& request);
    void hostAnswer(TimeMs now, const MoveRequest& request, const Verdict& verdict);
    ProposalOutcome hostPropose(TimeMs now, const Move& move);
    void hostAfterMove(TimeMs now);
    void hostPublish(TimeMs now);
    void hostSendSnapshot(TimeMs now, bool isResend);
    void hostTick(TimeMs now);
    void hostOnRequest(TimeMs now, const Message& message);
    void hostPause(TimeMs now, PauseReason reason);
    void hostResume(TimeMs now, int seat);
    bool hostPaused() const { return m_host.userPause || m_host.silencePause; }
    Phase hostPhase() const;

    // SessionClient.cpp: proposals, prediction, snapshots
    ProposalOutcome clientPropose(TimeMs now, const Move& move);
    void clientOnUpdate(TimeMs now, const Update& update);
    void clientAdoptSnapshot(TimeMs now, const SnapshotHeader& header, const GameState& table);
    void clientOnOk(TimeMs now, const Ok& ok);
    void clientOnNg(TimeMs now, const Ng& ng);
    void clientTick(TimeMs now);
    void clientRepredict();
    void clientDropProposals(TimeMs now, std::string_view why);

    ProposalOutcome refuseLocally(TimeMs now, const Move& move, MoveError error, std::string_view why);

    SessionConfig m_config;
    std::unique_ptr<ArbitrationPolicy> m_arbitration;
    GameInfo m_info = GameInfo::Nothing;
    PeerAddress m_peer;
    std::string m_peerName;
    bool m_peerLocked = false;
    TimeMs m_startedAt = 0;
    WireNumber m_nextSeq = 1;
    WireNumber m_newestPeerSeq = 0;
    std::uint64_t m_seenSeqMask = 0; // bit i: SEQ m_newestPeerSeq - i has been received
    bool m_heardPeerSeq = false;
    TimeMs m_lastHeardAt = 0;
    TimeMs m_lastSentAt = 0;
    TimeMs m_waitUntil = kNever; // CON_WAIT deadline
    TimeMs m_lastGarbledReplyAt = -1'000'000;
    bool m_peerSilent = false;
    bool m_measuring = false;
    std::vector<OutgoingDatagram> m_outgoing;
    std::vector<SessionEvent> m_events;
    std::vector<PendingRequest> m_requests;
    SessionStats m_stats;

    // the game
    WireNumber m_game = 0;
    WireNumber m_revision = 0;
    Phase m_phase = Phase::Play;  // the host's phase, from this side's seat
    bool m_localResumeAsked = false;
    GameState m_confirmed;
    GameState m_predicted;
    TimeMs m_flipAt = kNever;
    TimeMs m_gameOverAt = kNever;
    HostGame m_host;
    std::vector<PendingProposal> m_proposals; // client only
    WireNumber m_nextProposalId = 1;
    WireNumber m_lastDecided = 0; // client: the host has decided our proposals up to this ID
};

} // namespace speed::protocol
