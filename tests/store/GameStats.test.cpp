#include "speed/store/GameStats.hpp"

#include "store/StoreTempDir.hpp"

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <sys/stat.h>

using namespace speed::store;
using speed::store::test::TempDir;
using speed::store::test::writeWholeFile;

namespace {

FinishedGame gameVs(std::string name, std::string level, GameOutcome outcome, std::int64_t durationMs,
                    std::int64_t at) {
    FinishedGame game;
    game.finishedAtMs = at;
    game.opponentKind = level.empty() ? OpponentKind::Network : OpponentKind::Cpu;
    game.opponentName = std::move(name);
    game.cpuLevel = std::move(level);
    game.outcome = outcome;
    game.durationMs = durationMs;
    game.deal = "random";
    game.refill = "manual";
    return game;
}

// Runs `sql` on the file with a connection of its own (a planted row, a second program).
void execOn(const std::filesystem::path& file, const char* sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
    const int code = sqlite3_exec(db, sql, nullptr, nullptr, nullptr);
    sqlite3_close(db);
    REQUIRE(code == SQLITE_OK);
}

} // namespace

TEST_CASE("A recorded game reads back field for field, across a reopen", "[stats]") {
    TempDir dir;
    FinishedGame game = gameVs("Hana", "kyu-3", GameOutcome::Win, 61'234, 1'764'000'000'123);
    game.jokers = 2;
    game.deal = "colors";
    game.handSize = 6;
    game.refill = "auto";
    game.cardsLeftMine = 0;
    game.cardsLeftTheirs = 7;
    game.racesWon = 3;
    game.racesLost = 1;
    game.moves = 44;
    game.flips = 5;
    game.seed = 0xfeedfacecafebeefULL; // above INT64_MAX: the bits must come back
    FinishedGame network = gameVs("kenta", "", GameOutcome::Loss, 90'000, 1'764'000'100'000);
    {
        OpenedStats opened = GameStats::open(dir / "s.sqlite3");
        REQUIRE(opened.error.empty());
        CHECK(opened.stats->record(game).empty());
        CHECK(opened.stats->record(network).empty());
    }
    OpenedStats opened = GameStats::open(dir / "s.sqlite3");
    REQUIRE(opened.error.empty());
    std::vector<FinishedGame> games;
    REQUIRE(opened.stats->readAll(games).empty());
    REQUIRE(games.size() == 2);
    const FinishedGame& back = games[0];
    CHECK(back.finishedAtMs == game.finishedAtMs);
    CHECK(back.opponentKind == OpponentKind::Cpu);
    CHECK(back.opponentName == "Hana");
    CHECK(back.cpuLevel == "kyu-3");
    CHECK(back.jokers == 2);
    CHECK(back.deal == "colors");
    CHECK(back.handSize == 6);
    CHECK(back.refill == "auto");
    CHECK(back.outcome == GameOutcome::Win);
    CHECK(back.durationMs == 61'234);
    CHECK(back.cardsLeftTheirs == 7);
    CHECK(back.racesWon == std::optional<int>(3));
    CHECK(back.racesLost == std::optional<int>(1));
    CHECK(back.moves == 44);
    CHECK(back.flips == 5);
    CHECK(back.seed == 0xfeedfacecafebeefULL);
    CHECK(games[1].opponentKind == OpponentKind::Network);
    CHECK(games[1].outcome == GameOutcome::Loss);
    CHECK_FALSE(games[1].racesWon.has_value()); // not counted is not zero
}

TEST_CASE("The file is the user's only, and at the schema version this program writes", "[stats]") {
    TempDir dir;
    REQUIRE(GameStats::open(dir / "s.sqlite3").error.empty());
    struct stat info {};
    REQUIRE(::stat((dir / "s.sqlite3").c_str(), &info) == 0);
    CHECK((info.st_mode & 0777) == 0600);
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open((dir / "s.sqlite3").c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* pragma = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &pragma, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(pragma) == SQLITE_ROW);
    CHECK(sqlite3_column_int(pragma, 0) == GameStats::kSchemaVersion);
    sqlite3_finalize(pragma);
    sqlite3_close(db);
}

TEST_CASE("A newer schema, a file that is no database and a stranger's table are refused by name", "[stats]") {
    TempDir dir;
    execOn(dir / "newer.sqlite3", "PRAGMA user_version = 99");
    OpenedStats newer = GameStats::open(dir / "newer.sqlite3");
    CHECK(newer.stats == nullptr);
    CHECK_THAT(newer.error, Catch::Contains("newer program") && Catch::Contains("newer.sqlite3"));

    writeWholeFile(dir / "text.sqlite3", std::string(4096, 'x'));
    OpenedStats text = GameStats::open(dir / "text.sqlite3");
    CHECK(text.stats == nullptr);
    CHECK_THAT(text.error, Catch::Contains("is not a database"));

    // This program's version by its number but another program's tables.
    const std::string planted = "CREATE TABLE notes (x); PRAGMA user_version = " + std::to_string(GameStats::kSchemaVersion);
    execOn(dir / "other.sqlite3", planted.c_str());
    OpenedStats other = GameStats::open(dir / "other.sqlite3");
    CHECK(other.stats == nullptr);
    CHECK_THAT(other.error, Catch::Contains("not a speed statistics file"));

    CHECK_THAT(GameStats::open("").error, Catch::Contains("no file was given"));
}

TEST_CASE("A file locked by another program fails the write in a moment and loses nothing", "[stats]") {
    TempDir dir;
    OpenedStats opened = GameStats::open(dir / "s.sqlite3");
    REQUIRE(opened.error.empty());
    REQUIRE(opened.stats->record(gameVs("Hana", "kyu-3", GameOutcome::Win, 1000, 1)).empty());
    sqlite3* other = nullptr;
    REQUIRE(sqlite3_open((dir / "s.sqlite3").c_str(), &other) == SQLITE_OK);
    REQUIRE(sqlite3_exec(other, "BEGIN EXCLUSIVE", nullptr, nullptr, nullptr) == SQLITE_OK);
    const std::string error = opened.stats->record(gameVs("Hana", "kyu-3", GameOutcome::Loss, 1000, 2));
    CHECK_THAT(error, Catch::Contains("is locked by another program") && Catch::Contains("s.sqlite3"));
    sqlite3_exec(other, "ROLLBACK", nullptr, nullptr, nullptr);
    sqlite3_close(other);
    // Free again: the next game goes in, and the one before is still there.
    CHECK(opened.stats->record(gameVs("Hana", "kyu-3", GameOutcome::Draw, 1000, 3)).empty());
    std::vector<FinishedGame> games;
    REQUIRE(opened.stats->readAll(games).empty());
    REQUIRE(games.size() == 2);
    CHECK(games[0].outcome == GameOutcome::Win);
    CHECK(games[1].outcome == GameOutcome::Draw);
}

TEST_CASE("A row no game can be is named, never guessed", "[stats]") {
    TempDir dir;
    {
        OpenedStats opened = GameStats::open(dir / "s.sqlite3");
        REQUIRE(opened.error.empty());
        REQUIRE(opened.stats->record(gameVs("Hana", "kyu-3", GameOutcome::Win, 1000, 1)).empty());
    }
    execOn(dir / "s.sqlite3", "UPDATE games SET cards_left_mine = -4");
    OpenedStats opened = GameStats::open(dir / "s.sqlite3");
    REQUIRE(opened.error.empty());
    std::vector<FinishedGame> games;
    CHECK_THAT(opened.stats->readAll(games), Catch::Contains("game 1 has a bad cards_left_mine"));
    CHECK(games.empty());
}

TEST_CASE("The summary counts per opponent and level: results, streaks, fastest win, recent games", "[stats]") {
    using O = GameOutcome;
    std::vector<FinishedGame> games;
    std::int64_t at = 0;
    for (O outcome : {O::Win, O::Win, O::Win, O::Loss, O::Draw, O::Win, O::Win}) {
        ++at;
        games.push_back(gameVs("Hana", "kyu-3", outcome, outcome == O::Win ? 50'000 + at : 80'000, at));
    }
    games.push_back(gameVs("Hana", "kyu-2", O::Loss, 70'000, ++at)); // another level: another row
    games.push_back(gameVs("kenta", "", O::Loss, 60'000, ++at));
    games.push_back(gameVs("kenta", "", O::Loss, 60'000, ++at));
    games.back().racesWon = 2;
    games.back().racesLost = 5;

    const StatsSummary summary = summarize(games, 5);
    CHECK(summary.games == 10);
    REQUIRE(summary.opponents.size() == 3);
    const OpponentSummary& kenta = summary.opponents[0]; // played last
    CHECK(kenta.kind == OpponentKind::Network);
    CHECK(kenta.played == 2);
    CHECK(kenta.lost == 2);
    CHECK(kenta.currentStreak == -2);
    CHECK(kenta.bestStreak == 0);
    CHECK_FALSE(kenta.fastestWinMs.has_value());
    CHECK(kenta.racesWon == std::optional<int>(2)); // one game counted them
    CHECK(kenta.racesLost == std::optional<int>(5));
    const OpponentSummary& hana = summary.opponents[2];
    CHECK(hana.cpuLevel == "kyu-3");
    CHECK(hana.played == 7);
    CHECK(hana.won == 5);
    CHECK(hana.lost == 1);
    CHECK(hana.drawn == 1);
    CHECK(hana.winRate == Approx(5.0 / 7.0));
    CHECK(hana.bestStreak == 3);
    CHECK(hana.currentStreak == 2);
    CHECK(hana.fastestWinMs == std::optional<std::int64_t>(50'001)); // the first game's
    CHECK_FALSE(hana.racesLost.has_value()); // none of these games counted races
    CHECK(hana.recent == std::vector<O>{O::Win, O::Loss, O::Draw, O::Win, O::Win}); // the last 5, oldest first
    CHECK(summary.opponents[1].cpuLevel == "kyu-2");
    CHECK(summarize({}).opponents.empty());
}

namespace {

// The statistics file as version 1 of the program wrote it (its one migration, frozen), with a
// game against the CPU and one over the network.
constexpr const char* kVersion1File = R"sql(
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    finished_at INTEGER NOT NULL,
    opponent_kind TEXT NOT NULL CHECK (opponent_kind IN ('cpu', 'network')),
    opponent_name TEXT NOT NULL,
    cpu_level TEXT NOT NULL,
    jokers INTEGER NOT NULL,
    deal TEXT NOT NULL,
    hand_size INTEGER NOT NULL,
    refill TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    duration_ms INTEGER NOT NULL CHECK (duration_ms >= 0),
    cards_left_mine INTEGER NOT NULL,
    cards_left_theirs INTEGER NOT NULL,
    races_won INTEGER,
    races_lost INTEGER,
    moves INTEGER NOT NULL,
    flips INTEGER NOT NULL,
    seed INTEGER NOT NULL
);
CREATE INDEX games_by_opponent ON games (opponent_kind, opponent_name, cpu_level, id);
INSERT INTO games VALUES (1, 1764000000123, 'cpu', 'Hana', 'hard', 2, 'colors', 6, 'auto', 'win', 61234, 0, 7, 3, 1,
                          44, 5, -77129852519530769);
INSERT INTO games VALUES (2, 1764000100000, 'network', 'kenta', '', 0, 'random', 4, 'manual', 'loss', 90000, 5, 0,
                          NULL, NULL, 30, 2, 9);
PRAGMA user_version = 1;
)sql";

int userVersion(const std::filesystem::path& file) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
    sqlite3_stmt* pragma = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &pragma, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(pragma) == SQLITE_ROW);
    const int version = sqlite3_column_int(pragma, 0);
    sqlite3_finalize(pragma);
    sqlite3_close(db);
    return version;
}

} // namespace

TEST_CASE("A version 1 file is migrated: its games kept, and a two-player game goes in", "[stats]") {
    TempDir dir;
    const auto file = dir / "v1.sqlite3";
    execOn(file, kVersion1File);
    REQUIRE(userVersion(file) == 1);
    {
        OpenedStats opened = GameStats::open(file);
        REQUIRE(opened.error.empty());
        std::vector<FinishedGame> games;
        REQUIRE(opened.stats->readAll(games).empty());
        REQUIRE(games.size() == 2);
        CHECK(games[0].opponentKind == OpponentKind::Cpu);
        CHECK(games[0].opponentName == "Hana");
        CHECK(games[0].cpuLevel == "hard");
        CHECK(games[0].handSize == 6);
        CHECK(games[0].racesWon == 3);
        CHECK(games[0].seed == 0xfeedfacecafebeefULL);
        CHECK(games[1].opponentKind == OpponentKind::Network);
        CHECK(games[1].outcome == GameOutcome::Loss);
        CHECK_FALSE(games[1].racesWon.has_value());
        FinishedGame twoPlayers = gameVs("Player 2", "", GameOutcome::Win, 45'000, 1'764'000'200'000);
        twoPlayers.opponentKind = OpponentKind::TwoPlayers;
        CHECK(opened.stats->record(twoPlayers).empty());
    }
    CHECK(userVersion(file) == GameStats::kSchemaVersion);
    OpenedStats again = GameStats::open(file); // migrated once: opened as it is
    REQUIRE(again.error.empty());
    std::vector<FinishedGame> games;
    REQUIRE(again.stats->readAll(games).empty());
    REQUIRE(games.size() == 3);
    CHECK(games[2].opponentKind == OpponentKind::TwoPlayers);
    CHECK(games[2].opponentName == "Player 2");
    // The games of two players are a line of their own in the summary.
    const StatsSummary summary = summarize(games);
    REQUIRE(summary.opponents.size() == 3);
    CHECK(summary.opponents[0].kind == OpponentKind::TwoPlayers);
    CHECK(summary.opponents[0].won == 1);
    CHECK(toString(OpponentKind::TwoPlayers) == "two-players");
    // The wider CHECK still refuses a kind nobody writes.
    execOn(file, "SELECT 1"); // the file is a database others may open
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(file.c_str(), &db) == SQLITE_OK);
    CHECK(sqlite3_exec(db, "UPDATE games SET opponent_kind = 'robot' WHERE id = 1", nullptr, nullptr, nullptr) ==
          SQLITE_CONSTRAINT);
    sqlite3_close(db);
}

TEST_CASE("The highest rung beaten is the highest ladder level won against, from the file", "[stats][ladder]") {
    using speed::BotLevel;
    TempDir dir;
    OpenedStats opened = GameStats::open(dir / "s.sqlite3");
    REQUIRE(opened.error.empty());
    GameStats& stats = *opened.stats;
    std::optional<BotLevel> rung = BotLevel::Expert;
    CHECK(stats.readHighestRungBeaten(rung).empty());
    CHECK_FALSE(rung.has_value()); // a first-time player: nothing beaten

    // Losses and draws beat nothing, nor does a network game, nor the test bot.
    CHECK(stats.record(gameVs("Sora", "hard", GameOutcome::Loss, 60'000, 1)).empty());
    CHECK(stats.record(gameVs("Yui", "normal", GameOutcome::Draw, 60'000, 2)).empty());
    CHECK(stats.record(gameVs("max", "max", GameOutcome::Win, 9'000, 3)).empty());
    CHECK(stats.record(gameVs("kenta", "", GameOutcome::Win, 50'000, 4)).empty());
    CHECK(stats.readHighestRungBeaten(rung).empty());
    CHECK_FALSE(rung.has_value());

    CHECK(stats.record(gameVs("Mio", "easy", GameOutcome::Win, 70'000, 5)).empty());
    CHECK(stats.record(gameVs("Hana", "novice", GameOutcome::Win, 65'000, 6)).empty());
    CHECK(stats.readHighestRungBeaten(rung).empty());
    CHECK(rung == BotLevel::Easy); // the higher of the two, whichever was won last
    CHECK(stats.record(gameVs("Yui", "normal", GameOutcome::Win, 80'000, 7)).empty());
    CHECK(stats.readHighestRungBeaten(rung).empty());
    CHECK(rung == BotLevel::Normal);
}

TEST_CASE("One CPU level's record counts its wins and keeps the fastest", "[stats][ladder]") {
    TempDir dir;
    OpenedStats opened = GameStats::open(dir / "s.sqlite3");
    REQUIRE(opened.error.empty());
    GameStats& stats = *opened.stats;
    CpuLevelRecord record{9, 1};
    CHECK(stats.readCpuLevelRecord("easy", record).empty());
    CHECK(record.won == 0);
    CHECK_FALSE(record.fastestWinMs.has_value());

    CHECK(stats.record(gameVs("Mio", "easy", GameOutcome::Win, 70'000, 1)).empty());
    CHECK(stats.record(gameVs("Mio", "easy", GameOutcome::Loss, 20'000, 2)).empty()); // a loss is no time
    CHECK(stats.record(gameVs("Mio", "easy", GameOutcome::Win, 64'000, 3)).empty());
    CHECK(stats.record(gameVs("Yui", "normal", GameOutcome::Win, 30'000, 4)).empty()); // another level
    CHECK(stats.record(gameVs("kenta", "", GameOutcome::Win, 10'000, 5)).empty());
    CHECK(stats.readCpuLevelRecord("easy", record).empty());
    CHECK(record.won == 2);
    CHECK(record.fastestWinMs == std::optional<std::int64_t>(64'000));
    CHECK(stats.readCpuLevelRecord("normal", record).empty());
    CHECK(record.won == 1);
    CHECK(record.fastestWinMs == std::optional<std::int64_t>(30'000));
}

TEST_CASE("highestRung knows the ladder's order and skips what is not a rung", "[stats][ladder]") {
    using speed::BotLevel;
    CHECK_FALSE(highestRung({}).has_value());
    CHECK_FALSE(highestRung({"max", "kyu-3", ""}).has_value());
    CHECK(highestRung({"expert", "novice", "hard"}) == BotLevel::Expert);
    CHECK(highestRung({"casual", "max", "easy"}) == BotLevel::Casual);
}
