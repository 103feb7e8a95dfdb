#include "ui/LogPane.hpp"

#include "text/Words.hpp"
#include "ui/ImGuiText.hpp"
#include "ui/WireLog.hpp"

#include <fmt/format.h>

namespace speed::client::ui {
namespace {

ImU32 colourOf(GameEventKind kind) {
    switch (kind) {
    case GameEventKind::Play: return imColour(palette::kWhite);
    case GameEventKind::OpponentPlay: return imColour(palette::kLabel);
    case GameEventKind::Table: return imColour(palette::kHighlight);
    case GameEventKind::Refusal: return kErrorColour;
    case GameEventKind::Connection: return imColour(palette::kHeading);
    case GameEventKind::Result: return kGoodColour;
    }
    return imColour(palette::kWhite);
}

} // namespace

void LogPane::draw(const Rect& area) {
    if (!m_shown) return;
    ImGui::SetNextWindowPos(ImVec2(area.left, area.top));
    ImGui::SetNextWindowSize(ImVec2(area.width, area.height));
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                        ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings |
                                        ImGuiWindowFlags_NoBringToFrontOnFocus;
    // The same window in either language: its title may change, its ID does not.
    const std::string title = fmt::format("{}###game_log", tr("menu.log.title"));
    if (!ImGui::Begin(title.c_str(), nullptr, kFlags)) {
        ImGui::End();
        return;
    }
    if (m_log.size() == 0) wrappedText(tr("menu.log.empty"));
    ImGui::BeginChild("events", ImVec2(0, 0), false);
    // Wrapped lines have no fixed height, so no clipper: the log is bounded (GameLog::kCapacity).
    for (std::size_t row = 0; row < m_log.size(); ++row) {
        const GameEvent& event = m_log.at(row);
        ImGui::TextDisabled("%s", formatLogTime(event.atMs).substr(0, 5).c_str());
        ImGui::SameLine();
        ImGui::PushStyleColor(ImGuiCol_Text, colourOf(event.kind));
        wrappedText(event.text);
        ImGui::PopStyleColor();
    }
    if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY()) ImGui::SetScrollHereY(1.0f);
    ImGui::EndChild();
    ImGui::End();
}

} // namespace speed::client::ui
