#include "speed/protocol/BotPlayer.hpp"

namespace speed::protocol {
namespace {

constexpr int kMovesPerPoll = 4; // a bot never plays more than this at one instant

} // namespace

BotPlayer::BotPlayer(BotLevel level, std::uint64_t seed, int seat) : m_bot(seat, level, seed) {}

TimeMs BotPlayer::poll(Session& session, TimeMs now) {
    // A pause someone asked for is resumed by asking; one for a silent peer ends when it is back.
    if (isPaused(session.gameInfo()) && !session.peerSilent() && !session.localResumeRequested()) session.resume(now);
    if (session.gameInfo() != GameInfo::Play) return kNever; // asked again when the session changes
    for (int move = 0; move < kMovesPerPoll; ++move) {
        const BotDecision decision = m_bot.decide(session.state(), now);
        if (!decision.move) return decision.wakeAt;
        const Move& proposal = *decision.move;
        const bool onPile = proposal.kind == MoveKind::Play && proposal.pile >= 0 && proposal.pile < kFieldPiles;
        AimedAt aimed; // the pile it aims at, before the session shows the play there
        if (onPile) {
            const CardStack& pile = session.state().field[static_cast<std::size_t>(proposal.pile)];
            aimed.pileSize = static_cast<std::size_t>(pile.size());
            if (!pile.empty()) aimed.top = pile.top();
        }
        const ProposalOutcome outcome = session.proposeMove(now, proposal);
        if (outcome.sent && onProposed) onProposed(proposal, aimed);
    }
    return now;
}

} // namespace speed::protocol
