#include "ui/NetworkTrace.hpp"

#include "text/Words.hpp"
#include "ui/ImGuiText.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace speed::client::ui {

void NetworkTrace::draw(bool online) {
    if (!m_open) return;
    placeDialog(kTraceDialogEm);
    // The same window in either language: its title may change, its ID does not.
    const std::string title = fmt::format("{}###network_trace", tr("menu.trace.title"));
    if (!ImGui::Begin(title.c_str(), &m_open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    if (m_log.size() == 0) {
        wrappedText(tr(online ? "menu.trace.empty_online" : "menu.trace.empty_offline"));
    } else {
        ImGui::TextColored(ImColor(kSentColour), "%s", tr("menu.trace.sent"));
        ImGui::SameLine();
        ImGui::TextColored(ImColor(kReceivedColour), "%s", tr("menu.trace.received"));
        ImGui::SameLine();
        const std::string counts = m_log.dropped() > 0 ? trf("menu.trace.lines_dropped", m_log.size(), m_log.dropped())
                                                       : trf("menu.trace.lines", m_log.size());
        ImGui::TextDisabled("%s", counts.c_str());
        ImGui::Separator();
        drawLines();
    }
    ImGui::End();
}

// Only the visible lines are laid out (the clipper), so 5,000 lines cost what 40 do.
void NetworkTrace::drawLines() {
    ImGui::BeginChild("lines", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar);
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(m_log.size()));
    while (clipper.Step()) {
        for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
            const WireLogEntry& entry = m_log.at(static_cast<std::size_t>(row));
            ImGui::PushStyleColor(ImGuiCol_Text, entry.sent ? kSentColour : kReceivedColour);
            ImGui::TextUnformatted(formatLogLine(entry).c_str());
            ImGui::PopStyleColor();
        }
    }
    // Scroll and limit are still last frame's: at the bottom then means follow the new lines.
    if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY()) ImGui::SetScrollHereY(1.0f);
    ImGui::EndChild();
}

} // namespace speed::client::ui
