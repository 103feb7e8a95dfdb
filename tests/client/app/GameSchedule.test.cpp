#include "app/GameSchedule.hpp"

#include "table/Speeds.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

TEST_CASE("game schedule: --games N quits after the N-th game, and each game before leads to the next", "[client][schedule]") {
    GameSchedule schedule(2, true);
    std::vector<GameRecord> finished;
    CHECK(schedule.follow(finished, 0).empty());
    finished.push_back({1});
    CHECK(schedule.follow(finished, 1000).size() == 1);
    CHECK(schedule.nextGameAt() == 1000 + kBotNextGameDelayMs);
    CHECK_FALSE(schedule.nextGameDue(1000 + kBotNextGameDelayMs - 1));
    CHECK(schedule.nextGameDue(1000 + kBotNextGameDelayMs));
    CHECK_FALSE(schedule.nextGameDue(1000 + kBotNextGameDelayMs)); // once
    CHECK_FALSE(schedule.quitAt());
    finished.push_back({2});
    CHECK(schedule.follow(finished, 9000).size() == 1);
    CHECK(schedule.quitAt() == 9000 + kLastFrameMs);
    CHECK_FALSE(schedule.nextGameAt());
}

TEST_CASE("game schedule: a player's games wait for the player; a new match counts anew", "[client][schedule]") {
    GameSchedule schedule(0, false);
    std::vector<GameRecord> finished{{1}};
    CHECK(schedule.follow(finished, 500).size() == 1);
    CHECK_FALSE(schedule.nextGameAt());
    CHECK_FALSE(schedule.quitAt());
    schedule.restart();
    CHECK(schedule.follow(std::vector<GameRecord>{{1}}, 600).size() == 1);
}

TEST_CASE("game schedule: --games N counts the match's games, those before this window came back included", "[client][schedule]") {
    GameSchedule schedule(3, true);
    std::vector<GameRecord> finished{{2}}; // came back to the match during its game 2
    schedule.follow(finished, 1000);
    CHECK_FALSE(schedule.quitAt());
    finished.push_back({3});
    schedule.follow(finished, 5000);
    CHECK(schedule.quitAt() == 5000 + kLastFrameMs);
}
