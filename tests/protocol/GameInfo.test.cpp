#include "speed/protocol/GameInfo.hpp"

#include <catch2/catch.hpp>

using namespace speed::protocol;

TEST_CASE("GameInfo keeps the names and values the protocol has always used", "[gameinfo]") {
    CHECK(static_cast<int>(GameInfo::Nothing) == 1);
    CHECK(static_cast<int>(GameInfo::ExtGame) == 11);
    CHECK(toString(GameInfo::ConWait) == "CON_WAIT");
    CHECK(toString(GameInfo::Pause1) == "PAUSE_1");
    CHECK(gameInfoFromValue(10) == GameInfo::Defeat);
    CHECK_FALSE(gameInfoFromValue(0));
    CHECK_FALSE(gameInfoFromValue(12));
}

TEST_CASE("Only the documented transitions are defined", "[gameinfo]") {
    CHECK(isDefinedTransition(GameInfo::Nothing, GameInfo::ConWait));
    CHECK(isDefinedTransition(GameInfo::Play, GameInfo::Pause0));
    CHECK(isDefinedTransition(GameInfo::Win, GameInfo::ExtGame));
    CHECK(isDefinedTransition(GameInfo::Play, GameInfo::Nothing));
    CHECK_FALSE(isDefinedTransition(GameInfo::Nothing, GameInfo::Win));
    CHECK_FALSE(isDefinedTransition(GameInfo::ConWait, GameInfo::Play));
    CHECK_FALSE(isDefinedTransition(GameInfo::ExtGame, GameInfo::Pause0));
    CHECK_FALSE(isDefinedTransition(GameInfo::Measure, GameInfo::Play));
}
