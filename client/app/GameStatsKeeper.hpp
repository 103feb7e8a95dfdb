#pragma once

#include "match/MatchDriver.hpp"

#include "speed/common/Bot.hpp"
#include "speed/store/GameStats.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace speed::client {

// Who and what a finished game was played against, as the window knows it then.
struct GameOpponent {
    store::OpponentKind kind = store::OpponentKind::Cpu;
    std::string name;     // the CPU's name, or the name the other player gave
    std::string cpuLevel; // the CPU's level word; empty over the network
};

// The row a finished game becomes: from the local seat's side, stamped with wall time `atMs`.
store::FinishedGame finishedGameOf(const GameRecord& record, const RuleOptions& rules, int localSeat,
                                   const GameOpponent& opponent, std::int64_t atMs);

// The opponent a CPU game is against when nothing names one: the level given explicitly (--level,
// or setup.ini's [cpu] level), else the highest rung of the ladder the player has beaten, else
// the first rung (a first-time player starts at the bottom, not in the middle).
// Where the CPU ladder starts when --level does not say: a player who has not played the CPU
// yet meets the first rung (whatever setup.ini's level says); one who has, the higher of the
// level chosen last (`chosen`, setup.ini's, which a choice in the window keeps) and the highest
// rung beaten.
BotLevel ladderStartLevel(std::optional<BotLevel> chosen, std::optional<BotLevel> highestBeaten, bool playedCpu);

// The window's statistics: each finished game is written as it ends. A file that cannot be
// opened or written costs the record of that game, never the game: the problem is kept for the
// window to show (once per different problem) and logged, and a file that could not be opened
// (locked by another program for a moment) is tried again at the next game.
class GameStatsKeeper {
public:
    using Opener = std::function<store::OpenedStats()>;
    explicit GameStatsKeeper(Opener opener);

    // Writes the game; false when it could not (problem() says why).
    bool record(const store::FinishedGame& game);
    // Everything the file holds, summed up; nothing when it cannot be read (problem() says why).
    std::optional<store::StatsSummary> summary();

    // The highest rung of the CPU ladder won against; nothing when none, or when the file cannot
    // be read (problem() says why).
    std::optional<BotLevel> highestRungBeaten();
    // The wins against the CPU at `level` and the fastest; nothing when the file cannot be read.
    std::optional<store::CpuLevelRecord> cpuLevelRecord(BotLevel level);

    const std::string& problem() const { return m_problem; }
    // The problem, the first time it is asked after it changed: the window says it once.
    std::optional<std::string> takeNewProblem();
    bool available() const { return m_stats != nullptr; }
    std::string file() const { return m_stats ? m_stats->file().string() : std::string(); }

private:
    // The problem in the window's language, logged in English; said once per different problem.
    void setProblem(std::string_view effectKey, const store::StoreProblem& what);
    bool ensureOpen(std::string_view failingKey); // false: not open, and the problem (that key's words) says so

    Opener m_opener;
    std::unique_ptr<store::GameStats> m_stats;
    std::string m_problem;
    bool m_problemTold = true;
};

} // namespace speed::client
