#include "table/Animation.hpp"
#include "table/Speeds.hpp"

#include "common/TableBuilder.hpp"
#include "speed/common/Referee.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;
using speed::test::Table;

TEST_CASE("animation: progress runs 0 to 1 and eased and monotonic") {
    const CardFlight flight{Card::joker(), true, {0, 0, 10, 14}, Place::pile(0), 1000, 200};
    CHECK(flightProgress(flight, 900) == 0.0f);
    CHECK(flightProgress(flight, 1000) == 0.0f);
    CHECK(flightProgress(flight, 1200) == 1.0f);
    CHECK(flightProgress(flight, 1100) > 0.5f); // ease-out: past halfway at half time
    float last = 0;
    for (TimeMs t = 1000; t <= 1200; t += 10) {
        CHECK(flightProgress(flight, t) >= last);
        last = flightProgress(flight, t);
    }
    const Rect end = flightRect(flight, {100, 50, 20, 28}, 1200);
    CHECK(end == Rect{100, 50, 20, 28});
}

TEST_CASE("animation: the timeline counts arrivals still in flight and forgets landed ones") {
    Timeline timeline;
    timeline.add({Card::joker(), true, {}, Place::pile(1), 0, kCardFlightMs});
    timeline.add({Card::joker(), true, {}, Place::pile(1), 50, kCardFlightMs});
    CHECK(timeline.pendingArrivals(Place::pile(1), 10) == 2);
    CHECK(timeline.pendingArrivals(Place::pile(0), 10) == 0);
    CHECK(timeline.pendingArrivals(Place::pile(1), kCardFlightMs + 10) == 1);
    CHECK(timeline.busy(kCardFlightMs + 10));
    timeline.prune(kCardFlightMs + 60);
    CHECK_FALSE(timeline.busy(kCardFlightMs + 60));
    CHECK(timeline.flights().empty());
}

TEST_CASE("animation: a play with automatic refill flies two cards - the flip flies one per seat") {
    RuleOptions rules;
    rules.refill = RefillMode::Auto;
    const GameState before = Table().rules(rules).deck(0, "C1 C2").hand(0, "H5 -- -- --").pile(0, "D4").pile(1, "S9").deck(1, "C3").state();
    GameState after = before;
    const Move play = Move::play(0, 0, before.player(0).hand[0].value(), 0);
    REQUIRE(applyMove(after, play) == MoveError::None);
    const TableLayout layout = computeLayout(1024, 720, {});
    const auto flights = flightsForMove(before, after, play, layout, 0, FlightStart{{5, 5, 80, 112}, kDropLandMs});
    REQUIRE(flights.size() == 2);
    CHECK(flights[0].to == Place::pile(0));
    CHECK(flights[0].from == Rect{5, 5, 80, 112}); // from where it was dropped
    CHECK(flights[0].durationMs == kDropLandMs);
    CHECK(flights[1].to == Place::handSlot(0, 0));
    CHECK(flights[1].from == layout.deck[0]);

    RuleOptions oneSlot;
    oneSlot.handSize = 1; // both hands full, nothing adjacent: stalemate
    const GameState stalled = Table().rules(oneSlot).deck(0, "C1 C2").hand(0, "H9").pile(0, "D4").pile(1, "S4").deck(1, "C3").hand(1, "D9").state();
    REQUIRE(needsFlip(stalled));
    GameState flipped = stalled;
    REQUIRE(applyMove(flipped, Move::flip()) == MoveError::None);
    const auto flipFlights = flightsForMove(stalled, flipped, Move::flip(), layout, 0);
    CHECK(flipFlights.size() == 2);
}
