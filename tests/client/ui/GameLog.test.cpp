#include "ui/GameLog.hpp"

#include <catch2/catch.hpp>

using namespace speed::client::ui;

TEST_CASE("game log: lines in order, bounded, the oldest dropped first", "[client][ui]") {
    GameLog log;
    log.add({10, GameEventKind::Play, "You played 7\xE2\x99\xA6 on 8\xE2\x99\xA3"});
    log.add({20, GameEventKind::Refusal, ""}); // nothing to say: no line
    REQUIRE(log.size() == 1);
    for (std::size_t i = 0; i < GameLog::kCapacity + 5; ++i) log.add({static_cast<long long>(i), GameEventKind::OpponentPlay, "line " + std::to_string(i)});
    CHECK(log.size() == GameLog::kCapacity);
    CHECK(log.dropped() == 6);
    CHECK(log.at(0).text == "line 5");
    CHECK(log.at(log.size() - 1).text == "line " + std::to_string(GameLog::kCapacity + 4));
}
