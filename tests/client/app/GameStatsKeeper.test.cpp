#include "app/GameStatsKeeper.hpp"
#include "app/SceneOf.hpp"
#include "app/StatsReport.hpp"
#include "ui/StatisticsDialog.hpp"

#include "support/InJapanese.hpp"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <regex>
#include <fstream>
#include <sstream>

using namespace speed;
using namespace speed::client;
namespace fs = std::filesystem;

namespace {

GameRecord finished(GameInfo info, TimeMs durationMs) {
    GameRecord record;
    record.number = 1;
    record.seed = 42;
    record.info = info;
    record.durationMs = durationMs;
    record.moves = 30;
    record.flips = 2;
    record.cardsLeft = {0, 9};
    return record;
}

struct TempFolder {
    fs::path path;
    TempFolder() {
        std::string pattern = (fs::temp_directory_path() / "speed-stats-test-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        path = pattern;
    }
    ~TempFolder() {
        std::error_code ignored;
        fs::remove_all(path, ignored);
    }
};

} // namespace

TEST_CASE("A finished game becomes a row from the local seat's side", "[stats]") {
    RuleOptions rules;
    rules.jokers = 2;
    rules.deal = DealMode::Colors;
    rules.handSize = 5;
    rules.refill = RefillMode::Auto;
    GameRecord record = finished(GameInfo::Defeat, 83'000);
    record.racesLost = 4;
    record.racesWon = 6;
    GameRecord uncounted = record;
    uncounted.racesWon.reset(); // a client is not told which of the host's plays it beat
    CHECK_FALSE(finishedGameOf(uncounted, rules, 1, {store::OpponentKind::Network, "kenta", ""}, 0).racesWon.has_value());
    const store::FinishedGame asSeat1 =
        finishedGameOf(record, rules, 1, {store::OpponentKind::Network, "kenta", "ignored"}, 1'700'000'000'000);
    CHECK(asSeat1.outcome == store::GameOutcome::Loss);
    CHECK(asSeat1.cardsLeftMine == 9); // seat 1's cards
    CHECK(asSeat1.cardsLeftTheirs == 0);
    CHECK(asSeat1.opponentKind == store::OpponentKind::Network);
    CHECK(asSeat1.cpuLevel.empty()); // a person has no level
    CHECK(asSeat1.deal == "colors");
    CHECK(asSeat1.refill == "auto");
    CHECK(asSeat1.jokers == 2);
    CHECK(asSeat1.handSize == 5);
    CHECK(asSeat1.racesLost == std::optional<int>(4));
    CHECK(asSeat1.racesWon == std::optional<int>(6));
    CHECK(asSeat1.durationMs == 83'000);
    CHECK(asSeat1.finishedAtMs == 1'700'000'000'000);

    const store::FinishedGame asSeat0 =
        finishedGameOf(finished(GameInfo::Win, 50'000), rules, 0, {store::OpponentKind::Cpu, "Kaito", "normal"}, 1);
    CHECK(asSeat0.outcome == store::GameOutcome::Win);
    CHECK(asSeat0.cardsLeftMine == 0);
    CHECK(asSeat0.cpuLevel == "normal");
    CHECK(finishedGameOf(finished(GameInfo::Draw, 1), rules, 0, {}, 1).outcome == store::GameOutcome::Draw);
}

TEST_CASE("The keeper writes each game, and a file it cannot use is said once, never thrown", "[stats]") {
    TempFolder folder;
    GameStatsKeeper keeper([&] { return store::GameStats::open(folder.path / "s.sqlite3"); });
    REQUIRE(keeper.available());
    CHECK_FALSE(keeper.takeNewProblem());
    RuleOptions rules;
    CHECK(keeper.record(finishedGameOf(finished(GameInfo::Win, 40'000), rules, 0, {store::OpponentKind::Cpu, "Kaito", "normal"}, 1)));
    CHECK(keeper.record(finishedGameOf(finished(GameInfo::Defeat, 40'000), rules, 0, {store::OpponentKind::Cpu, "Kaito", "normal"}, 2)));
    const auto summary = keeper.summary();
    REQUIRE(summary);
    REQUIRE(summary->opponents.size() == 1);
    CHECK(summary->opponents[0].won == 1);
    CHECK(summary->opponents[0].lost == 1);

    // A folder in the file's place: no statistics, one message, the games go on.
    fs::create_directories(folder.path / "dir.sqlite3");
    GameStatsKeeper broken([&] { return store::GameStats::open(folder.path / "dir.sqlite3"); });
    CHECK_FALSE(broken.available());
    auto told = broken.takeNewProblem();
    REQUIRE(told);
    CHECK_THAT(*told, Catch::Contains("statistics are not kept for now") && Catch::Contains("dir.sqlite3"));
    CHECK_FALSE(broken.takeNewProblem()); // once
    CHECK_FALSE(broken.record(finishedGameOf(finished(GameInfo::Win, 1), rules, 0, {}, 1)));
    told = broken.takeNewProblem();
    REQUIRE(told);
    CHECK_THAT(*told, Catch::Contains("this game was not counted"));
    CHECK_FALSE(broken.summary());
    // The folder goes: the next game opens the file and is counted.
    fs::remove(folder.path / "dir.sqlite3");
    CHECK(broken.record(finishedGameOf(finished(GameInfo::Win, 1), rules, 0, {}, 1)));
    CHECK(broken.available());
    CHECK(broken.problem().empty());
}

TEST_CASE("A statistics file that cannot be used is said in the window's language, with the system's words",
          "[stats]") {
    TempFolder folder;
    const fs::path notDatabase = folder.path / "text.sqlite3";
    std::ofstream(notDatabase) << "this is not a database, and it is long enough to look like a file";
    const auto opener = [&] { return store::GameStats::open(notDatabase); };
    GameStatsKeeper english(opener);
    CHECK(english.problem() == "statistics are not kept for now: the statistics file " + notDatabase.string() +
                                   " is not a database");
    std::string japanese;
    {
        const speed::test::InJapanese inJapanese;
        japanese = GameStatsKeeper(opener).problem();
    }
    CHECK(japanese == "今は成績を記録できません：成績ファイル" + notDatabase.string() + "はデータベースではありません");

    // A folder in the file's place: SQLite's and the system's words are quoted as they are,
    // nothing else is English.
    fs::create_directories(folder.path / "dir.sqlite3");
    const auto folderOpener = [&] { return store::GameStats::open(folder.path / "dir.sqlite3"); };
    GameStatsKeeper cannotOpen(folderOpener);
    CHECK_THAT(cannotOpen.problem(), Catch::Contains("cannot open the statistics file") &&
                                         Catch::Contains("Is a directory"));
    const speed::test::InJapanese inJapanese;
    std::string words = GameStatsKeeper(folderOpener).problem();
    const auto quoted = words.find("unable to open database file");
    REQUIRE(quoted != std::string::npos);
    words.erase(quoted, words.find(')', quoted) + 1 - quoted);
    words.erase(words.find((folder.path / "dir.sqlite3").string()), (folder.path / "dir.sqlite3").string().size());
    CHECK_FALSE(std::regex_search(words, std::regex("[a-z]{4,}")));
}

TEST_CASE("The match score counts the local seat's wins and losses", "[stats]") {
    CHECK(matchScore({}, "Kaito").empty());
    const std::vector<GameRecord> games{finished(GameInfo::Win, 1), finished(GameInfo::Defeat, 1),
                                        finished(GameInfo::Win, 1), finished(GameInfo::Draw, 1),
                                        finished(GameInfo::Win, 1)};
    CHECK(matchScore(games, "Kaito") == "You 3 \xE2\x80\x93 1 Kaito");
}

TEST_CASE("speed --stats prints a table per opponent and level, and JSON with nulls for what was not counted", "[stats]") {
    std::vector<store::FinishedGame> games;
    for (auto [outcome, ms] : {std::pair{store::GameOutcome::Win, 65'000}, {store::GameOutcome::Win, 61'000},
                               {store::GameOutcome::Loss, 90'000}}) {
        store::FinishedGame game;
        game.opponentName = "Kaito";
        game.cpuLevel = "normal";
        game.outcome = outcome;
        game.durationMs = ms;
        games.push_back(game);
    }
    const store::StatsSummary summary = store::summarize(games);
    std::ostringstream table;
    printStatsTable(summary, "/x/statistics.sqlite3", table);
    CHECK_THAT(table.str(), Catch::Contains("3 games recorded in /x/statistics.sqlite3"));
    CHECK_THAT(table.str(), Catch::Contains("Kaito") && Catch::Contains("normal") && Catch::Contains("67%") &&
                                Catch::Contains("lost 1") && Catch::Contains("1:01") && Catch::Contains("WWL"));
    std::ostringstream json;
    printStatsJson(summary, "/x/statistics.sqlite3", json);
    const auto parsed = nlohmann::json::parse(json.str());
    CHECK(parsed["games"] == 3);
    const auto& kaito = parsed["opponents"][0];
    CHECK(kaito["kind"] == "cpu");
    CHECK(kaito["level"] == "normal");
    CHECK(kaito["won"] == 2);
    CHECK(kaito["current_streak"] == -1);
    CHECK(kaito["best_streak"] == 2);
    CHECK(kaito["fastest_win_ms"] == 61'000);
    CHECK(kaito["races_won"].is_null());
    CHECK(kaito["recent"] == "WWL");
    std::ostringstream empty;
    printStatsTable(store::summarize({}), "/x/s", empty);
    CHECK_THAT(empty.str(), Catch::Contains("No games recorded yet"));
    CHECK(ui::streakWords(3) == "won 3");
    CHECK(ui::streakWords(-2) == "lost 2");
    CHECK(ui::streakWords(0) == "-");
}

TEST_CASE("The CPU ladder starts at the level named, else the highest rung beaten, else the first rung", "[stats][ladder]") {
    // A first-time player meets the first rung, whatever setup.ini's level says.
    CHECK(ladderStartLevel(std::nullopt, std::nullopt, false) == BotLevel::Novice);
    CHECK(ladderStartLevel(BotLevel::Normal, std::nullopt, false) == BotLevel::Novice);
    // After that: the higher of the level chosen last and the highest rung beaten.
    CHECK(ladderStartLevel(std::nullopt, BotLevel::Hard, true) == BotLevel::Hard);
    CHECK(ladderStartLevel(BotLevel::Normal, std::nullopt, true) == BotLevel::Normal);
    CHECK(ladderStartLevel(BotLevel::Easy, BotLevel::Expert, true) == BotLevel::Expert);
    CHECK(ladderStartLevel(BotLevel::Expert, BotLevel::Easy, true) == BotLevel::Expert);
    CHECK(ladderStartLevel(std::nullopt, BotLevel::Max, true) == BotLevel::Novice); // not a rung
    CHECK(ladderStartLevel(BotLevel::Max, std::nullopt, true) == BotLevel::Novice);
}

TEST_CASE("The keeper reads the ladder from the games it wrote", "[stats][ladder]") {
    TempFolder folder;
    GameStatsKeeper keeper([&] { return store::GameStats::open(folder.path / "s.sqlite3"); });
    CHECK_FALSE(keeper.highestRungBeaten());
    RuleOptions rules;
    CHECK(keeper.record(finishedGameOf(finished(GameInfo::Win, 40'000), rules, 0, {store::OpponentKind::Cpu, "Sora", "easy"}, 1)));
    CHECK(keeper.record(finishedGameOf(finished(GameInfo::Defeat, 30'000), rules, 0, {store::OpponentKind::Cpu, "Ren", "hard"}, 2)));
    CHECK(keeper.highestRungBeaten() == BotLevel::Easy);
    const auto easy = keeper.cpuLevelRecord(BotLevel::Easy);
    REQUIRE(easy);
    CHECK(easy->won == 1);
    CHECK(easy->fastestWinMs == std::optional<std::int64_t>(40'000));
    const auto hard = keeper.cpuLevelRecord(BotLevel::Hard);
    REQUIRE(hard);
    CHECK(hard->won == 0);

    // A file that cannot be opened: no ladder, no record, and the window is told once.
    fs::create_directories(folder.path / "dir.sqlite3");
    GameStatsKeeper broken([&] { return store::GameStats::open(folder.path / "dir.sqlite3"); });
    CHECK(broken.takeNewProblem());
    CHECK_FALSE(broken.highestRungBeaten());
    CHECK_FALSE(broken.cpuLevelRecord(BotLevel::Easy));
}
