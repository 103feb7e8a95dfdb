#include "app/StatsReport.hpp"

#include "table/TableText.hpp"
#include "ui/StatisticsDialog.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace speed::client {

std::string recentLetters(const std::vector<store::GameOutcome>& recent) {
    std::string letters;
    for (store::GameOutcome outcome : recent) {
        letters += outcome == store::GameOutcome::Win ? 'W' : outcome == store::GameOutcome::Loss ? 'L' : 'D';
    }
    return letters;
}

void printStatsTable(const store::StatsSummary& summary, const std::string& file, std::ostream& out) {
    if (summary.games == 0) {
        out << "No games recorded yet (statistics: " << file << ")\n";
        return;
    }
    out << fmt::format("{} game{} recorded in {}\n", summary.games, summary.games == 1 ? "" : "s", file);
    out << fmt::format("{:<22} {:<8} {:>6} {:>4} {:>4} {:>5} {:>5}  {:<8} {:>4} {:>7}  {}\n", "opponent", "level",
                       "played", "won", "lost", "drawn", "win%", "streak", "best", "fastest", "last games (oldest first)");
    for (const store::OpponentSummary& entry : summary.opponents) {
        out << fmt::format("{:<22} {:<8} {:>6} {:>4} {:>4} {:>5} {:>4.0f}%  {:<8} {:>4} {:>7}  {}\n", ui::opponentWords(entry),
                           entry.cpuLevel.empty() ? "-" : entry.cpuLevel, entry.played, entry.won, entry.lost,
                           entry.drawn, 100.0 * entry.winRate, ui::streakWords(entry.currentStreak), entry.bestStreak,
                           entry.fastestWinMs ? formatClock(*entry.fastestWinMs) : "-", recentLetters(entry.recent));
    }
}

void printStatsJson(const store::StatsSummary& summary, const std::string& file, std::ostream& out) {
    nlohmann::json opponents = nlohmann::json::array();
    for (const store::OpponentSummary& entry : summary.opponents) {
        opponents.push_back({
            {"kind", std::string(toString(entry.kind))},
            {"name", entry.name},
            {"level", entry.kind == store::OpponentKind::Cpu ? nlohmann::json(entry.cpuLevel) : nlohmann::json(nullptr)},
            {"played", entry.played},
            {"won", entry.won},
            {"lost", entry.lost},
            {"drawn", entry.drawn},
            {"win_rate", entry.winRate},
            {"current_streak", entry.currentStreak},
            {"best_streak", entry.bestStreak},
            {"fastest_win_ms", entry.fastestWinMs ? nlohmann::json(*entry.fastestWinMs) : nlohmann::json(nullptr)},
            // null: none of these games counted them
            {"races_won", entry.racesWon ? nlohmann::json(*entry.racesWon) : nlohmann::json(nullptr)},
            {"races_lost", entry.racesLost ? nlohmann::json(*entry.racesLost) : nlohmann::json(nullptr)},
            {"last_played_at_ms", entry.lastPlayedAtMs},
            {"recent", recentLetters(entry.recent)},
        });
    }
    out << nlohmann::json{{"file", file}, {"games", summary.games}, {"opponents", opponents}}.dump() << '\n';
}

} // namespace speed::client
