#include "ui/GameLog.hpp"

#include "text/Words.hpp"

#include <catch2/catch.hpp>

#include <string>
#include "support/InJapanese.hpp"

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

using speed::test::InJapanese;
TEST_CASE("game log: Japanese lines are kept as written", "[client][ui]") {
    GameLog log;
    log.add({10, GameEventKind::Play, "7\xE2\x99\xA6 を 8\xE2\x99\xA3 に出しました"});
    REQUIRE(log.size() == 1);
    CHECK(log.at(0).text == "7\xE2\x99\xA6 を 8\xE2\x99\xA3 に出しました");
}

TEST_CASE("game log pane and network trace: their own words in either language", "[client][ui]") {
    using speed::client::tr;
    using speed::client::trf;
    CHECK(std::string(tr("menu.log.title")) == "Game log (L hides)");
    CHECK(trf("menu.trace.lines_dropped", 1000, 6) == "1000 lines, 6 older dropped");
    const InJapanese japanese;
    CHECK(std::string(tr("menu.log.title")).find("ゲームログ") != std::string::npos);
    CHECK(std::string(tr("menu.log.empty")).find("スピード！") != std::string::npos);
    CHECK(std::string(tr("menu.trace.sent")) == "-> 送信");
    CHECK(std::string(tr("menu.trace.received")) == "<- 受信");
    CHECK(trf("menu.trace.lines", 42) == "42行");
    CHECK(trf("menu.trace.lines_dropped", 1000, 6) == "1000行（古い6行は削除済み）");
}
