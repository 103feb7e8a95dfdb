#include "speed/common/Bot.hpp"
#include "speed/common/Invariant.hpp"
#include "speed/common/Match.hpp"
#include "speed/common/Outcome.hpp"

#include "TableBuilder.hpp"

#include <catch2/catch.hpp>

using namespace speed;

namespace {

constexpr MatchTiming kTiming{1000, 2000};

// The first legal play or refill of `seat`.
std::optional<Move> anyMove(const GameState& state, int seat) {
    Bot bot(seat, BotLevel::Max, 1);
    return bot.bestAction(state);
}

// Plays bot moves for both seats at `now` until the game is over; returns when it ended.
TimeMs playOut(Match& match, TimeMs now) {
    for (int step = 0; step < 5000 && !match.over(); ++step) {
        if (match.advance(now)) continue;
        if (match.speedCalled()) {
            now = match.nextWakeAt(now);
            continue;
        }
        for (int seat = 0; seat < kSeats && !match.over(); ++seat) {
            if (const auto move = anyMove(match.state(), seat)) REQUIRE(match.play(*move, now).accepted());
        }
        now += 10;
    }
    return now;
}

} // namespace

TEST_CASE("match: a deal opens with SPEED! and the flip comes speedCallMs later", "[match]") {
    Match match(kTiming);
    CHECK(match.phase(0) == MatchPhase::NotDealt);
    match.deal(RuleOptions{}, 7, 500);
    CHECK(match.gameNumber() == 1);
    CHECK(match.seed() == 7);
    CHECK(match.phase(500) == MatchPhase::SpeedCall);
    CHECK(match.nextWakeAt(500) == 1500);
    CHECK_FALSE(match.advance(1499));
    const auto flip = match.advance(1500);
    REQUIRE(flip);
    CHECK(flip->kind == MoveKind::Flip);
    CHECK(match.flips() == 1);
    CHECK(match.phase(1500) == MatchPhase::Play);
    CHECK(match.state().pile(0).size() == 1);
    CHECK(conservationError(match.state()).empty());
}

TEST_CASE("match: refusals that are not rule errors have their own reason", "[match]") {
    Match match(kTiming);
    const Move someMove = Move::refill(0, 0);
    CHECK(match.play(someMove, 0).refusal == MatchRefusal::NotDealt);
    match.deal(RuleOptions{}, 3, 0);
    match.advance(1000);
    CHECK(match.play(Move::flip(), 1000).refusal == MatchRefusal::FlipIsAutomatic);
    const auto move = anyMove(match.state(), 0);
    REQUIRE(move);
    match.pause(1100);
    const PlayOutcome paused = match.play(*move, 1100);
    CHECK(paused.refusal == MatchRefusal::Paused);
    CHECK(paused.error == MoveError::None);
    match.resume(1200);
    CHECK(match.play(*move, 1200).accepted());
    const PlayOutcome again = match.play(*move, 1200); // the same card is no longer in its slot
    CHECK(again.refusal == MatchRefusal::None);
    CHECK(again.error != MoveError::None);
    CHECK_FALSE(again.accepted());
}

TEST_CASE("match: the game clock stands still while paused, and a pending call starts over", "[match]") {
    Match match(kTiming);
    match.deal(RuleOptions{}, 11, 0);
    CHECK(match.elapsedMs(400) == 400);
    match.pause(400);
    CHECK(match.phase(5000) == MatchPhase::Paused);
    CHECK(match.elapsedMs(5000) == 400);
    CHECK(match.nextWakeAt(5000) == kNever);
    CHECK_FALSE(match.advance(9000));
    match.resume(10'000);
    CHECK(match.elapsedMs(10'100) == 500);
    CHECK(match.nextWakeAt(10'000) == 11'000); // the whole call again, not the 600 ms left
    CHECK(match.advance(11'000));
}

TEST_CASE("match: the end stops the clock, the result is held, then the match is finished", "[match]") {
    Match match(kTiming);
    match.deal(RuleOptions{}, 5, 0);
    const TimeMs end = playOut(match, 0);
    REQUIRE(match.over());
    CHECK(match.endedAt() <= end);
    const TimeMs endedAt = match.endedAt();
    CHECK(match.phase(endedAt) == MatchPhase::Result);
    CHECK(match.nextWakeAt(endedAt) == endedAt + kTiming.resultHoldMs);
    CHECK(match.phase(endedAt + kTiming.resultHoldMs - 1) == MatchPhase::Result);
    CHECK(match.phase(endedAt + kTiming.resultHoldMs) == MatchPhase::Finished);
    CHECK(match.nextWakeAt(endedAt + kTiming.resultHoldMs) == kNever);
    CHECK(match.elapsedMs(endedAt + 99'999) == match.elapsedMs(endedAt));
    CHECK(match.play(Move::refill(0, 0), endedAt).error == MoveError::GameOver);
    match.deal(RuleOptions{}, 6, endedAt + 5000);
    CHECK(match.gameNumber() == 2);
    CHECK(match.phase(endedAt + 5000) == MatchPhase::SpeedCall);
    CHECK(match.elapsedMs(endedAt + 5000) == 0);
}

TEST_CASE("game clock: pauses add up and a stop while paused keeps the paused time", "[match]") {
    GameClock clock;
    CHECK(clock.elapsedMs(100) == 0);
    CHECK_FALSE(clock.runs());
    clock.start(100);
    CHECK(clock.runs());
    clock.pause(300);
    CHECK_FALSE(clock.runs());
    clock.resume(700);
    CHECK(clock.runs());
    CHECK(clock.elapsedMs(800) == 300);
    CHECK(clock.wallTimeOf(1000) == 1500);
    clock.pause(900);
    CHECK(clock.wallTimeOf(1000) == kNever);
    clock.stop(2000);
    CHECK_FALSE(clock.runs());
    CHECK(clock.elapsedMs(5000) == 400);
}

TEST_CASE("outcome: who won, from each seat", "[match]") {
    CHECK(outcomeFor(GameResult::Seat0Wins, 0) == Outcome::Won);
    CHECK(outcomeFor(GameResult::Seat0Wins, 1) == Outcome::Lost);
    CHECK(outcomeFor(GameResult::Seat1Wins, 0) == Outcome::Lost);
    CHECK(outcomeFor(GameResult::Seat1Wins, 1) == Outcome::Won);
    CHECK(outcomeFor(GameResult::Draw, 1) == Outcome::Draw);
    CHECK(outcomeFor(GameResult::Playing, 0) == Outcome::Playing);
    CHECK(toString(Outcome::Won) == "WIN");
    CHECK(toString(Outcome::Lost) == "DEFEAT");
    CHECK(toString(Outcome::Draw) == "DRAW");
}

namespace {

// Plays bot moves (both seats) and the flips for up to `steps` steps, recording every move made.
TimeMs playRecording(Match& match, TimeMs now, int steps, std::vector<Move>& history) {
    for (int step = 0; step < steps && !match.over(); ++step) {
        if (const auto flip = match.advance(now)) {
            history.push_back(*flip);
            continue;
        }
        if (match.speedCalled()) {
            now = match.nextWakeAt(now);
            continue;
        }
        for (int seat = 0; seat < kSeats && !match.over(); ++seat) {
            if (const auto move = anyMove(match.state(), seat); move && match.play(*move, now).accepted()) {
                history.push_back(*move);
            }
        }
        now += 100;
    }
    return now;
}

} // namespace

TEST_CASE("match: a game restored from its seed and moves is the same game, paused where it was", "[match][restore]") {
    Match played(kTiming);
    played.deal({}, 77, 0);
    std::vector<Move> history;
    const TimeMs now = playRecording(played, 0, 20, history);
    REQUIRE(history.size() > 10);
    REQUIRE_FALSE(played.over());
    Match restored(kTiming);
    REQUIRE(restored.restore({}, 77, 1, history, played.elapsedMs(now), 50'000));
    CHECK(restored.state() == played.state());
    CHECK(restored.gameNumber() == 1);
    CHECK(restored.paused());
    CHECK(restored.elapsedMs(60'000) == played.elapsedMs(now)); // the clock stands still while paused
    CHECK(restored.moves() + restored.flips() == static_cast<int>(history.size()));
    restored.resume(60'000);
    CHECK(restored.elapsedMs(60'500) == played.elapsedMs(now) + 500);

    history.back().slot = 7; // a move this table cannot make
    Match broken(kTiming);
    CHECK_FALSE(broken.restore({}, 77, 1, history, 0, 0));
    CHECK_FALSE(broken.dealt());
}

TEST_CASE("match: a finished game is restored finished, its result already shown", "[match][restore]") {
    Match played(kTiming);
    played.deal({}, 5, 0);
    std::vector<Move> history;
    const TimeMs now = playRecording(played, 0, 5000, history);
    REQUIRE(played.over());
    Match restored(kTiming);
    REQUIRE(restored.restore({}, 5, 3, history, played.elapsedMs(now), 90'000));
    CHECK(restored.over());
    CHECK(restored.state().result == played.state().result);
    CHECK(restored.phase(90'000) == MatchPhase::Finished);
    CHECK(restored.gameNumber() == 3);
}

TEST_CASE("match: a game starts from a table laid out by hand", "[match]") {
    using test::Table;
    Match match(kTiming);
    SECTION("nobody can move: it opens with SPEED! and the flip turns the decks' tops") {
        const GameState table = Table().deck(0, "S2 S7").hand(0, "H8 -- -- --").deck(1, "C1").hand(1, "D4 -- -- --").state();
        // Refills are possible (empty slots, a deck): no call yet, the table is the one given.
        REQUIRE(match.start(table, 100));
        CHECK(match.gameNumber() == 1);
        CHECK(match.seed() == 0);
        CHECK(match.state() == table);
        CHECK(match.phase(100) == MatchPhase::Play);
        const GameState full = Table().deck(0, "S2 S7").hand(0, "H8 H9 HA HB").deck(1, "C1").hand(1, "D4 D5 D6 D7").state();
        REQUIRE(match.start(full, 200));
        CHECK(match.gameNumber() == 2);
        CHECK(match.phase(200) == MatchPhase::SpeedCall);
        REQUIRE(match.advance(200 + kTiming.speedCallMs));
        CHECK(match.state().pile(0).top() == test::card("S7"));
        CHECK(match.state().pile(1).top() == test::card("C1"));
        CHECK(match.play(Move::play(0, 0, test::card("H8"), 0), 1300).accepted());
    }
    SECTION("a table that is no game's start is refused and changes nothing") {
        match.deal(RuleOptions{}, 3, 0);
        const GameState dealt = match.state();
        CHECK_FALSE(match.start(Table().deck(0, "S2 S2").hand(1, "D4").state(), 10));       // a card twice
        CHECK_FALSE(match.start(Table().deck(0, "JJ JJ JJ").hand(1, "D4").state(), 10));    // three jokers
        CHECK_FALSE(match.start(Table().deck(0, "S2").state(), 10));                        // a seat with nothing
        GameState moved = Table().deck(0, "S2").hand(1, "D4").state();
        moved.movesApplied = 1;
        CHECK_FALSE(match.start(moved, 10));
        RuleOptions two;
        two.handSize = 2;
        CHECK_FALSE(match.start(Table().rules(two).hand(0, "-- -- S5").hand(1, "D4").state(), 10)); // past the hand
        CHECK(match.gameNumber() == 1);
        CHECK(match.state() == dealt);
        CHECK(match.start(Table().deck(0, "JJ JJ").hand(1, "D4").state(), 10));
    }
}
