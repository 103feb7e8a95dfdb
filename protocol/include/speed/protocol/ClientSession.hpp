#pragma once

#include "speed/common/GameClock.hpp"
#include "speed/protocol/Continuity.hpp"
#include "speed/protocol/Session.hpp"

#include <deque>
#include <vector>

// The joining side (seat 1): it proposes its moves, shows them at once (prediction), resends
// them until the host answers, and mirrors the host's table, rolling back what the host refused.
namespace speed::protocol {

class ClientSession final : public Session {
public:
    explicit ClientSession(SessionConfig config);

    void connect(TimeMs now, const PeerAddress& host); // NOTHING -> CON_WAIT, sends HELLO
    // NOTHING -> CON_WAIT like connect(), coming back to the seat of the ticket's session (this
    // program restarted). A host that no longer holds that match makes it join as a new player.
    void rejoin(TimeMs now, const ResumeTicket& ticket);
    // What a restarted program needs to come back: valid once connected (the session's nonces).
    ResumeTicket ticket() const;
    bool comingBack() const { return m_resumeId != kNoField; } // a HELLO with RESUME is on its way

    ProposalOutcome proposeMove(TimeMs now, const Move& move) override;
    void startNextGame(TimeMs now) override;
    void pause(TimeMs now) override;
    void resume(TimeMs now) override;

    SessionRole role() const override { return SessionRole::Client; }
    const GameState& state() const override { return m_predicted; }
    const GameState& confirmedState() const override { return m_confirmed; }
    WireNumber gameNumber() const override { return m_game; }
    WireNumber revision() const override { return m_revision; }
    bool speedCallPending() const override { return m_phase == Phase::SpeedCall; }
    bool localResumeRequested() const override { return m_localResumeAsked; }
    bool localAskedNextGame() const override { return m_askedNext; }
    bool peerAskedNextGame() const override { return m_peerAskedNext; }
    TimeMs gameElapsedMs(TimeMs now) const override { return m_clock.elapsedMs(now); }
    bool gameClockRuns() const override { return m_clock.runs(); }

private:
    struct PendingProposal {
        MoveRequest request;
        Move move;
        TimeMs proposedAt = 0;
        TimeMs nextSendAt = 0;
        bool confirmed = false; // OK arrived; dropped once a table shows it (LAST >= its ID)
    };

    void onMessage(TimeMs now, const Message& message) override;
    void onHandshake(TimeMs now, const PeerAddress& from, const Message& message, std::size_t receivedBytes) override;
    void onTick(TimeMs now) override;
    TimeMs roleWakeMs(TimeMs now) const override;
    void onPeerSilent(TimeMs now) override { followClock(now); }
    void onPeerBack(TimeMs now) override;
    void onGarbledAnswer(TimeMs now) override;
    void onEnded(TimeMs now) override;
    TimeMs connectTimeoutMs() const override { return m_config.timing.helloTimeoutMs; }
    ConnectFailure waitFailure() const override { return ConnectFailure::NoHostAnswered; }

    void sendHello(TimeMs now, const std::string& cookie);
    void onChallenge(TimeMs now, const Challenge& challenge);
    void onWelcome(TimeMs now, const Welcome& welcome);
    void onDeny(TimeMs now, const Deny& deny);
    void comeBack(TimeMs now); // the host is silent: perhaps it restarted; HELLO with RESUME
    bool askPreviousSession(TimeMs now); // refused: ask for the session we came back from, once
    void onUpdate(TimeMs now, const Update& update);
    void noteUntaken(TimeMs now);    // an UPDATE that cannot be taken: the match may have stalled
    void watchProposals(TimeMs now); // a proposal unanswered too long while the host is heard
    void adopt(TimeMs now, const SnapshotHeader& header, const GameState& received);
    void tellChange(TimeMs now, const SnapshotHeader& header, WireNumber heldRevision, const GameState& before,
                    const GameState& after);
    void onHostStart(TimeMs now, const Start& start);
    void startedGame(TimeMs now, const SnapshotHeader& header, const GameState& table);
    void onOk(TimeMs now, const Ok& ok);
    void settleControl(TimeMs now, RequestKind kind, TimedExchange exchange, const Ok& ok);
    void onNg(TimeMs now, const Ng& ng);
    void repredict();
    void dropProposals(TimeMs now);
    void followClock(TimeMs now);

    Nonce m_nonce = 0;   // our half of the session id, sent in HELLO
    std::string m_cookie; // the host's, returned in the second HELLO
    // Coming back to a session (RESUME): its id and nonces; whether the HELLO with its proof
    // went out (from then on only WELCOME or DENY ends the attempt).
    std::string m_resumeId{kNoField};
    Nonce m_resumeClient = 0;
    Nonce m_resumeHost = 0;
    bool m_resumeProofSent = false;
    Nonce m_previousClient = 0;      // the session this one came back from (a host's older record holds it)
    Nonce m_previousHost = 0;
    WireNumber m_ticketGame = 0;     // a restarted program's: the game its ticket was written in
    TimeMs m_untakenSince = kNever;  // the first UPDATE that could not be taken since one was taken
    TimeMs m_heardAgainAt = 0;       // when the host was last heard again after a silence or a new session
    WireNumber m_welcomeGame = 0;    // WELCOME's GAME and CLOCK: the game clock of a game under way
    WireNumber m_welcomeClockMs = 0;
    WireNumber m_game = 0;
    WireNumber m_revision = 0;
    GameState m_confirmed;
    // The tables before the last moves taken by their CHANGE, oldest first (at most kMaxUndone):
    // a rewind's revision undoes the newest of them (version 7). Cleared when the table jumps.
    std::deque<GameState> m_beforeMoves;
    GameState m_predicted;
    GameClock m_clock;
    bool m_localResumeAsked = false;
    bool m_askedNext = false;     // this side's START for the next game is out
    bool m_peerAskedNext = false; // the host's START for the next game came
    std::vector<PendingProposal> m_proposals;
    WireNumber m_nextProposalId = 1;
    WireNumber m_lastDecided = 0; // the host has decided our proposals up to this ID
};

} // namespace speed::protocol
