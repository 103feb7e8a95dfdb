#include "table/Animation.hpp"

#include "table/Speeds.hpp"

#include <algorithm>

namespace speed::client {
namespace {

std::optional<Card> slotCard(const GameState& state, int seat, int slot) {
    return state.player(seat).hand[static_cast<std::size_t>(slot)];
}

// Where a seat's SPEED! card came from: its deck, or (deck empty) the hand slot it left.
Place flipSource(const GameState& before, const GameState& after, int seat) {
    if (!before.player(seat).deck.empty()) return Place::deck(seat);
    for (int slot = 0; slot < before.rules.handSize; ++slot) {
        if (slotCard(before, seat, slot) && !slotCard(after, seat, slot)) return Place::handSlot(seat, slot);
    }
    return Place::deck(seat);
}

CardFlight flight(Card card, bool faceUp, Rect from, Place to, TimeMs now, TimeMs durationMs) {
    return CardFlight{card, faceUp, from, to, now, durationMs};
}

} // namespace

float flightProgress(const CardFlight& f, TimeMs now) {
    if (f.durationMs <= 0 || now >= f.startMs + f.durationMs) return 1.0f;
    if (now <= f.startMs) return 0.0f;
    const float t = static_cast<float>(now - f.startMs) / static_cast<float>(f.durationMs);
    const float remaining = 1.0f - t;
    return 1.0f - remaining * remaining * remaining;
}

Rect flightRect(const CardFlight& f, const Rect& destination, TimeMs now) {
    const float t = flightProgress(f, now);
    const Point at = lerp(f.from.topLeft(), destination.topLeft(), t);
    return {at.x, at.y, f.from.width + (destination.width - f.from.width) * t,
            f.from.height + (destination.height - f.from.height) * t};
}

void Timeline::prune(TimeMs now) {
    std::erase_if(m_flights, [now](const CardFlight& f) { return f.landed(now); });
}

bool Timeline::busy(TimeMs now) const {
    return std::any_of(m_flights.begin(), m_flights.end(), [now](const CardFlight& f) { return !f.landed(now); });
}

int Timeline::pendingArrivals(const Place& place, TimeMs now) const {
    return static_cast<int>(std::count_if(m_flights.begin(), m_flights.end(),
                                          [&](const CardFlight& f) { return f.to == place && !f.landed(now); }));
}

std::vector<CardFlight> flightsForMove(const GameState& before, const GameState& after, const Move& move,
                                       const TableLayout& layout, TimeMs now, std::optional<FlightStart> start) {
    std::vector<CardFlight> flights;
    const TimeMs duration = start ? start->durationMs : kCardFlightMs;
    switch (move.kind) {
    case MoveKind::Play: {
        const Rect from = start ? start->rect : rectOf(layout, Place::handSlot(move.seat, move.slot));
        flights.push_back(flight(move.card, true, from, Place::pile(move.pile), now, duration));
        if (const auto refilled = slotCard(after, move.seat, move.slot)) { // automatic refill
            flights.push_back(flight(*refilled, true, rectOf(layout, Place::deck(move.seat)),
                                     Place::handSlot(move.seat, move.slot), now, kCardFlightMs));
        }
        break;
    }
    case MoveKind::Refill:
        if (const auto card = slotCard(after, move.seat, move.slot)) {
            const Rect from = start ? start->rect : rectOf(layout, Place::deck(move.seat));
            flights.push_back(flight(*card, true, from, Place::handSlot(move.seat, move.slot), now, duration));
        }
        break;
    case MoveKind::Flip:
        for (int seat = 0; seat < kSeats; ++seat) {
            if (after.pile(seat).empty()) continue;
            const Rect from = rectOf(layout, flipSource(before, after, seat));
            flights.push_back(flight(after.pile(seat).top(), true, from, Place::pile(seat), now, kFlipFlightMs));
        }
        break;
    }
    return flights;
}

} // namespace speed::client
