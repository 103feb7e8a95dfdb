#include "table/TableMotion.hpp"

namespace speed::client {

// Every flight goes through here. A card still in the air to another place (a refill not yet
// in its slot when the card is played on) is taken from where it is now, not from where it was
// headed: one card is never drawn twice, and the earlier flight does not land under the new one.
void TableMotion::launch(CardFlight flight, const TableLayout* layout, TimeMs now) {
    if (std::optional<CardFlight> inAir = m_timeline.takeFlightOf(flight.card, flight.to, now)) {
        if (layout != nullptr) flight.from = flightRect(*inAir, rectOf(*layout, inAir->to), now);
        flight.turns = false; // it shows its face already
    }
    m_timeline.add(flight);
}

void TableMotion::showMove(const GameState& before, const GameState& after, const Move& move, const TableLayout& layout,
                           TimeMs now, std::optional<FlightStart> start) {
    for (const CardFlight& flight : flightsForMove(before, after, move, layout, now, start)) launch(flight, &layout, now);
}

void TableMotion::deal(const GameState& dealt, const TableLayout& layout, TimeMs now, TimeMs landsBy) {
    for (const CardFlight& flight : flightsForDeal(dealt, layout, now, landsBy)) launch(flight, &layout, now);
}

void TableMotion::slideHome(const GameState& state, const Place& source, const Rect& from, TimeMs now, TimeMs durationMs) {
    if (source.kind == PlaceKind::HandSlot) {
        const auto& card = state.player(source.seat).hand[static_cast<std::size_t>(source.index)];
        if (card) launch({*card, true, from, source, now, durationMs}, nullptr, now);
    } else if (!state.player(source.seat).deck.empty()) {
        launch({state.player(source.seat).deck.top(), false, from, source, now, durationMs}, nullptr, now);
    }
}

// "No": the card jumps a little to the side and slides back.
void TableMotion::nudge(const GameState& state, const TableLayout& layout, const Place& source, TimeMs now) {
    const Rect home = rectOf(layout, source);
    slideHome(state, source, home.movedTo({home.left + home.width * 0.12f, home.top}), now, kRefusedNudgeMs);
}

// The card slides from the pile back to its slot, and the pile (where the other side got there
// first) is lit for a moment.
void TableMotion::refusedByHost(const Move& move, const TableLayout& layout, TimeMs now) {
    if (move.kind != MoveKind::Play) return;
    const Place home = Place::handSlot(move.seat, move.slot);
    launch({move.card, true, rectOf(layout, Place::pile(move.pile)), home, now, kHostRefusedSlideMs}, &layout, now);
    m_litPile = move.pile;
    m_litUntil = now + kHostRefusedFlashMs;
}

void TableMotion::takenBack(const GameState& state, const Move& move, const TableLayout& layout, TimeMs now,
                            std::string text) {
    const Place home = Place::handSlot(move.seat, move.slot);
    if (move.kind == MoveKind::Play) {
        launch({move.card, true, rectOf(layout, Place::pile(move.pile)), home, now, kTakenBackSlideMs}, &layout, now);
        m_litPile = move.pile;
        m_litUntil = now + kTakenBackSlideMs + kHostRefusedFlashMs;
    } else if (move.kind == MoveKind::Refill) {
        slideHome(state, Place::deck(move.seat), rectOf(layout, home), now, kTakenBackSlideMs);
    }
    if (!text.empty()) m_note = TableNote{home, std::move(text), now + kTakenBackNoteMs};
}

void TableMotion::say(const Place& at, std::string text, TimeMs now) {
    if (text.empty()) return;
    m_note = TableNote{at, std::move(text), now + kRefusalNoteMs};
    m_said.push_back(*m_note);
}

void TableMotion::prune(TimeMs now) {
    m_timeline.prune(now);
    if (m_litPile && now >= m_litUntil) m_litPile.reset();
    if (m_note && now >= m_note->until) m_note.reset();
}

} // namespace speed::client
