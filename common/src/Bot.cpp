#include "speed/common/Bot.hpp"

#include "speed/common/Referee.hpp"

namespace speed {
namespace {

// How many other cards in `area` could follow once `played` tops a pile: playing into a
// chain keeps the hand moving, so the policy prefers it.
int followUps(const PlayerArea& area, int handSize, int playedSlot, Card played) {
    int count = 0;
    for (int slot = 0; slot < handSize; ++slot) {
        const auto& card = area.hand[static_cast<std::size_t>(slot)];
        if (slot != playedSlot && card && adjacent(*card, played)) ++count;
    }
    return count;
}

} // namespace

std::string_view toString(BotLevel level) {
    switch (level) {
    case BotLevel::Easy: return "easy";
    case BotLevel::Normal: return "normal";
    case BotLevel::Hard: return "hard";
    case BotLevel::Max: return "max";
    }
    return "normal";
}

std::optional<BotLevel> parseBotLevel(std::string_view text) {
    for (BotLevel level : {BotLevel::Easy, BotLevel::Normal, BotLevel::Hard, BotLevel::Max}) {
        if (text == toString(level)) return level;
    }
    return std::nullopt;
}

BotTiming botTiming(BotLevel level) {
    switch (level) {
    case BotLevel::Easy: return {1200, 1800};
    case BotLevel::Normal: return {600, 1000};
    case BotLevel::Hard: return {250, 450};
    case BotLevel::Max: return {1, 5};
    }
    return {600, 1000};
}

Bot::Bot(int seat, BotLevel level, std::uint64_t seed) : m_seat(seat), m_level(level), m_rng(seed) {}

std::optional<Move> Bot::bestAction(const GameState& state) const {
    if (state.result != GameResult::Playing) return std::nullopt;
    const PlayerArea& area = state.player(m_seat);
    std::optional<Move> best;
    int bestScore = -1;
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const auto& card = area.hand[static_cast<std::size_t>(slot)];
        if (!card) continue;
        for (int pile = 0; pile < kFieldPiles; ++pile) {
            const Move move = Move::play(m_seat, slot, *card, pile);
            if (checkMove(state, move) != MoveError::None) continue;
            // Keep jokers for when nothing else goes; then prefer cards that start a chain.
            const int score = (card->isJoker() ? 0 : 100) + followUps(area, state.rules.handSize, slot, *card);
            if (score > bestScore) {
                bestScore = score;
                best = move;
            }
        }
    }
    if (best) return best;
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const Move move = Move::refill(m_seat, slot);
        if (checkMove(state, move) == MoveError::None) return move;
    }
    return std::nullopt;
}

BotDecision Bot::decide(const GameState& state, TimeMs now) {
    if (state.result != GameResult::Playing) {
        m_plan.reset();
        return {};
    }
    if (m_plan && now < m_plan->readyAt) return {std::nullopt, m_plan->readyAt};
    if (m_plan) {
        const Plan plan = *m_plan;
        m_plan.reset();
        if (checkMove(state, plan.move) == MoveError::None && targetTop(state, plan.move) == plan.pileTop) {
            return {plan.move, kNever};
        }
        // The table changed while thinking: look again, quicker than a fresh reaction.
        if (auto again = bestAction(state)) {
            m_plan = Plan{*again, now + reactionTime() / 2, targetTop(state, *again)};
            return {std::nullopt, m_plan->readyAt};
        }
        return {};
    }
    if (auto action = bestAction(state)) {
        m_plan = Plan{*action, now + reactionTime(), targetTop(state, *action)};
        return {std::nullopt, m_plan->readyAt};
    }
    return {};
}

TimeMs Bot::reactionTime() {
    const BotTiming timing = botTiming(m_level);
    const auto spread = static_cast<std::uint64_t>(timing.maxMs - timing.minMs + 1);
    return timing.minMs + static_cast<TimeMs>(m_rng.below(spread));
}

std::optional<Card> Bot::targetTop(const GameState& state, const Move& move) const {
    if (move.kind != MoveKind::Play || move.pile < 0 || move.pile >= kFieldPiles) return std::nullopt;
    const CardStack& pile = state.pile(move.pile);
    if (pile.empty()) return std::nullopt;
    return pile.top();
}

} // namespace speed
