#include "Simulate.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>

using namespace speed;

namespace {

// Runs `speed-server --simulate` as the program does and reads its JSON line.
nlohmann::json simulate(const SimulateOptions& given) {
    SimulateOptions options = given;
    options.json = true;
    std::ostringstream out;
    REQUIRE(runSimulate(options, out) == 0);
    const std::string text = out.str();
    const auto lastLine = text.rfind('\n', text.size() - 2);
    return nlohmann::json::parse(text.substr(lastLine + 1));
}

} // namespace

TEST_CASE("simulate --json: an entry per game and a line per seat, which add up to the totals", "[server][simulate]") {
    SimulateOptions options;
    options.games = 12;
    options.seed = 40;
    options.levels = {BotLevel::Expert, BotLevel::Novice};
    options.toHost.delayMs = 10;
    options.toClient.delayMs = 40;
    options.toClient.jitterMs = 5;
    options.toHost.lossRate = 0.05;
    const nlohmann::json r = simulate(options);
    CHECK(r["game_count"] == 12);
    REQUIRE(r["games"].size() == 12);
    CHECK(r["levels"] == nlohmann::json::array({"expert", "novice"}));
    CHECK(r["faults"]["to_host"]["delay_ms"] == 10);
    CHECK(r["faults"]["to_client"]["delay_ms"] == 40);
    CHECK(r["faults"]["to_client"]["jitter_ms"] == 5);
    CHECK(r["faults"]["to_host"]["loss"] == 0.05);
    CHECK(r["faults"]["to_client"]["loss"] == 0.0);
    std::array<int, kSeats> wins{};
    std::array<long long, kSeats> cards{};
    std::array<long long, kSeats> racesWon{};
    long long datagrams = 0;
    for (std::size_t i = 0; i < r["games"].size(); ++i) {
        const nlohmann::json& game = r["games"][i];
        CHECK(game["seed"] == 40 + i);
        CHECK(game["finished"] == true);
        CHECK(game["diverged"] == false);
        CHECK(game["host_stop"].is_null());
        REQUIRE(game["seats"].size() == kSeats);
        if (game["winner"] == "host") ++wins[0];
        if (game["winner"] == "client") ++wins[1];
        for (std::size_t seat = 0; seat < kSeats; ++seat) {
            cards[seat] += game["seats"][seat]["cards_played"].get<long long>();
            racesWon[seat] += game["seats"][seat]["races_won"].get<long long>();
        }
        datagrams += game["datagrams_sent"].get<long long>();
    }
    CHECK(datagrams == r["datagrams_sent"].get<long long>());
    REQUIRE(r["seats"].size() == kSeats);
    for (std::size_t seat = 0; seat < kSeats; ++seat) {
        CAPTURE(seat);
        const nlohmann::json& line = r["seats"][seat];
        CHECK(line["seat"] == (seat == 0 ? "host" : "client"));
        CHECK(line["level"] == (seat == 0 ? "expert" : "novice"));
        CHECK(line["wins"] == wins[seat]);
        CHECK(line["wins"] == r["wins"][seat]);
        CHECK(line["cards_played"] == cards[seat]);
        CHECK(line["races_won"] == racesWon[seat]);
        CHECK(line["cards_played"].get<long long>() > 0);
        CHECK(line["proposals"].get<long long>() >= line["refusals"].get<long long>());
    }
    // The expert (host) against the novice: the faster seat plays more of its cards and wins.
    CHECK(r["seats"][0]["wins"].get<int>() > r["seats"][1]["wins"].get<int>());
    // Client proposals are the client seat's.
    CHECK(r["seats"][1]["proposals"] == r["proposals"]);
}

TEST_CASE("simulate: the summary has a line per seat with its level", "[server][simulate]") {
    SimulateOptions options;
    options.games = 2;
    options.levels = {BotLevel::Hard, BotLevel::Easy};
    std::ostringstream out;
    REQUIRE(runSimulate(options, out) == 0);
    const std::string text = out.str();
    CHECK(text.find("host at level hard, client at level easy") != std::string::npos);
    CHECK(text.find("  host   (hard): won") != std::string::npos);
    CHECK(text.find("  client (easy): won") != std::string::npos);
}

TEST_CASE("simulate --jobs: games played at once give the very results of one after another", "[server][simulate]") {
    // 100 games on three threads: batches of 48, the last one short, and games of different
    // lengths finishing out of order within a batch.
    SimulateOptions options;
    options.games = 100;
    options.seed = 7;
    options.levels = {BotLevel::Hard, BotLevel::Casual};
    for (sim::FaultSettings* way : {&options.toHost, &options.toClient}) {
        way->delayMs = 20;
        way->jitterMs = 15;
        way->lossRate = 0.1;
        way->duplicateRate = 0.05;
        way->reorderRate = 0.1;
        way->corruptRate = 0.02;
    }
    const auto withoutTimes = [](nlohmann::json report) {
        report.erase("seconds");
        report.erase("games_per_second");
        return report;
    };
    const nlohmann::json oneByOne = withoutTimes(simulate(options));
    options.jobs = 3;
    const nlohmann::json atOnce = withoutTimes(simulate(options));
    REQUIRE(atOnce["games"].size() == 100);
    CHECK(atOnce["games"][99]["seed"] == 106);
    CHECK(atOnce == oneByOne);
}
