#include "speed/protocol/Session.hpp"

#include "speed/common/Invariant.hpp"
#include "speed/protocol/Codec.hpp"
#include "speed/protocol/TableView.hpp"

#include <algorithm>

// The client's half: proposals shown at once (prediction), resent until the host answers,
// rolled back on NG or when the host's table says otherwise.
namespace speed::protocol {
namespace {

constexpr int kHostSeat = 0;
constexpr int kClientSeat = 1;

std::string_view refusalText(Refusal reason) {
    switch (reason) {
    case Refusal::Paused: return "the game is paused";
    case Refusal::NotPlaying: return "no game is being played";
    case Refusal::GameOver: return describe(MoveError::GameOver);
    case Refusal::BadSeat: return describe(MoveError::BadSeat);
    case Refusal::BadSlot: return describe(MoveError::BadSlot);
    case Refusal::BadPile: return describe(MoveError::BadPile);
    case Refusal::CardNotInHand: return describe(MoveError::CardNotInHand);
    case Refusal::PileEmpty: return describe(MoveError::PileEmpty);
    case Refusal::NotAdjacent: return describe(MoveError::NotAdjacent);
    case Refusal::SlotOccupied: return describe(MoveError::SlotOccupied);
    case Refusal::DeckEmpty: return describe(MoveError::DeckEmpty);
    case Refusal::NotStalemate: return describe(MoveError::NotStalemate);
    }
    return "refused";
}

} // namespace

ProposalOutcome Session::clientPropose(TimeMs now, const Move& move) {
    const auto waiting = std::count_if(m_proposals.begin(), m_proposals.end(), [](const PendingProposal& p) { return !p.confirmed; });
    if (waiting >= m_config.timing.maxProposalsInFlight) {
        return refuseLocally(now, move, MoveError::None, "still waiting for the host to answer earlier moves");
    }
    const MoveError error = checkMove(m_predicted, move);
    if (error != MoveError::None) return refuseLocally(now, move, error, describe(error));
    PendingProposal proposal;
    proposal.move = move;
    proposal.request = MoveRequest{m_game, m_nextProposalId++, move.kind, move.slot, move.card, move.pile ^ kClientSeat};
    proposal.proposedAt = now;
    proposal.nextSendAt = now + m_config.timing.resendIntervalMs;
    send(now, proposal.request);
    m_proposals.push_back(proposal);
    ++m_stats.proposalsSent;
    applyMove(m_predicted, move); // shown at once
    return {true, MoveError::None};
}

void Session::clientOnUpdate(TimeMs now, const Update& update) {
    if (!update.header) return ignore(now, "8 (UPDATE without GAME and REV, the seed's form)");
    const SnapshotHeader& header = *update.header;
    const bool older = header.game < m_game || (header.game == m_game && header.revision <= m_revision);
    if (older) {
        send(now, Ok{Subject::Update, m_game, 0, m_revision}); // the host may have missed our OK
        return ignore(now, "7 (revision " + std::to_string(header.revision) + " is not newer than ours)");
    }
    StateFromView rebuilt = stateFromView(update.table, kHostSeat, header.rules);
    if (!rebuilt.state) return ignore(now, "9 (the table does not fit its rules: " + rebuilt.error + ")");
    if (std::string lost = conservationError(*rebuilt.state); !lost.empty()) {
        return ignore(now, "9 (the table loses or doubles cards: " + lost + ")");
    }
    clientAdoptSnapshot(now, header, *rebuilt.state);
    send(now, Ok{Subject::Update, m_game, 0, m_revision});
}

void Session::clientAdoptSnapshot(TimeMs now, const SnapshotHeader& header, const GameState& table) {
    if (header.game != m_game) {
        clientDropProposals(now, "a new game started");
        m_nextProposalId = 1;
        settleRequest("START");
        m_gameOverAt = kNever;
        m_localResumeAsked = false;
    }
    const Phase previous = m_phase;
    m_game = header.game;
    m_revision = header.revision;
    m_confirmed = table;
    m_lastDecided = header.lastProposal;
    m_phase = mirrored(header.phase);
    if (m_phase == Phase::Play || (m_phase == Phase::Pause0 && previous != Phase::Pause0)) m_localResumeAsked = false;
    if (m_phase == Phase::SpeedCall && previous != Phase::SpeedCall) emitText(now, SessionEventKind::SpeedCall, "SPEED!");
    if (table.result != GameResult::Playing) noteGameOver(now, table.result);
    std::erase_if(m_proposals, [&](const PendingProposal& p) {
        return p.confirmed && p.request.id <= m_lastDecided;
    });
    clientRepredict();
    refreshInfo(now, "host table received");
}

void Session::clientOnOk(TimeMs now, const Ok& ok) {
    switch (ok.subject) {
    case Subject::Start: return settleRequest("START");
    case Subject::Pause: return settleRequest("PAUSE");
    case Subject::Resume: return settleRequest("RESUME");
    case Subject::Shutdown: return settleRequest("SHUTDOWN");
    case Subject::Update: return ignore(now, "5 (a client is not sent OK UPDATE)");
    case Subject::Move: break;
    }
    const auto proposal = std::find_if(m_proposals.begin(), m_proposals.end(), [&](const PendingProposal& p) {
        return p.request.game == ok.game && p.request.id == ok.id && !p.confirmed;
    });
    if (proposal == m_proposals.end()) return ignore(now, "10 (OK for a proposal that is not pending)");
    SessionEvent event;
    event.kind = SessionEventKind::MoveConfirmed;
    event.at = now;
    event.confirmMs = now - proposal->proposedAt;
    event.text = describe(proposal->move);
    emit(std::move(event));
    ++m_stats.proposalsConfirmed;
    if (proposal->request.id <= m_lastDecided) m_proposals.erase(proposal); // the table already shows it
    else proposal->confirmed = true;
    clientRepredict();
}

void Session::clientOnNg(TimeMs now, const Ng& ng) {
    const auto proposal = std::find_if(m_proposals.begin(), m_proposals.end(), [&](const PendingProposal& p) {
        return p.request.game == ng.game && p.request.id == ng.id && !p.confirmed;
    });
    if (proposal == m_proposals.end()) return ignore(now, "10 (NG for a proposal that is not pending)");
    const Move move = proposal->move;
    m_proposals.erase(proposal);
    ++m_stats.proposalsRejected;
    clientRepredict();
    refuseLocally(now, move, MoveError::None, "the host refused: " + std::string(refusalText(ng.reason)));
}

void Session::clientTick(TimeMs now) {
    for (PendingProposal& proposal : m_proposals) {
        if (proposal.confirmed || now < proposal.nextSendAt) continue;
        proposal.nextSendAt = now + m_config.timing.resendIntervalMs;
        send(now, proposal.request, true);
    }
}

void Session::clientRepredict() {
    // Proposals the host has decided are in the table already (or refused): never apply them twice.
    m_predicted = m_confirmed;
    for (const PendingProposal& proposal : m_proposals) {
        if (proposal.request.id > m_lastDecided) applyMove(m_predicted, proposal.move); // skipped if now illegal
    }
}

void Session::clientDropProposals(TimeMs now, std::string_view why) {
    for (const PendingProposal& proposal : m_proposals) {
        if (!proposal.confirmed) refuseLocally(now, proposal.move, MoveError::GameOver, why);
    }
    m_proposals.clear();
}

} // namespace speed::protocol
