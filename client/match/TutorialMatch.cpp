#include "match/TutorialMatch.hpp"

#include "match/PhaseInfo.hpp"

#include "text/Words.hpp"

#include "speed/common/Referee.hpp"

#include <algorithm>
#include <optional>

namespace speed::client {
namespace {

constexpr int kOpponent = 1;

Card cardOf(Suit suit, int rank) { return Card::of(suit, rank); }

// The opponent's move: the legal one that leaves the player least to do (no play and no refill
// first), refills before plays on a tie; the lesson wants nobody able to play, not a race.
std::optional<Move> opponentMove(const GameState& state) {
    std::vector<Move> moves;
    const PlayerArea& area = state.player(kOpponent);
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        moves.push_back(Move::refill(kOpponent, slot));
        if (const auto& card = area.hand[static_cast<std::size_t>(slot)]) {
            for (int pile = 0; pile < kFieldPiles; ++pile) moves.push_back(Move::play(kOpponent, slot, *card, pile));
        }
    }
    std::optional<Move> best;
    bool bestLeavesPlay = true;
    for (const Move& move : moves) {
        GameState after = state;
        if (applyMove(after, move) != MoveError::None) continue;
        const bool leavesPlay = canAct(after, 0);
        if (!best || (bestLeavesPlay && !leavesPlay)) {
            best = move;
            bestLeavesPlay = leavesPlay;
        }
    }
    return best;
}

} // namespace

GameState tutorialTable() {
    GameState table;
    table.rules = RuleOptions{}; // two jokers, four slots, refills by hand: the game's defaults
    PlayerArea& you = table.player(0);
    you.hand = {cardOf(Suit::Diamond, 8), cardOf(Suit::Spade, 13), Card::joker(), cardOf(Suit::Club, 3)};
    for (const Card card : {cardOf(Suit::Spade, 2), cardOf(Suit::Spade, 6), cardOf(Suit::Diamond, 5),
                            cardOf(Suit::Club, 4), cardOf(Suit::Club, 7)}) {
        you.deck.push(card); // bottom first: the 7♣ is turned by the opening SPEED!
    }
    PlayerArea& cpu = table.player(kOpponent);
    cpu.hand = {cardOf(Suit::Heart, 10), cardOf(Suit::Heart, 4), cardOf(Suit::Club, 5), cardOf(Suit::Diamond, 6)};
    for (const Card card : {cardOf(Suit::Heart, 2), cardOf(Suit::Diamond, 3), cardOf(Suit::Heart, 1)}) cpu.deck.push(card);
    return table;
}

TutorialMatch::TutorialMatch(TimeMs now) : m_match(kTutorialTiming) { begin(now); }

void TutorialMatch::begin(TimeMs now) {
    m_match.start(tutorialTable(), now);
    m_course.restart();
    m_info = GameInfo::Play; // as a deal: offline nothing waits for a connection
    m_opponentAt = kNever;
    m_opponentMoves = 0;
    refreshInfo(now);
}

void TutorialMatch::restart(TimeMs now) { begin(now); }

std::vector<AppliedMove> TutorialMatch::tick(TimeMs now) {
    std::vector<AppliedMove> applied;
    refreshInfo(now);
    if (m_info != GameInfo::Play) return applied;
    const GameState before = m_match.state();
    if (const auto flip = m_match.advance(now)) {
        applied.push_back({*flip, before, m_match.state()});
        afterChange(*flip, before, now);
        return applied;
    }
    if (m_opponentAt == kNever || now < m_opponentAt) return applied;
    m_opponentAt = kNever;
    if (!opponentWants()) return applied;
    if (const auto move = opponentMove(m_match.state()); move && m_match.play(*move, now).accepted()) {
        ++m_opponentMoves;
        applied.push_back({*move, before, m_match.state()});
        afterChange(*move, before, now);
    }
    return applied;
}

MoveAnswer TutorialMatch::propose(const Move& move, TimeMs now) {
    if (move.kind != MoveKind::Flip && move.seat != localSeat()) return {{MatchRefusal::None, MoveError::BadSeat}};
    const GameState before = m_match.state();
    // A move the rules refuse is refused as in any game; a legal one the step does not ask for
    // is refused in the lesson's words, until the player skipped a step and plays freely.
    if (move.kind != MoveKind::Flip && checkMove(before, move) == MoveError::None && !m_course.skippedAny() &&
        !m_course.asksFor(move, before) && !m_match.paused()) {
        MoveAnswer answer;
        answer.refusedBy = tr("tutorial.refused");
        return answer;
    }
    const PlayOutcome outcome = m_match.play(move, now);
    if (outcome.accepted()) afterChange(move, before, now);
    return {outcome};
}

void TutorialMatch::afterChange(const Move& move, const GameState& before, TimeMs now) {
    m_course.noteMove(move, before, m_match.state());
    refreshInfo(now);
    schedule(now);
}

// The step needs the opponent (the SPEED! lesson: nobody may be able to play), or the player
// cannot move and the game would stand still.
bool TutorialMatch::opponentWants() const {
    if (!m_match.clockRuns() || m_match.speedCalled()) return false;
    const GameState& state = m_match.state();
    if (!canAct(state, kOpponent)) return false;
    return m_course.step() == TutorialStep::Speed || !canAct(state, localSeat());
}

void TutorialMatch::schedule(TimeMs now) {
    m_opponentAt = opponentWants() ? now + kTutorialOpponentMs : kNever;
}

void TutorialMatch::skipStep(TimeMs now) {
    m_course.skipStep();
    schedule(now);
}

void TutorialMatch::skipAll(TimeMs now) {
    m_course.skipAll();
    schedule(now);
}

bool TutorialMatch::togglePause(TimeMs now) {
    refreshInfo(now);
    if (!togglePlayPause(m_match, m_info, now)) return false;
    refreshInfo(now);
    schedule(now);
    return true;
}

void TutorialMatch::refreshInfo(TimeMs now) {
    // The result stays on the table: the end panel leads on.
    const GameInfo next = phaseInfo(m_match, now, localSeat(), true);
    if (next != m_info && protocol::isDefinedTransition(m_info, next)) m_info = next;
}

TimeMs TutorialMatch::nextWakeAt(TimeMs now) const {
    TimeMs wake = m_match.nextWakeAt(now);
    if (m_info == GameInfo::Play && m_opponentAt != kNever) wake = std::min(wake, std::max(m_opponentAt, now + 1));
    return wake;
}

} // namespace speed::client
