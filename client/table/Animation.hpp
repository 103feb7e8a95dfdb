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
    TimeMs startMs = 0;
    TimeMs durationMs = 0;

    bool landed(TimeMs now) const { return now >= startMs + durationMs; }
};

// Eased progress 0..1 of a flight at `now` (ease-out: fast start, soft landing).
float flightProgress(const CardFlight& flight, TimeMs now);
// The flight's rectangle at `now`, given the destination rectangle on the current layout.
Rect flightRect(const CardFlight& flight, const Rect& destination, TimeMs now);

// The animations in progress. Purely visual: nothing waits for them.
class Timeline {
public:
    void add(const CardFlight& flight) { m_flights.push_back(flight); }
    void clear() { m_flights.clear(); }
    void prune(TimeMs now); // drop the flights that have landed
    bool busy(TimeMs now) const;
    // Flights still heading for `place` at `now`: that many top cards are not shown there yet.
    int pendingArrivals(const Place& place, TimeMs now) const;
    const std::vector<CardFlight>& flights() const { return m_flights; }

private:
    std::vector<CardFlight> m_flights;
};

// Where the card of a move starts from, when the window knows better than the layout
// (the local player dropped it at `rect`).
struct FlightStart {
    Rect rect;
    TimeMs durationMs = 0;
};

// The flights that show `move` turning `before` into `after` (a play, a refill, the SPEED! flip,
// plus an automatic refill). `start` overrides where the moved card begins.
std::vector<CardFlight> flightsForMove(const GameState& before, const GameState& after, const Move& move,
                                       const TableLayout& layout, TimeMs now,
                                       std::optional<FlightStart> start = std::nullopt);

} // namespace speed::client
