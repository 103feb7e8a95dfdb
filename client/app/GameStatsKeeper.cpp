#include "app/GameStatsKeeper.hpp"

#include "text/Words.hpp"

#include <spdlog/spdlog.h>

namespace speed::client {

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

GameStatsKeeper::GameStatsKeeper(Opener opener) : m_opener(std::move(opener)) {
    ensureOpen("window.stats.not_kept");
}

bool GameStatsKeeper::ensureOpen(std::string_view failingKey) {
    if (m_stats) return true;
    store::OpenedStats opened = m_opener();
    if (!opened.error.empty()) {
        setProblem(trf(failingKey, opened.error));
        return false;
    }
    m_stats = std::move(opened.stats);
    spdlog::info("statistics in {}", m_stats->file().string());
    return true;
}

bool GameStatsKeeper::record(const store::FinishedGame& game) {
    if (!ensureOpen("window.stats.not_counted")) return false;
    if (std::string error = m_stats->record(game); !error.empty()) {
        setProblem(trf("window.stats.not_counted", error));
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
        setProblem(trf("window.stats.unreadable", error));
        return std::nullopt;
    }
    return summary;
}

std::optional<std::string> GameStatsKeeper::takeNewProblem() {
    if (m_problemTold || m_problem.empty()) return std::nullopt;
    m_problemTold = true;
    return m_problem;
}

void GameStatsKeeper::setProblem(std::string problem) {
    if (problem == m_problem) return;
    spdlog::warn("{}", problem);
    m_problem = std::move(problem);
    m_problemTold = false;
}

} // namespace speed::client
