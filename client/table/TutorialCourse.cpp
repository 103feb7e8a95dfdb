#include "table/TutorialCourse.hpp"

#include "text/Words.hpp"

#include "speed/common/Referee.hpp"

#include <algorithm>

namespace speed::client {
namespace {

void addOnce(std::vector<Place>& places, const Place& place) {
    if (std::find(places.begin(), places.end(), place) == places.end()) places.push_back(place);
}

// Lights every legal play of the local seat's hand that `wanted` accepts: the card and its pile.
template <typename Wanted>
void lightPlays(std::vector<Place>& places, const GameState& state, int seat, Wanted wanted) {
    const PlayerArea& area = state.player(seat);
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const auto& card = area.hand[static_cast<std::size_t>(slot)];
        if (!card) continue;
        for (int pile = 0; pile < kFieldPiles; ++pile) {
            const Move move = Move::play(seat, slot, *card, pile);
            if (checkMove(state, move) != MoveError::None || !wanted(move)) continue;
            addOnce(places, Place::handSlot(seat, slot));
            addOnce(places, Place::pile(pile));
        }
    }
}

bool handFullOrDeckEmpty(const PlayerArea& area, int handSize) {
    return area.deck.empty() || area.handCount() >= handSize;
}

} // namespace

std::string_view stepName(TutorialStep step) {
    switch (step) {
    case TutorialStep::Opening: return "opening";
    case TutorialStep::Play: return "play";
    case TutorialStep::Wrap: return "wrap";
    case TutorialStep::Joker: return "joker";
    case TutorialStep::Refill: return "refill";
    case TutorialStep::Speed: return "speed";
    case TutorialStep::Win: return "win";
    case TutorialStep::Done: return "done";
    }
    return "done";
}

const char* stepTitle(TutorialStep step) {
    switch (step) {
    case TutorialStep::Opening: return tr("tutorial.step.opening.title");
    case TutorialStep::Play: return tr("tutorial.step.play.title");
    case TutorialStep::Wrap: return tr("tutorial.step.wrap.title");
    case TutorialStep::Joker: return tr("tutorial.step.joker.title");
    case TutorialStep::Refill: return tr("tutorial.step.refill.title");
    case TutorialStep::Speed: return tr("tutorial.step.speed.title");
    case TutorialStep::Win: return tr("tutorial.step.win.title");
    case TutorialStep::Done: return tr("tutorial.step.done.title");
    }
    return tr("tutorial.step.done.title");
}

const char* stepText(TutorialStep step) {
    switch (step) {
    case TutorialStep::Opening: return tr("tutorial.step.opening.text");
    case TutorialStep::Play: return tr("tutorial.step.play.text");
    case TutorialStep::Wrap: return tr("tutorial.step.wrap.text");
    case TutorialStep::Joker: return tr("tutorial.step.joker.text");
    case TutorialStep::Refill: return tr("tutorial.step.refill.text");
    case TutorialStep::Speed: return tr("tutorial.step.speed.text");
    case TutorialStep::Win: return tr("tutorial.step.win.text");
    case TutorialStep::Done: return tr("tutorial.step.done.text");
    }
    return tr("tutorial.step.done.text");
}

bool isWrap(const GameState& state, const Move& move) {
    if (move.kind != MoveKind::Play || move.pile < 0 || move.pile >= kFieldPiles || state.pile(move.pile).empty()) return false;
    const int card = move.card.rank();
    const int top = state.pile(move.pile).top().rank();
    return (card == 1 && top == Card::kRanks) || (card == Card::kRanks && top == 1); // jokers have rank 0
}

bool TutorialCourse::asksFor(const Move& move, const GameState& state) const {
    switch (m_step) {
    case TutorialStep::Opening:
    case TutorialStep::Speed: return false; // the flip is the match's, nobody else moves
    case TutorialStep::Play:
        return move.kind == MoveKind::Play && !move.card.isJoker() && !isWrap(state, move) &&
               !(move.pile >= 0 && move.pile < kFieldPiles && !state.pile(move.pile).empty() &&
                 state.pile(move.pile).top().isJoker());
    case TutorialStep::Wrap: return isWrap(state, move);
    case TutorialStep::Joker: return move.kind == MoveKind::Play && move.card.isJoker();
    case TutorialStep::Refill: return move.kind == MoveKind::Refill;
    case TutorialStep::Win:
    case TutorialStep::Done: return true;
    }
    return false;
}

bool TutorialCourse::noteMove(const Move& move, const GameState& before, const GameState& after) {
    if (done()) return false;
    bool finished = false;
    if (after.result != GameResult::Playing) {
        m_step = TutorialStep::Done;
        return true;
    }
    const bool mine = move.kind != MoveKind::Flip && move.seat == m_seat;
    switch (m_step) {
    case TutorialStep::Opening:
    case TutorialStep::Speed: finished = move.kind == MoveKind::Flip; break;
    case TutorialStep::Play:
    case TutorialStep::Wrap:
    case TutorialStep::Joker: finished = mine && move.kind == MoveKind::Play && asksFor(move, before); break;
    case TutorialStep::Refill:
        finished = mine && move.kind == MoveKind::Refill && handFullOrDeckEmpty(after.player(m_seat), after.rules.handSize);
        break;
    case TutorialStep::Win:
    case TutorialStep::Done: break; // the end of the game finishes these
    }
    if (finished) m_step = static_cast<TutorialStep>(static_cast<int>(m_step) + 1);
    return finished;
}

void TutorialCourse::skipStep() {
    if (done()) return;
    m_skipped = true;
    m_step = static_cast<TutorialStep>(static_cast<int>(m_step) + 1);
}

void TutorialCourse::skipAll() {
    if (!done()) m_skipped = true;
    m_step = TutorialStep::Done;
}

void TutorialCourse::restart() {
    m_step = TutorialStep::Opening;
    m_skipped = false;
}

std::vector<Place> TutorialCourse::lit(const GameState& state) const {
    std::vector<Place> places;
    if (state.result != GameResult::Playing) return places;
    const PlayerArea& area = state.player(m_seat);
    switch (m_step) {
    case TutorialStep::Opening:
    case TutorialStep::Speed:
        for (int pile = 0; pile < kFieldPiles; ++pile) places.push_back(Place::pile(pile));
        break;
    case TutorialStep::Play:
    case TutorialStep::Wrap:
    case TutorialStep::Joker:
        lightPlays(places, state, m_seat, [this, &state](const Move& move) { return asksFor(move, state); });
        break;
    case TutorialStep::Refill:
        if (area.deck.empty()) break;
        places.push_back(Place::deck(m_seat));
        for (int slot = 0; slot < state.rules.handSize; ++slot) {
            if (!area.hand[static_cast<std::size_t>(slot)]) places.push_back(Place::handSlot(m_seat, slot));
        }
        break;
    case TutorialStep::Win:
        lightPlays(places, state, m_seat, [](const Move&) { return true; });
        if (places.empty() && !area.deck.empty() && area.handCount() < state.rules.handSize) {
            places.push_back(Place::deck(m_seat));
        }
        break;
    case TutorialStep::Done: break;
    }
    return places;
}

} // namespace speed::client
