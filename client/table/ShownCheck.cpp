#include "table/ShownCheck.hpp"

#include <map>
#include <tuple>

namespace speed::client {
namespace {

std::string placeName(const Place& place) {
    switch (place.kind) {
    case PlaceKind::Pile: return "pile " + std::to_string(place.index);
    case PlaceKind::Deck: return "deck " + std::to_string(place.seat);
    case PlaceKind::HandSlot: break;
    }
    return "hand " + std::to_string(place.seat) + " slot " + std::to_string(place.index);
}

bool inRange(const GameState& state, const Place& place) {
    if (place.seat < 0 || place.seat >= kSeats) return false;
    if (place.kind == PlaceKind::Pile) return place.index >= 0 && place.index < kFieldPiles;
    if (place.kind == PlaceKind::HandSlot) return place.index >= 0 && place.index < state.rules.handSize;
    return true;
}

} // namespace

std::vector<std::string> shownTableProblems(const GameState& state, const Timeline& timeline, TimeMs now) {
    std::vector<std::string> problems;
    // The flights still in the air, per place, in the order they were sent.
    std::map<std::tuple<int, int, int>, std::vector<const CardFlight*>> pending;
    for (const CardFlight& flight : timeline.flights()) {
        if (flight.landed(now)) continue;
        if (!inRange(state, flight.to)) {
            problems.push_back("a flight of " + flight.card.code() + " to a place the table does not have");
            continue;
        }
        pending[{static_cast<int>(flight.to.kind), flight.to.seat, flight.to.index}].push_back(&flight);
    }
    for (const auto& [key, flights] : pending) {
        const Place place{static_cast<PlaceKind>(std::get<0>(key)), std::get<1>(key), std::get<2>(key)};
        if (place.kind == PlaceKind::HandSlot) {
            const auto& card = state.player(place.seat).hand[static_cast<std::size_t>(place.index)];
            for (const CardFlight* flight : flights) {
                if (!card || *card != flight->card) {
                    problems.push_back(flight->card.code() + " flies to " + placeName(place) + ", which holds " +
                                       (card ? card->code() : std::string("nothing")));
                }
            }
            continue;
        }
        // A pile or a deck: its newest cards are those in the air, landing in the order sent.
        const CardStack& stack = place.kind == PlaceKind::Pile ? state.pile(place.index) : state.player(place.seat).deck;
        const int inAir = static_cast<int>(flights.size());
        if (inAir > stack.size()) {
            problems.push_back(std::to_string(inAir) + " cards fly to " + placeName(place) + ", which holds " +
                               std::to_string(stack.size()));
            continue;
        }
        for (int k = 0; k < inAir; ++k) {
            const Card expected = stack[stack.size() - inAir + k];
            if (flights[static_cast<std::size_t>(k)]->card != expected) {
                problems.push_back(flights[static_cast<std::size_t>(k)]->card.code() + " lands on " + placeName(place) +
                                   " as card " + std::to_string(stack.size() - inAir + k + 1) + ", which is " + expected.code());
            }
        }
    }
    return problems;
}

} // namespace speed::client
