#pragma once

#include "table/Geometry.hpp"
#include "table/Layout.hpp"
#include "table/Place.hpp"

#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"
#include "speed/common/Time.hpp"

#include <optional>
#include <vector>

namespace speed::client {

// One card flying to its place. The game state has already changed; while the flight lasts
// the destination shows what lay there before, so the card seems to land.
struct CardFlight {
    Card card;
    bool faceUp = true;
    Rect from;         // screen rectangle at the start
    Place to;          // destination (its rectangle is looked up each frame: resizes stay right)
    TimeMs startMs = 0; // may lie ahead (a deal's later cards): until then the card waits at `from`
    TimeMs durationMs = 0;
    bool turns = false; // leaves face down and turns over on the way (a deal, a refill, the flip)
    bool fades = false; // reduced motion: no travel, the card fades in where it lands

    bool landed(TimeMs now) const { return now >= startMs + durationMs; }
    // On its way and drawn: started, not landed (a deal's later cards wait in the deck).
    bool flying(TimeMs now) const { return now >= startMs && !landed(now); }
};

// Eased progress 0..1 of a flight at `now` (ease-out: fast start, soft landing).
float flightProgress(const CardFlight& flight, TimeMs now);
// The flight's rectangle at `now`, given the destination rectangle on the current layout.
Rect flightRect(const CardFlight& flight, const Rect& destination, TimeMs now);

// How a flight looks at `now`: how wide the card is drawn (a card turning over narrows to an
// edge and widens again, 0..1 of its width), which side shows, and how opaque it is.
struct FlightLook {
    float widthScale = 1;
    bool faceUp = true;
    float opacity = 1;
};
FlightLook flightLook(const CardFlight& flight, TimeMs now);

// The animations in progress. Purely visual: nothing waits for them. With reduced motion a
// flight is added as a short fade where it lands (no travel, no turning over).
class Timeline {
public:
    void add(const CardFlight& flight);
    // Takes out the newest flight of `card` still in the air at `now` to a place other than
    // `to`: the card is on its way somewhere else now.
    std::optional<CardFlight> takeFlightOf(Card card, const Place& to, TimeMs now);
    void setReducedMotion(bool reduced) { m_reducedMotion = reduced; }
    bool reducedMotion() const { return m_reducedMotion; }
    void clear() { m_flights.clear(); }
    void prune(TimeMs now); // drop the flights that have landed
    bool busy(TimeMs now) const;
    // When the last flight in the air at `now` lands (`now` when none is).
    TimeMs settledAt(TimeMs now) const;
    // Flights still heading for `place` at `now`: that many top cards are not shown there yet.
    int pendingArrivals(const Place& place, TimeMs now) const;
    const std::vector<CardFlight>& flights() const { return m_flights; }

private:
    std::vector<CardFlight> m_flights;
    bool m_reducedMotion = false;
};

// Where the card of a move starts from, when the window knows better than the layout
// (the local player dropped it at `rect`).
struct FlightStart {
    Rect rect;
    TimeMs durationMs = 0;
};

// The deal of a new game: each seat's hand cards leave its deck one after another, turning over
// on the way to their slots, the last landing by `landsBy` (sooner when there is time): the
// stagger and the flights are shortened alike when they would not fit.
std::vector<CardFlight> flightsForDeal(const GameState& dealt, const TableLayout& layout, TimeMs now, TimeMs landsBy);

// The flights that show `move` turning `before` into `after` (a play, a refill, the SPEED! flip,
// plus an automatic refill). `start` overrides where the moved card begins.
std::vector<CardFlight> flightsForMove(const GameState& before, const GameState& after, const Move& move,
                                       const TableLayout& layout, TimeMs now,
                                       std::optional<FlightStart> start = std::nullopt);

} // namespace speed::client
