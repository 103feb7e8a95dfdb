#include "ui/StatisticsDialog.hpp"

#include "ui/ImGuiText.hpp"

#include "table/LevelWords.hpp"
#include "table/TableText.hpp"
#include "text/Words.hpp"

#include <fmt/format.h>
#include <imgui.h>
#include <spdlog/spdlog.h>

#include <algorithm>

namespace speed::client::ui {
std::string streakWords(int streak) {
    if (streak > 0) return fmt::format("won {}", streak);
    if (streak < 0) return fmt::format("lost {}", -streak);
    return "-";
}

std::string opponentWords(const store::OpponentSummary& entry) {
    if (entry.kind == store::OpponentKind::TwoPlayers) return "two players (P1)";
    return entry.kind == store::OpponentKind::Cpu ? entry.name : entry.name + " (network)";
}

std::string shownStreak(int streak) {
    if (streak > 0) return trf("stats.streak.won", streak);
    if (streak < 0) return trf("stats.streak.lost", -streak);
    return "-";
}

std::string shownOpponent(const store::OpponentSummary& entry) {
    if (entry.kind == store::OpponentKind::TwoPlayers) return tr("stats.opponent.two_players");
    if (entry.kind != store::OpponentKind::Cpu) return trf("stats.opponent.network", entry.name);
    // The file keeps the bot's English name; a ladder bot is named in the window's language.
    if (const auto level = parseBotLevel(entry.cpuLevel); level && isLadderLevel(*level)) return botNameWords(*level);
    return entry.name;
}

std::string shownLevel(const store::OpponentSummary& entry) {
    if (entry.kind != store::OpponentKind::Cpu) return "-";
    if (const auto level = parseBotLevel(entry.cpuLevel)) return levelWords(*level);
    return entry.cpuLevel.empty() ? "-" : entry.cpuLevel;
}

void StatisticsDialog::open(StatisticsView view) {
    m_view = std::move(view);
    m_selected = 0;
    m_open = true;
    spdlog::info("statistics shown: {} games{}", m_view.summary ? m_view.summary->games : 0,
                 m_view.problem.empty() ? "" : " (" + m_view.problem + ")");
}

void StatisticsDialog::draw() {
    if (!m_open) return;
    placeDialog(kStatisticsDialogEm);
    const std::string title = fmt::format("{}###statistics_dialog", tr("stats.title"));
    if (!ImGui::Begin(title.c_str(), &m_open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    if (!m_view.problem.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
        wrappedText(m_view.problem);
        ImGui::PopStyleColor();
    }
    if (m_view.summary && m_view.summary->games == 0) {
        wrappedText(tr("stats.empty"));
    } else if (m_view.summary) {
        drawTable(*m_view.summary);
        const auto& opponents = m_view.summary->opponents;
        if (m_selected < opponents.size()) drawRecent(opponents[m_selected]);
    }
    if (!m_view.file.empty()) {
        ImGui::Spacing();
        ImGui::TextDisabled("%s", trf("stats.kept_in", m_view.file).c_str());
    }
    ImGui::End();
}

void StatisticsDialog::drawTable(const store::StatsSummary& summary) {
    constexpr ImGuiTableFlags kFlags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_SizingFixedFit |
                                       ImGuiTableFlags_ScrollX | ImGuiTableFlags_ScrollY; // whole headings, scrolled sideways when narrow
    const float height = std::min(ImGui::GetTextLineHeightWithSpacing() * (static_cast<float>(summary.opponents.size()) + 1.6f),
                                  ImGui::GetContentRegionAvail().y * 0.5f);
    if (!ImGui::BeginTable("statistics", 10, kFlags, ImVec2(0, height))) return;
    ImGui::TableSetupScrollFreeze(0, 1);
    for (const char* heading : {tr("stats.column.opponent"), tr("stats.column.level"), tr("stats.column.played"),
                                tr("stats.column.won"), tr("stats.column.lost"), tr("stats.column.drawn"),
                                tr("stats.column.win_rate"), tr("stats.column.streak"), tr("stats.column.best"),
                                tr("stats.column.fastest_win")}) {
        ImGui::TableSetupColumn(heading);
    }
    ImGui::TableHeadersRow();
    for (std::size_t row = 0; row < summary.opponents.size(); ++row) {
        const store::OpponentSummary& entry = summary.opponents[row];
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::PushID(static_cast<int>(row));
        if (ImGui::Selectable(shownOpponent(entry).c_str(), m_selected == row, ImGuiSelectableFlags_SpanAllColumns)) {
            m_selected = row;
        }
        ImGui::PopID();
        ImGui::TableNextColumn();
        plainText(shownLevel(entry));
        for (int count : {entry.played, entry.won, entry.lost, entry.drawn}) {
            ImGui::TableNextColumn();
            ImGui::Text("%d", count);
        }
        ImGui::TableNextColumn();
        ImGui::Text("%.0f%%", 100.0 * entry.winRate);
        ImGui::TableNextColumn();
        plainText(shownStreak(entry.currentStreak));
        ImGui::TableNextColumn();
        ImGui::Text("%d", entry.bestStreak);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(entry.fastestWinMs ? formatClock(*entry.fastestWinMs).c_str() : "-");
    }
    ImGui::EndTable();
}

// One bar per game, oldest left: a win reaches up from the middle line, a loss down, a draw is a
// short grey mark on it.
void StatisticsDialog::drawRecent(const store::OpponentSummary& opponent) {
    ImGui::Spacing();
    const std::string heading = opponent.recent.size() == 1
                                    ? trf("stats.recent.one", shownOpponent(opponent))
                                    : trf("stats.recent.many", opponent.recent.size(), shownOpponent(opponent));
    ImGui::TextColored(imColourVec(palette::kHeading), "%s", heading.c_str());
    const float em = ImGui::GetFontSize();
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float width = std::max(ImGui::GetContentRegionAvail().x, em * 10);
    const float height = em * 4;
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), IM_COL32(0, 0, 0, 60), em * 0.2f);
    const float middle = origin.y + height * 0.5f;
    draw->AddLine(ImVec2(origin.x, middle), ImVec2(origin.x + width, middle), IM_COL32(255, 255, 255, 60));
    const float slot = width / 50.0f; // room for 50, so the strip keeps its scale as games come in
    for (std::size_t i = 0; i < opponent.recent.size(); ++i) {
        const float left = origin.x + slot * static_cast<float>(i) + slot * 0.15f;
        const float right = left + slot * 0.7f;
        switch (opponent.recent[i]) {
        case store::GameOutcome::Win:
            draw->AddRectFilled(ImVec2(left, origin.y + height * 0.08f), ImVec2(right, middle), kGoodColour);
            break;
        case store::GameOutcome::Loss:
            draw->AddRectFilled(ImVec2(left, middle), ImVec2(right, origin.y + height * 0.92f), imColour(palette::kLoss));
            break;
        case store::GameOutcome::Draw:
            draw->AddRectFilled(ImVec2(left, middle - 2), ImVec2(right, middle + 2), IM_COL32(200, 200, 200, 255));
            break;
        }
    }
    ImGui::Dummy(ImVec2(width, height));
    ImGui::TextDisabled("%s", tr("stats.recent.legend"));
}

} // namespace speed::client::ui
