#include "app/GameStatsKeeper.hpp"

#include "text/Words.hpp"

#include <spdlog/spdlog.h>

namespace speed::client {
namespace {

using store::StoreProblemKind;

const char* statsProblemKey(StoreProblemKind kind) {
    switch (kind) {
    case StoreProblemKind::CannotCreateFolder: return "window.stats.cannot_create_folder";
    case StoreProblemKind::CannotUseFolder: return "window.stats.cannot_use_folder";
    case StoreProblemKind::JournalLocked: return "window.stats.locked";
    case StoreProblemKind::NotADatabase: return "window.stats.not_a_database";
    case StoreProblemKind::JournalDamaged: return "window.stats.damaged";
    case StoreProblemKind::NewerJournal: return "window.stats.newer";
    case StoreProblemKind::NotAJournal: return "window.stats.not_statistics";
    case StoreProblemKind::CannotWriteJournal: return "window.stats.cannot_write";
    case StoreProblemKind::CannotReadJournal: return "window.stats.cannot_read";
    default: return "window.stats.cannot_open";
    }
}

// What `effectKey` (not_kept, not_counted, unreadable) is because of, in `in`: which file, what
// happened to it, and the operating system's or SQLite's own words.
std::string statsProblemWords(Language in, std::string_view effectKey, StoreProblemKind kind,
                              const std::filesystem::path& file, const std::string& systemText) {
    std::string what = trfIn(in, statsProblemKey(kind), file.string());
    if (!systemText.empty()) what = trfIn(in, "window.stats.because", what, systemText);
    return trfIn(in, effectKey, what);
}

} // namespace

store::FinishedGame finishedGameOf(const GameRecord& record, const RuleOptions& rules, int localSeat,
                                   const GameOpponent& opponent, std::int64_t atMs) {
    store::FinishedGame game;
    game.finishedAtMs = atMs;
    game.opponentKind = opponent.kind;
    game.opponentName = opponent.name;
    game.cpuLevel = opponent.kind == store::OpponentKind::Cpu ? opponent.cpuLevel : std::string();
    game.jokers = rules.jokers;
    game.deal = rules.deal == DealMode::Colors ? "colors" : "random";
    game.handSize = rules.handSize;
    game.refill = rules.refill == RefillMode::Auto ? "auto" : "manual";
    switch (record.info) {
    case GameInfo::Win: game.outcome = store::GameOutcome::Win; break;
    case GameInfo::Defeat: game.outcome = store::GameOutcome::Loss; break;
    default: game.outcome = store::GameOutcome::Draw; break;
    }
    game.durationMs = std::max<TimeMs>(record.durationMs, 0);
    const int mine = localSeat == 1 ? 1 : 0;
    game.cardsLeftMine = record.cardsLeft[static_cast<std::size_t>(mine)];
    game.cardsLeftTheirs = record.cardsLeft[static_cast<std::size_t>(1 - mine)];
    game.racesLost = record.racesLost;
    game.racesWon = record.racesWon;
    game.moves = record.moves;
    game.flips = record.flips;
    game.seed = record.seed;
    return game;
}

BotLevel ladderStartLevel(std::optional<BotLevel> chosen, std::optional<BotLevel> highestBeaten, bool playedCpu) {
    const BotLevel first = ladderLevels().front();
    if (!playedCpu) return first;
    BotLevel start = first;
    for (const std::optional<BotLevel>& level : {chosen, highestBeaten}) {
        if (level && isLadderLevel(*level)) start = std::max(start, *level); // the ladder's order is the enum's
    }
    return start;
}

GameStatsKeeper::GameStatsKeeper(Opener opener) : m_opener(std::move(opener)) {
    ensureOpen("window.stats.not_kept");
}

bool GameStatsKeeper::ensureOpen(std::string_view failingKey) {
    if (m_stats) return true;
    store::OpenedStats opened = m_opener();
    if (!opened.error.empty()) {
        setProblem(failingKey, {opened.kind, opened.file, opened.systemText, opened.error});
        return false;
    }
    m_stats = std::move(opened.stats);
    spdlog::info("statistics in {}", m_stats->file().string());
    return true;
}

bool GameStatsKeeper::record(const store::FinishedGame& game) {
    if (!ensureOpen("window.stats.not_counted")) return false;
    if (std::string error = m_stats->record(game); !error.empty()) {
        setProblem("window.stats.not_counted", m_stats->lastProblem());
        return false;
    }
    if (!m_problem.empty()) spdlog::info("statistics are written again to {}", m_stats->file().string());
    m_problem.clear();
    return true;
}

std::optional<store::StatsSummary> GameStatsKeeper::summary() {
    if (!ensureOpen("window.stats.unreadable")) return std::nullopt;
    store::StatsSummary summary;
    if (std::string error = m_stats->readSummary(summary); !error.empty()) {
        setProblem("window.stats.unreadable", m_stats->lastProblem());
        return std::nullopt;
    }
    return summary;
}

std::optional<BotLevel> GameStatsKeeper::highestRungBeaten() {
    if (!ensureOpen("window.stats.unreadable")) return std::nullopt;
    std::optional<BotLevel> rung;
    if (std::string error = m_stats->readHighestRungBeaten(rung); !error.empty()) {
        setProblem("window.stats.unreadable", m_stats->lastProblem());
        return std::nullopt;
    }
    return rung;
}

std::optional<store::CpuLevelRecord> GameStatsKeeper::cpuLevelRecord(BotLevel level) {
    if (!ensureOpen("window.stats.unreadable")) return std::nullopt;
    store::CpuLevelRecord record;
    if (std::string error = m_stats->readCpuLevelRecord(toString(level), record); !error.empty()) {
        setProblem("window.stats.unreadable", m_stats->lastProblem());
        return std::nullopt;
    }
    return record;
}

std::optional<std::string> GameStatsKeeper::takeNewProblem() {
    if (m_problemTold || m_problem.empty()) return std::nullopt;
    m_problemTold = true;
    return m_problem;
}

void GameStatsKeeper::setProblem(std::string_view effectKey, const store::StoreProblem& what) {
    std::string problem = statsProblemWords(language(), effectKey, what.kind, what.file, what.systemText);
    if (problem == m_problem) return;
    // The log's English, and the store's own sentence, which may say more (a row's column).
    spdlog::warn("{} ({})", statsProblemWords(Language::English, effectKey, what.kind, what.file, what.systemText),
                 what.logText);
    m_problem = std::move(problem);
    m_problemTold = false;
}

} // namespace speed::client
