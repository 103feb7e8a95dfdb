#include "text/words/Parts.hpp"

namespace speed::client {
namespace {

// The Statistics dialog.
const Words kStatsWords[] = {
    {"stats.title", "Statistics", "成績"},
    {"stats.empty",
     "No games yet. Every game you finish is counted here, against the CPU per level and against each player over the "
     "network.",
     "まだゲームの記録がありません。最後まで終えたゲームはすべてここに数えられます（CPUとはレベルごと、ネットワークでは相手ごと）。"},
    {"stats.kept_in", "Kept in {}", "保存先：{}"},

    // The table: its columns and cells.
    {"stats.column.opponent", "Opponent", "相手"},
    {"stats.column.level", "Level", "レベル"},
    {"stats.column.played", "Played", "対戦数"},
    {"stats.column.won", "Won", "勝ち"},
    {"stats.column.lost", "Lost", "負け"},
    {"stats.column.drawn", "Drawn", "引き分け"},
    {"stats.column.win_rate", "Win rate", "勝率"},
    {"stats.column.streak", "Streak", "連続"},
    {"stats.column.best", "Best", "最多連勝"},
    {"stats.column.fastest_win", "Fastest win", "最速の勝ち"},
    {"stats.streak.won", "won {}", "{}連勝"},
    {"stats.streak.lost", "lost {}", "{}連敗"},
    {"stats.opponent.network", "{} (network)", "{}（ネットワーク）"},
    {"stats.opponent.two_players", "Two players: Player 1", "二人対戦：プレイヤー1"}, // results from Player 1's side

    // The strip of the last games below the table.
    {"stats.recent.one", "The last game against {}", "{}との直近のゲーム"},
    {"stats.recent.many", "The last {0} games against {1} (oldest left)", "{1}との直近{0}ゲーム（左ほど古い）"},
    {"stats.recent.legend", "won above the line, lost below", "線より上が勝ち、下が負け"},
};

} // namespace

std::span<const Words> statsWords() { return kStatsWords; }

} // namespace speed::client
