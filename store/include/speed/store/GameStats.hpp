#pragma once

#include "speed/store/StoreProblem.hpp"

#include "speed/common/Bot.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The player's statistics: every finished game the window saw, in an SQLite file in the XDG data
// folder, and what they add up to per opponent. The schema is versioned
// (PRAGMA user_version) with migrations, like the match journal. One object is used by one
// thread at a time; another program holding the file's lock makes record() fail after a short
// wait, it never blocks play.
namespace speed::store {

enum class GameOutcome { Win, Loss, Draw };
std::string_view toString(GameOutcome outcome); // "win", "loss", "draw"

// Who the game was against: the CPU at a level, a player over the network, or two players on
// one keyboard (the game from the bottom player's side).
enum class OpponentKind { Cpu, Network, TwoPlayers };
std::string_view toString(OpponentKind kind); // "cpu", "network", "two-players"

// One finished game, from the local player's side.
struct FinishedGame {
    std::int64_t finishedAtMs = 0; // wall clock (ms since 1970)
    OpponentKind opponentKind = OpponentKind::Cpu;
    std::string opponentName;      // the CPU's name, or the name the other player gave
    std::string cpuLevel;          // the CPU's level word; empty for a network game
    // The rules it was played by.
    int jokers = 0;
    std::string deal;              // "random" or "colors"
    int handSize = 4;
    std::string refill;            // "manual" or "auto"
    GameOutcome outcome = GameOutcome::Draw;
    std::int64_t durationMs = 0;
    int cardsLeftMine = 0;         // hand and deck at the end
    int cardsLeftTheirs = 0;
    std::optional<int> racesWon;   // nothing: this kind of game does not count them
    std::optional<int> racesLost;
    int moves = 0;
    int flips = 0;                 // SPEED! flips
    std::uint64_t seed = 0;
};

// What one opponent's games add up to (a CPU level counts as its own opponent).
struct OpponentSummary {
    OpponentKind kind = OpponentKind::Cpu;
    std::string name;
    std::string cpuLevel;
    int played = 0;
    int won = 0;
    int lost = 0;
    int drawn = 0;
    double winRate = 0;    // won / played
    int currentStreak = 0; // games won (> 0) or lost (< 0) in a row up to the last; a draw ends both
    int bestStreak = 0;    // the most games won in a row
    std::optional<std::int64_t> fastestWinMs;
    std::optional<int> racesWon;  // over the games that counted them; nothing: none did
    std::optional<int> racesLost;
    std::int64_t lastPlayedAtMs = 0;
    std::vector<GameOutcome> recent; // the last (up to) 50 games, oldest first
};

struct StatsSummary {
    int games = 0;
    std::vector<OpponentSummary> opponents; // the most recently played first
};

// The player against one CPU level: the games won, and the fastest of those.
struct CpuLevelRecord {
    int won = 0;
    std::optional<std::int64_t> fastestWinMs;
};

// The highest rung of the CPU ladder (ladderLevels()) among level words; nothing when none is a
// rung (max, the test bot, is none, nor is a word this program does not know); pure.
std::optional<BotLevel> highestRung(const std::vector<std::string>& levelWords);

// The summary of `games` (oldest first, as the file keeps them); pure.
StatsSummary summarize(const std::vector<FinishedGame>& games, std::size_t recentCount = 50);

class GameStats;

struct OpenedStats {
    std::unique_ptr<GameStats> stats;
    std::string error; // set when stats is not: names the file and says what is wrong
    StoreProblemKind kind = StoreProblemKind::CannotOpenJournal; // why, when error is set
    std::filesystem::path file{}; // the file or folder concerned, when error is set
    std::string systemText{};     // SQLite's or the operating system's words, when they say why
};

class GameStats {
public:
    static constexpr int kSchemaVersion = 2; // PRAGMA user_version of the files this one writes
    static constexpr std::string_view kFileName = "statistics.sqlite3";

    // Opens (creating when missing) the statistics at `file`; its folder must exist. Errors
    // name the file: locked, not a database, a newer schema.
    static OpenedStats open(const std::filesystem::path& file);
    // The default file: statistics.sqlite3 in the data folder (made when missing).
    static OpenedStats openDefault();

    ~GameStats();
    GameStats(const GameStats&) = delete;
    GameStats& operator=(const GameStats&) = delete;

    // Appends one game. Empty on success; else nothing was written and the error says why.
    std::string record(const FinishedGame& game);
    // Every game, oldest first; empty error on success. A row no game can be is an error
    // naming it, never a guess.
    std::string readAll(std::vector<FinishedGame>& games) const;
    // readAll(), summed up per opponent (summarize()); empty error on success.
    std::string readSummary(StatsSummary& summary) const;
    // The highest rung of the CPU ladder the player has beaten at least once (highestRung of the
    // levels of the games won against the CPU); nothing when none. Empty error on success.
    std::string readHighestRungBeaten(std::optional<BotLevel>& rung) const;
    // The games won against the CPU at `level` (its word) and the fastest; empty error on success.
    std::string readCpuLevelRecord(std::string_view level, CpuLevelRecord& record) const;
    // The latest failure of record() or readAll() as a value: its kind, this file, SQLite's or
    // the operating system's words, and the sentence they returned.
    StoreProblem lastProblem() const;

    const std::filesystem::path& file() const { return m_file; }

private:
    struct Impl;
    GameStats(std::filesystem::path file, std::unique_ptr<Impl> impl);

    std::filesystem::path m_file;
    std::unique_ptr<Impl> m_impl;
};

} // namespace speed::store
