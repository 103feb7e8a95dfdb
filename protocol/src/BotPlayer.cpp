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
        std::optional<GameState> seen;
        if (onProposed) seen = session.state();
        const ProposalOutcome outcome = session.proposeMove(now, *decision.move);
        if (outcome.sent && onProposed) onProposed(*decision.move, *seen);
    }
    return now;
}

} // namespace speed::protocol
