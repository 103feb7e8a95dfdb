// --games N counts the match's games by their numbers, not the games one process saw end.
#include "speed/protocol/MatchSteering.hpp"

#include <catch2/catch.hpp>

namespace speed::protocol::test {
namespace {

SessionEvent eventOf(SessionEventKind kind, WireNumber game = 0) {
    SessionEvent event;
    event.kind = kind;
    event.game = game;
    return event;
}

} // namespace

TEST_CASE("match goal: a side that came back during game 2 of 3 reaches the goal with game 3", "[steering][games]") {
    MatchGoal goal(3);
    CHECK_FALSE(goal.follow(eventOf(SessionEventKind::Connected)));
    CHECK_FALSE(goal.follow(eventOf(SessionEventKind::Rejoined)));
    CHECK(goal.follow(eventOf(SessionEventKind::GameOver, 2)));
    CHECK_FALSE(goal.reached());
    CHECK(goal.follow(eventOf(SessionEventKind::GameOver, 3)));
    CHECK(goal.reached());
    CHECK(goal.lastGameOver() == 3);
}

TEST_CASE("match goal: a game told again by a restored host counts once", "[steering][games]") {
    MatchGoal goal(2);
    CHECK(goal.follow(eventOf(SessionEventKind::GameOver, 1)));
    CHECK_FALSE(goal.follow(eventOf(SessionEventKind::GameOver, 1)));
    CHECK_FALSE(goal.reached());
}

TEST_CASE("match goal: a new player's match counts from its own game 1", "[steering][games]") {
    MatchGoal goal(3);
    goal.follow(eventOf(SessionEventKind::Connected));
    goal.follow(eventOf(SessionEventKind::GameOver, 1));
    goal.follow(eventOf(SessionEventKind::GameOver, 2));
    goal.follow(eventOf(SessionEventKind::Connected)); // the last match was given up; a newcomer
    CHECK(goal.lastGameOver() == 0);
    CHECK(goal.follow(eventOf(SessionEventKind::GameOver, 1)));
    goal.follow(eventOf(SessionEventKind::GameOver, 2));
    CHECK_FALSE(goal.reached());
    goal.follow(eventOf(SessionEventKind::GameOver, 3));
    CHECK(goal.reached());
}

TEST_CASE("match goal: without a goal the match is never over by its count", "[steering][games]") {
    MatchGoal goal(0);
    goal.follow(eventOf(SessionEventKind::GameOver, 7));
    CHECK_FALSE(goal.reached());
}

} // namespace speed::protocol::test
