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

TEST_CASE("animation: a refill and the flip from a deck turn over on the way, a play does not") {
    RuleOptions rules;
    const GameState before = Table().rules(rules).deck(0, "C1 C2").hand(0, "H5 -- -- --").pile(0, "D4").pile(1, "S9").deck(1, "C3").state();
    GameState after = before;
    const Move refill = Move::refill(0, 1);
    REQUIRE(applyMove(after, refill) == MoveError::None);
    const TableLayout layout = computeLayout(1024, 720, {});
    const auto flights = flightsForMove(before, after, refill, layout, 0);
    REQUIRE(flights.size() == 1);
    const CardFlight& turning = flights[0];
    CHECK(turning.turns);
    CHECK(turning.from == layout.deck[0]);
    // Leaves as its back, edge-on half way (the eased middle), its face at the end.
    CHECK_FALSE(flightLook(turning, 1).faceUp);
    CHECK(flightLook(turning, 1).widthScale > 0.9f);
    TimeMs middle = 0;
    while (flightProgress(turning, middle) < 0.5f) ++middle;
    CHECK(flightLook(turning, middle).widthScale < 0.1f);
    CHECK(flightLook(turning, middle).faceUp);
    CHECK(flightLook(turning, turning.durationMs).widthScale == Approx(1.0f));

    GameState played = before;
    const Move play = Move::play(0, 0, before.player(0).hand[0].value(), 0);
    REQUIRE(applyMove(played, play) == MoveError::None);
    CHECK_FALSE(flightsForMove(before, played, play, layout, 0).at(0).turns);
}

TEST_CASE("animation: the deal flies every hand card from its deck, one after another, turning over") {
    const GameState dealt = Table().deck(0, "C1 C2").hand(0, "H5 -- D7 S2").deck(1, "C3").hand(1, "S5 H6 -- --").state();
    const TableLayout layout = computeLayout(1024, 720, {});
    const auto flights = flightsForDeal(dealt, layout, 1000, 1000 + kDealLandsByMs); // time enough
    REQUIRE(flights.size() == 5);
    TimeMs last = 0;
    for (const CardFlight& flight : flights) {
        CHECK(flight.turns);
        CHECK(flight.from == layout.deck[static_cast<std::size_t>(flight.to.seat)]);
        const auto& card = dealt.player(flight.to.seat).hand[static_cast<std::size_t>(flight.to.index)];
        REQUIRE(card);
        CHECK(*card == flight.card);
        CHECK(flight.startMs >= last);
        last = flight.startMs;
    }
    CHECK(flights.front().startMs == 1000);
    CHECK(flights.back().startMs == 1000 + 4 * kDealStaggerMs);
    CHECK(flights[0].to == Place::handSlot(0, 0)); // the seats in turn: slot 0 of each, then slot 1 ...
    CHECK(flights[1].to == Place::handSlot(1, 0));
    CHECK(flights.back().durationMs == kDealFlightMs);
}

TEST_CASE("animation: a deal shown late goes faster, and still lands before the opening flip") {
    const GameState dealt = Table().deck(0, "C1 C2").hand(0, "H5 H6 D7 S2").deck(1, "C3").hand(1, "S5 H7 D8 S9").state();
    const TableLayout layout = computeLayout(1024, 720, {});
    const TimeMs whole = 7 * kDealStaggerMs + kDealFlightMs;
    for (const TimeMs room : {whole - 1, whole / 2, TimeMs{300}}) {
        const auto flights = flightsForDeal(dealt, layout, 5000, 5000 + room);
        REQUIRE(flights.size() == 8);
        TimeMs landed = 0;
        for (std::size_t i = 0; i < flights.size(); ++i) {
            landed = std::max(landed, flights[i].startMs + flights[i].durationMs);
            if (i > 0) CHECK(flights[i].startMs > flights[i - 1].startMs); // still one after another
        }
        CHECK(landed <= 5000 + room);
        CHECK(landed > 5000 + room * 9 / 10); // the room is used, not thrown away
    }
    // No room left at all: the shortest deal, never a deal in no time.
    const auto hurried = flightsForDeal(dealt, layout, 5000, 4000);
    CHECK(hurried.back().startMs + hurried.back().durationMs <= 5000 + kDealShortestMs);
    CHECK(hurried.back().startMs + hurried.back().durationMs > 5000 + kDealShortestMs * 9 / 10);
}

TEST_CASE("animation: with reduced motion a flight is a short fade where it lands") {
    Timeline timeline;
    timeline.setReducedMotion(true);
    timeline.add({Card::joker(), true, {0, 0, 10, 14}, Place::pile(1), 100, kCardFlightMs, true, false});
    REQUIRE(timeline.flights().size() == 1);
    const CardFlight& fade = timeline.flights()[0];
    CHECK(fade.fades);
    CHECK_FALSE(fade.turns);
    CHECK(fade.durationMs == kFadeInMs);
    CHECK(flightRect(fade, {100, 50, 20, 28}, 110) == Rect{100, 50, 20, 28}); // no travel
    CHECK(flightLook(fade, 100).opacity == Approx(kFadeFromOpacity)); // seen from the first frame
    CHECK(flightLook(fade, 100).opacity > 0.2f);
    CHECK(flightLook(fade, 100 + kFadeInMs).opacity == Approx(1.0f));
    CHECK(flightLook(fade, 100).faceUp);
}

TEST_CASE("animation: a card sent to a place lands after the cards sent there before it") {
    Timeline timeline;
    timeline.add({Card::joker(), true, {}, Place::pile(1), 0, kFlipFlightMs});        // the flip: lands at 320
    timeline.add({Card::of(Suit::Club, 7), true, {}, Place::pile(1), 16, kCardFlightMs}); // a quick play after it
    timeline.add({Card::of(Suit::Club, 9), true, {}, Place::pile(0), 16, kCardFlightMs}); // elsewhere: as it is
    REQUIRE(timeline.flights().size() == 3);
    const CardFlight& quick = timeline.flights()[1];
    CHECK(quick.startMs + quick.durationMs > kFlipFlightMs);
    CHECK(timeline.flights()[2].durationMs == kCardFlightMs);
    CHECK(timeline.pendingArrivals(Place::pile(1), kCardFlightMs + 20) == 2); // the play has not landed before the flip
}
