#include "ui/WireLog.hpp"

#include "text/Words.hpp"

#include <catch2/catch.hpp>

using namespace speed::client;
using namespace speed::client::ui;

TEST_CASE("wire log: keeps the newest lines within its capacity") {
    WireLog log(3);
    log.append({{10, true, "HELLO"}, {20, false, "WELCOME"}});
    CHECK(log.size() == 2);
    log.append({{30, true, "MOVE 1"}, {40, false, "STATE 1"}, {50, true, "MOVE 2"}});
    CHECK(log.size() == 3);
    CHECK(log.dropped() == 2);
    CHECK(log.received() == 5);
    CHECK(log.at(0).text == "MOVE 1");
    CHECK(log.at(2).text == "MOVE 2");
}

TEST_CASE("wire log: the default bound holds 5000 lines") {
    WireLog log;
    std::vector<WireLogEntry> many;
    for (int i = 0; i < 6000; ++i) many.push_back({i, i % 2 == 0, "PING " + std::to_string(i)});
    log.append(std::move(many));
    CHECK(log.size() == WireLog::kDefaultCapacity);
    CHECK(log.at(0).text == "PING 1000");
}

TEST_CASE("wire log: a line shows its time and which way it went") {
    CHECK(formatLogTime(0) == "00:00.000");
    CHECK(formatLogTime(83'456) == "01:23.456");
    CHECK(formatLogLine({1'005, true, "PROBE 1 2 3"}) == "00:01.005 -> PROBE 1 2 3");
    CHECK(formatLogLine({2'000, false, "ECHO 1 2 3"}) == "00:02.000 <- ECHO 1 2 3");
}

TEST_CASE("wire log: a line reads the same in Japanese (the datagram is not translated)") {
    setLanguage(Language::Japanese);
    const std::string sent = formatLogLine({1'005, true, "PROBE 1 2 3"});
    const std::string received = formatLogLine({2'000, false, "ECHO 1 2 3"});
    setLanguage(Language::English);
    CHECK(sent == "00:01.005 -> PROBE 1 2 3");
    CHECK(received == "00:02.000 <- ECHO 1 2 3");
}
