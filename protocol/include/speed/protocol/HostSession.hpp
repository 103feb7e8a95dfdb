#pragma once

#include "speed/common/Match.hpp"
#include "speed/protocol/Arbitration.hpp"
#include "speed/protocol/Continuity.hpp"
#include "speed/protocol/Discovery.hpp"
#include "speed/protocol/RefusalLimiter.hpp"
#include "speed/protocol/Session.hpp"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

// The host's side (seat 0): it owns the authoritative match. Every move, its own included, goes
// through the arbitration policy; every change of the table gets a new revision and an UPDATE.
namespace speed::protocol {

// Why the host's table has a new revision, as its journal keeps it.
struct RevisionCause {
    JournalChange change = JournalChange::Phase;
    WireNumber proposal = 0; // the client's proposal it decides
    Refusal refusal = Refusal::NotPlaying;
};

class HostSession final : public Session, private ArbitrationHost {
public:
    explicit HostSession(SessionConfig config);

    void listen(TimeMs now); // NOTHING -> CON_WAIT: waits for a client's HELLO
    // NOTHING -> the match of the journal, paused, its client's seat held: the host restarted.
    // `lastHeardAt` (this side's clock) is when the client was last heard; the grace counts from
    // there. Empty when restored, else why the journal does not replay (nothing changed).
    std::string restore(TimeMs now, const MatchRecord& record, TimeMs lastHeardAt);
    // NOTHING -> the session of a journal that cannot prove it is complete (`damage` says why),
    // without its game: the client is asked back (REKEY) and told that the game cannot go on.
    void restoreDamaged(TimeMs now, const JournalSession& session, TimeMs lastHeardAt, std::string damage);
    // What the journal must keep, in order, before the datagrams queued with it are sent.
    std::vector<JournalRecord> takeJournal() { return std::exchange(m_journal, {}); }

    ProposalOutcome proposeMove(TimeMs now, const Move& move) override;
    void startNextGame(TimeMs now) override;
    void pause(TimeMs now) override;
    void resume(TimeMs now) override;

    SessionRole role() const override { return SessionRole::Host; }
    // What the arbitration policy shows the host's seat: under fair arbitration what the client's
    // seat sees, as late, with its own plays shown at once; under first arrival the match itself.
    const GameState& state() const override { return m_arbitration->seatView(m_match.state()); }
    const GameState& confirmedState() const override { return m_match.state(); }
    WireNumber gameNumber() const override { return static_cast<WireNumber>(m_match.gameNumber()); }
    WireNumber revision() const override { return m_revision; }
    bool speedCallPending() const override { return m_phase == Phase::SpeedCall; }
    bool localResumeRequested() const override { return m_game.resumeAsked[kHostSeat]; }
    bool localAskedNextGame() const override { return m_game.nextAsked[kHostSeat]; }
    bool peerAskedNextGame() const override { return m_game.nextAsked[kClientSeat]; }
    TimeMs gameElapsedMs(TimeMs now) const override { return m_match.elapsedMs(now); }
    bool gameClockRuns() const override { return m_match.clockRuns(); }
    const Match& match() const { return m_match; }
    // Taken back from the journal, and its player not back yet: the journal's session keys are
    // retired until the client comes back under new ones (this side is the one that stopped).
    bool awaitingReturn() const { return m_link.keysRetired(); }
    // What a HERE (and a DNS-SD announcement) says of this host now: waiting while no player holds
    // the seat; busy in a match, or while the seat is held for a player who dropped out.
    HostState hostState() const;
    // The FINDs of finders on the LAN: answered, and ignored by why (rule 17).
    const FindStats& findStats() const { return m_finds.stats(); }
    // What the policy of the current deal chose and did; its mode, before a deal, the configured one.
    ArbitrationFigures arbitration() const;

private:
    struct Verdict {
        bool accepted = false;
        Refusal reason = Refusal::NotPlaying;
        WireNumber revision = 0;
        std::optional<std::int64_t> leadUs{}; // a lost race's LEAD, sent again with a resent NG
    };
    // What a revision says of fair arbitration's rewind besides its move: how many plays it undid
    // first, or the play it took back and its lead (SnapshotHeader's `undone`, `takenBack`).
    struct RewindNews {
        int undone = 0;
        std::optional<Move> takenBack;
        std::optional<std::int64_t> takenBackLeadUs;
    };
    struct CurrentGame { // what the host keeps of the current game, besides the match
        bool userPause = false;
        bool silencePause = false;
        std::array<bool, kSeats> resumeAsked{};
        std::array<bool, kSeats> nextAsked{}; // after the game: who asked for the next one
        bool speedCallAnnounced = false;
        WireNumber ackedRevision = 0;
        TimeMs nextSnapshotAt = kNever;
        std::optional<Move> change;             // what made the current revision
        RewindNews news;                        // ... and what a rewind did in it (version 7)
        RewindNews nextNews;                    // what the next revision will say a rewind did
        std::map<WireNumber, Verdict> verdicts; // proposal id -> answer, this game
        WireNumber nextProposal = 1;            // proposals are taken in ID order
        WireNumber lastDecided = 0;             // and decided in ID order: LAST
        WireNumber newestControlSeq = 0;        // PAUSE/RESUME older than the newest one are stale
    };

    void onMessage(TimeMs now, const Message& message) override;
    void onHandshake(TimeMs now, const PeerAddress& from, const Message& message, std::size_t receivedBytes) override;
    void onTick(TimeMs now) override;
    TimeMs roleWakeMs(TimeMs now) const override;
    void onAnyTick(TimeMs now) override { summarizeRefusals(now); }
    TimeMs anyWakeMs() const override { return m_refusals.nextSummaryAt(); }
    void onPeerSilent(TimeMs now) override { pauseGame(now, PauseReason::Silent); }
    void onPeerBack(TimeMs now) override;
    void onGarbledAnswer(TimeMs now) override;
    TimeMs connectTimeoutMs() const override { return m_config.timing.connectWaitMs; }
    ConnectFailure waitFailure() const override { return ConnectFailure::NoClientCame; }

    // The game, its moves and its revisions (HostSession.cpp).
    void onMove(TimeMs now, const Message& message, const MoveRequest& request);
    void answer(TimeMs now, WireNumber game, WireNumber proposal, const Verdict& verdict);
    // A client's proposal refused: LAST moves on (a new revision, `cause`), and PeerMoveRefused.
    void refusePeer(TimeMs now, const Move& move, const PlayOutcome& outcome, RevisionCause cause,
                    std::optional<std::int64_t> leadUs, std::optional<std::uint64_t> inputUs);
    void onAck(TimeMs now, const Ok& ok);
    // When a move was made, for the piles' change times and the simulator's truth: the host's
    // own at its proposal, a client's at its INPUT on this clock (and the INPUT as it came);
    // nothing: now (the deal, the flip).
    struct MoveMade {
        std::optional<std::int64_t> atUs;
        std::optional<std::uint64_t> inputUs;
    };
    void afterMove(TimeMs now, const std::optional<Move>& move, RevisionCause cause = {}, MoveMade made = {});
    SessionEvent moveEvent(SessionEventKind kind, TimeMs now, const Move& move) const;
    // A client's INPUT on the host's session clock: moved by the clock offset, and held between
    // the arrival less the link's delay and margin (nothing earlier is possible) and the arrival.
    // A resend (its TIME later than its INPUT) may go back by the resends it says it made, at
    // most two resend intervals: a play whose first datagram was lost keeps its time.
    std::int64_t clientInputUs(const MoveRequest& request, WireNumber sentMs, std::int64_t arrivalUs) const;
    // The lead of the play that last changed the move's pile over a move made at `madeUs`.
    std::optional<std::int64_t> raceLead(const Move& move, const PlayOutcome& outcome, std::int64_t madeUs) const;
    void publish(TimeMs now, const std::optional<Move>& change, RevisionCause cause = {});
    // A journal entry of the current revision: the game, LAST, the clock and the pause.
    JournalEntry journalEntry(TimeMs now, JournalChange change) const;
    void sendSnapshot(TimeMs now, bool isResend);
    void onEnded(TimeMs now) override;
    void watchForStall(TimeMs now); // the newest revision unacknowledged too long while heard

    // Starting, pausing and resuming games (HostSessionControl.cpp).
    void startGame(TimeMs now);
    void onControl(TimeMs now, const Message& message);
    void pauseGame(TimeMs now, PauseReason reason);
    void resumeGame(TimeMs now, int seat);
    void followPause(TimeMs now);
    Phase currentPhase() const;

    // ArbitrationHost (HostSessionArbitration.cpp): what the policy may ask of this session.
    std::int64_t sessionClockUs(TimeMs now) const override;
    std::optional<DelaySpread> linkDelays(std::int64_t ceilingNs) const override;
    HostTable table() const override { return HostTable{m_match, m_pileChangedUs}; }
    PlayOutcome play(TimeMs now, const Move& move) override { return m_match.play(move, now); }
    void ownProposalMade(const Move& move) override;
    ProposalOutcome refuseOwn(TimeMs now, const Move& move, PlayOutcome outcome, LinkRefusal link) override;
    ProposalOutcome settle(TimeMs now, const TimedPlay& play, const PlayOutcome& outcome, bool later) override;
    void rewindTo(TimeMs now, const HostTable& before, const Move& firstUndone, const TimedPlay& late,
                  int undone) override;
    void retake(TimeMs now, const TimedPlay& play) override;
    void takeBack(TimeMs now, const TimedPlay& play, const PlayOutcome& outcome) override;
    // A new deal (or a restored one): the policy of its rules, told the table it starts from.
    void setupArbitration();

    // The handshake (HostSessionHandshake.cpp).
    void onHello(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes);
    void onFind(TimeMs now, const PeerAddress& from, const Find& find, std::size_t receivedBytes);
    std::optional<DenyReason> passwordProblem(const Hello& hello) const;
    void onReturning(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes);
    // Why this host's record cannot take the returning client back (empty: it can).
    std::string recordBehind(const Hello& hello) const;
    void refuseDamaged(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes,
                       std::string detail);
    bool provesItself(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes);
    bool freshCookie(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes);
    bool rightPassword(TimeMs now, const PeerAddress& from, const Hello& hello, std::size_t receivedBytes);
    void summarizeRefusals(TimeMs now);
    JournalSession journalSession() const;
    void deny(TimeMs now, const PeerAddress& from, const Hello& hello, DenyReason reason, std::size_t receivedBytes);
    void admit(TimeMs now, const PeerAddress& from, const Hello& hello);
    void sendWelcome(TimeMs now);
    std::string cookieFor(TimeMs now, const PeerAddress& from, Nonce client, int bucketsAgo) const;

    // The session of a journal, its client's seat held (HostSessionRestore.cpp).
    void takeSessionBack(TimeMs now, const JournalSession& session);
    // The game a restore replayed, taken up where the journal's entries [first, end) left it.
    void restoreGame(TimeMs now, std::vector<JournalEntry>::const_iterator first,
                     std::vector<JournalEntry>::const_iterator end);
    void announceRestoredGame(TimeMs now);

    std::unique_ptr<ArbitrationPolicy> m_arbitration; // first arrival until a deal says otherwise
    Key m_cookieSecret{};                             // made at start from the injected generator; never sent
    RefusalLimiter m_refusals;                        // what refused addresses may cost: DENYs, lines, proofs checked
    FindResponder m_finds;                            // which finders' FINDs get a HERE
    Match m_match;
    WireNumber m_revision = 0;
    CurrentGame m_game;
    // When each field pile last changed (a play, the flip, the deal), host session clock in µs.
    std::array<std::int64_t, kFieldPiles> m_pileChangedUs{};
    std::vector<JournalRecord> m_journal;
    TimeMs m_nextRekeyAt = kNever; // restored: when to ask the client to come back (REKEY) again
    std::string m_recordDamage;    // restored from a journal that cannot prove it is complete: why
    TimeMs m_waitingForAckSince = 0; // since when the newest revision waits for the client's OK
};

} // namespace speed::protocol
