#include "SelfPlay.hpp"

#include "speed/common/BotMatch.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>

using namespace speed;

namespace {

// Runs `speed-server --selfplay` as the program does and reads its JSON line.
nlohmann::json selfPlay(BotLevel level, BotLevel vsLevel, int games, std::uint64_t seed = 1) {
    SelfPlayOptions options;
    options.games = games;
    options.seed = seed;
    options.level = level;
    options.vsLevel = vsLevel;
    options.json = true;
    std::ostringstream out;
    REQUIRE(runSelfPlay(options, out) == 0);
    const std::string text = out.str();
    const auto lastLine = text.rfind('\n', text.size() - 2);
    return nlohmann::json::parse(text.substr(lastLine + 1));
}

} // namespace

TEST_CASE("self-play level A against level B: wins by level and by seat, the rate inside its interval",
          "[server][selfplay]") {
    const nlohmann::json r = selfPlay(BotLevel::Expert, BotLevel::Novice, 200);
    CHECK(r["level"] == "expert");
    CHECK(r["vs_level"] == "novice");
    CHECK(r["names"] == nlohmann::json::array({"Takumi", "Hana"}));
    const int winsA = r["level_wins"][0];
    const int winsB = r["level_wins"][1];
    const int draws = r["draws"];
    CHECK(winsA + winsB + draws == 200);
    CHECK(r["finished"] == 200);
    CHECK(r["wins"][0].get<int>() + r["wins"][1].get<int>() == winsA + winsB);
    const double rate = r["win_rate"];
    CHECK(rate == Approx(static_cast<double>(winsA) / (winsA + winsB)));
    CHECK(rate > 0.9); // four rungs apart
    CHECK(r["win_rate_ci95"][0].get<double>() < rate);
    CHECK(r["win_rate_ci95"][1].get<double>() > rate);
    CHECK(r["win_rate_ci95"][1].get<double>() <= 1.0);
    CHECK(r["mean_game_seconds"].get<double>() > 10);
    CHECK(r["actions_per_minute"][0].get<double>() > r["actions_per_minute"][1].get<double>());
}

TEST_CASE("self-play alternates the seats: level A plays seat 0 in even games, seat 1 in odd ones",
          "[server][selfplay]") {
    // Game 1 (seed 11) has A on seat 1: the same game played directly with the levels swapped.
    BotMatchSetup odd;
    odd.seed = 11;
    odd.levels = {BotLevel::Novice, BotLevel::Hard};
    const GameResult result = playBotMatch(odd).result;
    BotMatchSetup even;
    even.seed = 10;
    even.levels = {BotLevel::Hard, BotLevel::Novice};
    const GameResult first = playBotMatch(even).result;
    const nlohmann::json r = selfPlay(BotLevel::Hard, BotLevel::Novice, 2, 10);
    const int winsA = (first == GameResult::Seat0Wins ? 1 : 0) + (result == GameResult::Seat1Wins ? 1 : 0);
    const int winsB = (first == GameResult::Seat1Wins ? 1 : 0) + (result == GameResult::Seat0Wins ? 1 : 0);
    CHECK(r["level_wins"] == nlohmann::json::array({winsA, winsB}));
    const int seat0 = (first == GameResult::Seat0Wins ? 1 : 0) + (result == GameResult::Seat0Wins ? 1 : 0);
    const int seat1 = (first == GameResult::Seat1Wins ? 1 : 0) + (result == GameResult::Seat1Wins ? 1 : 0);
    CHECK(r["wins"] == nlohmann::json::array({seat0, seat1}));
}

TEST_CASE("self-play of one level against itself keeps the first release's report", "[server][selfplay]") {
    const nlohmann::json r = selfPlay(BotLevel::Max, BotLevel::Max, 100);
    CHECK(r["level"] == "max");
    CHECK(r["vs_level"] == "max");
    CHECK(r["finished"] == 100);
    CHECK(r["invariant_violations"] == 0);
    CHECK(r["wins"][0].get<int>() + r["wins"][1].get<int>() + r["draws"].get<int>() == 100);
    CHECK(r["moves_per_game"].get<double>() > 40);
}
