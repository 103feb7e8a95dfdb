#include "speed/common/Match.hpp"

#include "speed/common/Deal.hpp"

#include <array>

namespace speed {

std::string_view describe(MatchRefusal refusal) {
    switch (refusal) {
    case MatchRefusal::None: return "taken";
    case MatchRefusal::NotDealt: return "no game is being played";
    case MatchRefusal::Paused: return "the game is paused";
    case MatchRefusal::FlipIsAutomatic: return "the SPEED! flip is made for both players, not proposed";
    }
    return "refused";
}

std::string_view describe(const PlayOutcome& outcome) {
    return outcome.refusal != MatchRefusal::None ? describe(outcome.refusal) : describe(outcome.error);
}

Match::Match(MatchTiming timing) : m_timing(timing) {}

void Match::deal(const RuleOptions& rules, std::uint64_t seed, TimeMs now) {
    freshGame(m_gameNumber + 1, rules, seed);
    m_clock.start(now);
    afterChange(now);
}

void Match::freshGame(int gameNumber, const RuleOptions& rules, std::uint64_t seed) {
    m_gameNumber = gameNumber;
    m_seed = seed;
    m_state = speed::deal(rules, seed);
    m_flips = 0;
    m_moves = 0;
    m_flipGameMs = kNever;
    m_endedAt = kNever;
}

namespace {

// True when `table` could open a game: each card at most once (jokers up to the rules'), no
// move or flip counted, no result, every seat holding a card, playable rules.
bool startsAGame(const GameState& table) {
    if (!validate(table.rules).empty() || table.result != GameResult::Playing || table.movesApplied != 0 ||
        table.flips != 0) {
        return false;
    }
    std::array<int, Card::kDistinctCodes> seen{};
    const auto count = [&seen](Card card) { ++seen[static_cast<std::size_t>(card.index())]; };
    for (const PlayerArea& area : table.players) {
        if (area.cardsLeft() == 0) return false;
        for (const Card card : area.deck) count(card);
        for (std::size_t slot = 0; slot < area.hand.size(); ++slot) {
            if (!area.hand[slot]) continue;
            if (static_cast<int>(slot) >= table.rules.handSize) return false;
            count(*area.hand[slot]);
        }
    }
    for (const CardStack& pile : table.field) {
        for (const Card card : pile) count(card);
    }
    for (int index = 0; index < Card::kDistinctCodes; ++index) {
        const int most = Card::fromIndex(index).isJoker() ? table.rules.jokers : 1;
        if (seen[static_cast<std::size_t>(index)] > most) return false;
    }
    return true;
}

} // namespace

bool Match::start(const GameState& table, TimeMs now) {
    if (!startsAGame(table)) return false;
    m_gameNumber += 1;
    m_seed = 0;
    m_state = table;
    m_flips = 0;
    m_moves = 0;
    m_flipGameMs = kNever;
    m_endedAt = kNever;
    m_clock.start(now);
    afterChange(now);
    return true;
}

bool Match::restore(const RuleOptions& rules, std::uint64_t seed, int gameNumber, const std::vector<Move>& history,
                    TimeMs elapsedMs, TimeMs now) {
    freshGame(gameNumber, rules, seed);
    for (const Move& move : history) {
        if (m_state.result != GameResult::Playing || applyMove(m_state, move) != MoveError::None) {
            m_gameNumber = gameNumber - 1;
            m_state = GameState{};
            return false;
        }
        ++(move.kind == MoveKind::Flip ? m_flips : m_moves);
    }
    m_clock.start(now - std::max<TimeMs>(0, elapsedMs));
    if (m_state.result != GameResult::Playing) {
        m_clock.stop(now);
        m_endedAt = now - m_timing.resultHoldMs;
        return true;
    }
    m_clock.pause(now);
    if (needsFlip(m_state)) m_flipGameMs = m_clock.elapsedMs(now) + m_timing.speedCallMs;
    return true;
}

PlayOutcome Match::play(const Move& move, TimeMs now) {
    if (!dealt()) return {MatchRefusal::NotDealt, MoveError::None};
    if (move.kind == MoveKind::Flip) return {MatchRefusal::FlipIsAutomatic, MoveError::None};
    if (paused() && !over()) return {MatchRefusal::Paused, MoveError::None};
    const MoveError error = applyMove(m_state, move);
    if (error != MoveError::None) return {MatchRefusal::None, error};
    ++m_moves;
    afterChange(now);
    return {};
}

std::optional<Move> Match::advance(TimeMs now) {
    if (!speedCalled() || paused() || m_clock.elapsedMs(now) < m_flipGameMs) return std::nullopt;
    m_flipGameMs = kNever;
    const Move flip = Move::flip();
    if (applyMove(m_state, flip) != MoveError::None) return std::nullopt; // the table changed meanwhile
    ++m_flips;
    afterChange(now);
    return flip;
}

// A move or a flip changed the table: the game may be over, or stuck until the next SPEED!.
void Match::afterChange(TimeMs now) {
    if (m_state.result != GameResult::Playing) {
        m_flipGameMs = kNever;
        m_endedAt = now;
        m_clock.stop(now);
        return;
    }
    if (needsFlip(m_state) && m_flipGameMs == kNever) m_flipGameMs = m_clock.elapsedMs(now) + m_timing.speedCallMs;
}

void Match::pause(TimeMs now) {
    if (dealt() && !over()) m_clock.pause(now);
}

void Match::resume(TimeMs now) {
    if (!paused()) return;
    m_clock.resume(now);
    if (speedCalled()) m_flipGameMs = m_clock.elapsedMs(now) + m_timing.speedCallMs;
}

MatchPhase Match::phase(TimeMs now) const {
    if (!dealt()) return MatchPhase::NotDealt;
    if (over()) return now >= m_endedAt + m_timing.resultHoldMs ? MatchPhase::Finished : MatchPhase::Result;
    if (paused()) return MatchPhase::Paused;
    return speedCalled() ? MatchPhase::SpeedCall : MatchPhase::Play;
}

TimeMs Match::nextWakeAt(TimeMs now) const {
    if (over()) return now < m_endedAt + m_timing.resultHoldMs ? m_endedAt + m_timing.resultHoldMs : kNever;
    return speedCalled() ? m_clock.wallTimeOf(m_flipGameMs) : kNever;
}

} // namespace speed
