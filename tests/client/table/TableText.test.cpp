#include "match/ResultReport.hpp"
#include "table/TableText.hpp"
#include "text/Words.hpp"

#include "common/TableBuilder.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>
#include "support/InJapanese.hpp"

using namespace speed;
using namespace speed::client;
using speed::test::Table;

using speed::test::InJapanese;
TEST_CASE("clock text: minutes and seconds and hours when needed") {
    CHECK(formatClock(0) == "0:00");
    CHECK(formatClock(59'999) == "0:59");
    CHECK(formatClock(83'000) == "1:23");
    CHECK(formatClock(3'723'000) == "1:02:03");
    CHECK(formatClock(-5) == "0:00");
}

TEST_CASE("table summary and play options describe the table for the log") {
    const GameState state = Table().deck(0, "C1 C2").hand(0, "H5 -- S8 --").pile(0, "D4").deck(1, "C3").state();
    CHECK(tableSummary(state) == "piles=D4,-- seat0[deck=2 hand=H5,--,S8,--] seat1[deck=1 hand=--,--,--,--]");
    CHECK(playOptions(state, 0) == "legal=0>0 illegal=0>1,2>0,2>1");
}

TEST_CASE("clock and log lines are the same whatever language the window speaks") {
    const InJapanese japanese;
    CHECK(formatClock(83'000) == "1:23");
    const GameState state = Table().deck(0, "C1 C2").hand(0, "H5 -- S8 --").pile(0, "D4").deck(1, "C3").state();
    CHECK(tableSummary(state) == "piles=D4,-- seat0[deck=2 hand=H5,--,S8,--] seat1[deck=1 hand=--,--,--,--]");
    CHECK(playOptions(state, 0) == "legal=0>0 illegal=0>1,2>0,2>1");
}

TEST_CASE("results: one line per game and one JSON object last") {
    ResultSummary summary{1, 42, "vs-cpu", {GameRecord{1, 42, GameResult::Seat0Wins, GameInfo::Win, 83'000, 120, 3}}};
    std::ostringstream out;
    printResults(summary, true, out);
    const std::string text = out.str();
    CHECK(text.find("game 1 (seed 42): WIN in 1:23") == 0);
    const std::string lastLine = text.substr(text.rfind('\n', text.size() - 2) + 1);
    const auto json = nlohmann::json::parse(lastLine);
    CHECK(json["finished"] == 1);
    CHECK(json["wins"] == 1);
    CHECK(json["results"][0]["result"] == "WIN");
    CHECK(resultsExitCode(summary) == 0);
    summary.gamesAsked = 2;
    CHECK(resultsExitCode(summary) == 1);
}
