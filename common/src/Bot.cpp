#include "speed/common/Bot.hpp"

#include "speed/common/Referee.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <type_traits>

namespace speed {
namespace {

// Whether the pile `move` aims at is `seen` card for card (targetPile's answer, compared where it
// lies rather than copied): the plan's pile when it was made. A move at no pile has the empty one.
bool sameTarget(const GameState& state, const Move& move, const CardStack& seen) {
    if (move.kind != MoveKind::Play || move.pile < 0 || move.pile >= kFieldPiles) return seen.empty();
    const CardStack& pile = state.pile(move.pile);
    static_assert(sizeof(Card) == 1 && std::is_trivially_copyable_v<Card>);
    return pile.size() == seen.size() && std::memcmp(pile.begin(), seen.begin(), static_cast<std::size_t>(pile.size())) == 0;
}

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

// The ladder, in BotLevel's order. Each median is about 0.76 of the one below it, from a
// beginner's 1.8 s to a quick player's 0.45 s: enough for each level to take about 79% of the
// decided games against the one below (tests/bench/cpu_ladder.py). Easy keeps about 1.5 s per
// action, the CPU opponent's oldest pace, and normal the 0.8 s of the first release; that release's
// hard (0.35 s) was quicker than people are, so hard is now 0.59 s and expert tops the ladder.
constexpr std::array<BotProfile, 7> kProfiles{{
    {"novice", "Hana", 1, 1800, 0.40, 1.5},
    {"easy", "Sora", 2, 1360, 0.40, 1.5},
    {"casual", "Kaito", 3, 1030, 0.40, 1.5},
    {"normal", "Yui", 4, 780, 0.40, 1.5},
    {"hard", "Ren", 5, 590, 0.40, 1.5},
    {"expert", "Takumi", 6, 450, 0.40, 1.5},
    {"max", "max", 0, 3, 0.0, 1.0},
}};

// A uniform double in [0, 1) from the top 53 bits.
double unit(SplitMix64& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

// A standard normal deviate by Marsaglia's polar method (one of the pair is used).
double standardNormal(SplitMix64& rng) {
    for (;;) {
        const double u = 2.0 * unit(rng) - 1.0;
        const double v = 2.0 * unit(rng) - 1.0;
        const double s = u * u + v * v;
        if (s > 0.0 && s < 1.0) return u * std::sqrt(-2.0 * std::log(s) / s);
    }
}

} // namespace

std::string_view toString(BotLevel level) { return botProfile(level).word; }

std::optional<BotLevel> parseBotLevel(std::string_view text) {
    for (BotLevel level : allBotLevels()) {
        if (text == toString(level)) return level;
    }
    return std::nullopt;
}

const std::vector<BotLevel>& allBotLevels() {
    static const std::vector<BotLevel> levels{BotLevel::Novice, BotLevel::Easy,   BotLevel::Casual, BotLevel::Normal,
                                              BotLevel::Hard,   BotLevel::Expert, BotLevel::Max};
    return levels;
}

const std::vector<BotLevel>& ladderLevels() {
    static const std::vector<BotLevel> levels(allBotLevels().begin(), allBotLevels().end() - 1);
    return levels;
}

bool isLadderLevel(BotLevel level) { return level != BotLevel::Max; }

const BotProfile& botProfile(BotLevel level) {
    const auto index = static_cast<std::size_t>(level);
    return index < kProfiles.size() ? kProfiles[index] : kProfiles[static_cast<std::size_t>(BotLevel::Normal)];
}

std::string botTitle(BotLevel level) {
    const BotProfile& profile = botProfile(level);
    if (!isLadderLevel(level)) return std::string(profile.word) + " (test bot)";
    return std::string(profile.name) + " (" + std::string(profile.word) + ")";
}

TimeMs drawReactionMs(BotLevel level, SplitMix64& rng, bool afterFlip) {
    if (!isLadderLevel(level)) return kMaxBotMinMs + static_cast<TimeMs>(rng.below(kMaxBotMaxMs - kMaxBotMinMs + 1));
    const BotProfile& profile = botProfile(level);
    const double median = static_cast<double>(profile.medianMs) * (afterFlip ? profile.afterFlipFactor : 1.0);
    const double z = std::clamp(standardNormal(rng), -4.0, 4.0);
    const double above = (median - static_cast<double>(kReactionFloorMs)) * std::exp(profile.spread * z);
    return kReactionFloorMs + static_cast<TimeMs>(std::llround(above));
}

Bot::Bot(int seat, BotLevel level, std::uint64_t seed) : m_seat(seat), m_level(level), m_rng(seed) {}

Bot::View Bot::viewOf(const GameState& state) const {
    View view;
    view.result = state.result;
    view.handSize = state.rules.handSize;
    const PlayerArea& area = state.player(m_seat);
    view.hand = area.hand;
    for (int pile = 0; pile < kFieldPiles; ++pile) {
        const CardStack& stack = state.pile(pile);
        if (!stack.empty()) view.tops[static_cast<std::size_t>(pile)] = stack.top();
    }
    view.deckEmpty = area.deck.empty();
    return view;
}

std::optional<Move> Bot::bestAction(const GameState& state) const {
    View view = viewOf(state);
    if (m_lastBest && m_lastBest->first == view) return m_lastBest->second;
    std::optional<Move> best = searchBestAction(state);
    m_lastBest.emplace(std::move(view), best);
    return best;
}

std::optional<Move> Bot::searchBestAction(const GameState& state) const {
    if (state.result != GameResult::Playing) return std::nullopt;
    const PlayerArea& area = state.player(m_seat);
    std::optional<Move> best;
    int bestScore = -1;
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const auto& card = area.hand[static_cast<std::size_t>(slot)];
        if (!card) continue;
        for (int pile = 0; pile < kFieldPiles; ++pile) {
            // checkMove's answer for this play, asked directly: the game goes on, the seat, slot,
            // pile and card are the ones it holds, so only the pile's top can refuse it.
            const CardStack& onPile = state.pile(pile);
            if (onPile.empty() || !adjacent(*card, onPile.top())) continue;
            const Move move = Move::play(m_seat, slot, *card, pile);
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
    // A SPEED! flip put new cards on both piles: what was being thought about is stale, and the
    // next action waits until the new tops are taken in.
    if (state.flips != m_flipsSeen) {
        m_flipsSeen = state.flips;
        m_plan.reset();
        m_takingIn = true;
    }
    if (m_plan && now < m_plan->readyAt) return {std::nullopt, m_plan->readyAt};
    if (m_plan) {
        const Move planned = m_plan->move;
        const bool stillGoes = checkMove(state, planned) == MoveError::None && sameTarget(state, planned, m_plan->pileSeen);
        m_plan.reset();
        if (stillGoes) return {planned, kNever};
        // The target pile changed while thinking (compared card by card, not by its top alone: a
        // joker played on a joker leaves the same top): look again, quicker than a fresh reaction (but
        // never under the floor).
        if (auto again = bestAction(state)) {
            m_plan = Plan{*again, now + rethinkTime(), targetPile(state, *again)};
            return {std::nullopt, m_plan->readyAt};
        }
        return {};
    }
    if (auto action = bestAction(state)) {
        m_plan = Plan{*action, now + reactionTime(), targetPile(state, *action)};
        return {std::nullopt, m_plan->readyAt};
    }
    return {};
}

TimeMs Bot::reactionTime() {
    const bool afterFlip = m_takingIn;
    m_takingIn = false;
    return drawReactionMs(m_level, m_rng, afterFlip);
}

TimeMs Bot::rethinkTime() {
    const TimeMs half = drawReactionMs(m_level, m_rng, false) / 2;
    return isLadderLevel(m_level) ? std::max(half, kReactionFloorMs) : half;
}

CardStack Bot::targetPile(const GameState& state, const Move& move) const {
    if (move.kind != MoveKind::Play || move.pile < 0 || move.pile >= kFieldPiles) return {};
    return state.pile(move.pile);
}

} // namespace speed
