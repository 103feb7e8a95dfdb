#include "table/Animation.hpp"

#include "table/Speeds.hpp"

#include <algorithm>
#include <cmath>

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

CardFlight flight(Card card, bool faceUp, Rect from, Place to, TimeMs now, TimeMs durationMs, bool turns = false) {
    return CardFlight{card, faceUp, from, to, now, durationMs, turns, false};
}

} // namespace

float flightProgress(const CardFlight& f, TimeMs now) {
    if (f.durationMs <= 0 || now >= f.startMs + f.durationMs) return 1.0f;
    if (now <= f.startMs) return 0.0f;
    const float t = static_cast<float>(now - f.startMs) / static_cast<float>(f.durationMs);
    const float remaining = 1.0f - t;
    return 1.0f - remaining * remaining * remaining;
}

FlightLook flightLook(const CardFlight& f, TimeMs now) {
    FlightLook look;
    look.faceUp = f.faceUp;
    const float t = flightProgress(f, now);
    if (f.fades) {
        look.opacity = kFadeFromOpacity + (1.0f - kFadeFromOpacity) * t;
        return look;
    }
    if (f.turns) { // edge-on at the middle of the way: the back before, the face after
        look.widthScale = std::max(0.04f, std::abs(std::cos(t * 3.14159265f)));
        look.faceUp = f.faceUp && t >= 0.5f;
    }
    return look;
}

void Timeline::add(const CardFlight& flight) {
    CardFlight added = flight;
    if (m_reducedMotion) {
        added.fades = true;
        added.turns = false;
        added.durationMs = kFadeInMs;
    }
    // A card never lands under one sent to the same place before it: a quick play made while
    // the SPEED! flip still flies to that pile lands just after the flip's card, not before.
    TimeMs lastLanding = 0;
    for (const CardFlight& earlier : m_flights) {
        if (earlier.to == added.to && !earlier.landed(added.startMs)) {
            lastLanding = std::max(lastLanding, earlier.startMs + earlier.durationMs);
        }
    }
    if (added.startMs + added.durationMs <= lastLanding) added.durationMs = lastLanding + 1 - added.startMs;
    m_flights.push_back(added);
}

std::optional<CardFlight> Timeline::takeFlightOf(Card card, const Place& to, TimeMs now) {
    for (auto it = m_flights.rbegin(); it != m_flights.rend(); ++it) {
        if (it->card != card || it->landed(now)) continue;
        if (it->to == to) return std::nullopt;
        CardFlight taken = *it;
        m_flights.erase(std::next(it).base());
        return taken;
    }
    return std::nullopt;
}

Rect flightRect(const CardFlight& f, const Rect& destination, TimeMs now) {
    if (f.fades) return destination;
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

TimeMs Timeline::settledAt(TimeMs now) const {
    TimeMs settled = now;
    for (const CardFlight& f : m_flights) {
        if (!f.landed(now)) settled = std::max(settled, f.startMs + f.durationMs);
    }
    return settled;
}

int Timeline::pendingArrivals(const Place& place, TimeMs now) const {
    return static_cast<int>(std::count_if(m_flights.begin(), m_flights.end(),
                                          [&](const CardFlight& f) { return f.to == place && !f.landed(now); }));
}

std::vector<CardFlight> flightsForDeal(const GameState& dealt, const TableLayout& layout, TimeMs now, TimeMs landsBy) {
    std::vector<Place> slots;
    for (int slot = 0; slot < dealt.rules.handSize; ++slot) { // the seats in turn, as a dealer would
        for (int seat = 0; seat < kSeats; ++seat) {
            if (slotCard(dealt, seat, slot)) slots.push_back(Place::handSlot(seat, slot));
        }
    }
    if (slots.empty()) return {};
    const TimeMs whole = static_cast<TimeMs>(slots.size() - 1) * kDealStaggerMs + kDealFlightMs;
    const TimeMs room = std::max(kDealShortestMs, landsBy - now);
    const double scale = room < whole ? static_cast<double>(room) / static_cast<double>(whole) : 1.0;
    const auto scaled = [scale](TimeMs ms) { return std::max<TimeMs>(1, static_cast<TimeMs>(static_cast<double>(ms) * scale)); };
    std::vector<CardFlight> flights;
    TimeMs start = now;
    for (const Place& slot : slots) {
        flights.push_back(flight(*slotCard(dealt, slot.seat, slot.index), true, rectOf(layout, Place::deck(slot.seat)), slot,
                                 start, scaled(kDealFlightMs), true));
        start += scaled(kDealStaggerMs);
    }
    return flights;
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
                                     Place::handSlot(move.seat, move.slot), now, kRefillTurnMs, true));
        }
        break;
    }
    case MoveKind::Refill:
        if (const auto card = slotCard(after, move.seat, move.slot)) {
            // The deck's top card turns over into its slot (dragged there, it turns as it lands).
            const Rect from = start ? start->rect : rectOf(layout, Place::deck(move.seat));
            flights.push_back(flight(*card, true, from, Place::handSlot(move.seat, move.slot), now,
                                     start ? std::max(duration, kRefillTurnMs) : kRefillTurnMs, true));
        }
        break;
    case MoveKind::Flip:
        for (int seat = 0; seat < kSeats; ++seat) {
            if (after.pile(seat).empty()) continue;
            // From the deck it turns over on the way; from a hand slot (the deck ran out) it is face up.
            const Place source = flipSource(before, after, seat);
            flights.push_back(flight(after.pile(seat).top(), true, rectOf(layout, source), Place::pile(seat), now,
                                     kFlipFlightMs, source.kind == PlaceKind::Deck));
        }
        break;
    }
    return flights;
}

} // namespace speed::client
