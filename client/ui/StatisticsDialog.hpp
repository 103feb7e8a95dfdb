#pragma once

#include "speed/store/GameStats.hpp"

#include <optional>
#include <string>

namespace speed::client::ui {

// A current streak in words: "won 3", "lost 2", "-" (none, or ended by a draw). English, for
// the terminal's report (speed --stats).
std::string streakWords(int streak);
// The opponent as a row names it: the CPU's name (its level has a column), "kenta (network)".
// English, for the terminal's report.
std::string opponentWords(const store::OpponentSummary& entry);

// The same as the dialog shows them, in the window's language: "3連勝"; a ladder bot by its
// name in that language ("ユイ"), a network player as "kenta（ネットワーク）".
std::string shownStreak(int streak);
std::string shownOpponent(const store::OpponentSummary& entry);
// A row's level column: the level in the window's language, "-" for a network player.
std::string shownLevel(const store::OpponentSummary& entry);

// What the Statistics dialog shows, read from the file when it opens.
struct StatisticsView {
    std::optional<store::StatsSummary> summary; // nothing: the file could not be read (problem says why)
    std::string file;
    std::string problem;
};

// Statistics: per opponent and level, played, won, lost, drawn, win rate, streaks and the fastest
// win; below, the last 50 games against the chosen row as a strip of bars (won up, lost down).
class StatisticsDialog {
public:
    void open(StatisticsView view);
    bool isOpen() const { return m_open; }
    void close() { m_open = false; }
    void draw();

private:
    void drawTable(const store::StatsSummary& summary);
    void drawRecent(const store::OpponentSummary& opponent);

    StatisticsView m_view;
    std::size_t m_selected = 0; // the row whose last games are drawn
    bool m_open = false;
};

} // namespace speed::client::ui
