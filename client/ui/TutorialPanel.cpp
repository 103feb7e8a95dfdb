#include "ui/TutorialPanel.hpp"

#include "ui/ImGuiText.hpp"

#include "table/Palette.hpp"
#include "text/LineBreak.hpp"
#include "text/Words.hpp"

#include "speed/common/Bot.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <string_view>

namespace speed::client::ui {
Rect tutorialPanelArea(const Rect& felt, float handsTop, float handsBottom, float pilesLeft, float marginPx) {
    const float left = felt.left + marginPx;
    const float top = handsTop + marginPx;
    return {left, top, std::max(0.0f, pilesLeft - marginPx - left), std::max(0.0f, handsBottom - marginPx - top)};
}

Rect tutorialPanelArea(const TableLayout& layout, std::size_t localSeat, bool lessonDone) {
    float handsTop = layout.table.top;
    float handsBottom = layout.statusBar.top;
    for (const Rect& slot : layout.hand[1 - localSeat]) handsTop = std::max(handsTop, slot.bottom());
    if (!lessonDone) {
        for (const Rect& slot : layout.hand[localSeat]) handsBottom = std::min(handsBottom, slot.top);
    }
    const float pilesLeft = std::min(layout.pile[0].left, layout.pile[1].left);
    return tutorialPanelArea(layout.table, handsTop, handsBottom, pilesLeft, layout.cardWidthPx * 0.12f);
}

namespace {

// How many lines `text` takes in `room` pixels at the window's font as it is now.
float linesOf(std::string_view text, float room) {
    return static_cast<float>(breakLines(text, std::max(room, 1.0f), [](std::string_view piece) {
                                  return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
                              }).size());
}

// Two small buttons on one line when they fit in `room`, else one under the other.
bool secondOnSameLine(const char* first, const char* second, float room) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float width = ImGui::CalcTextSize(first).x + ImGui::CalcTextSize(second).x + 4 * style.FramePadding.x +
                        style.ItemSpacing.x;
    return width <= room;
}

} // namespace

float drawTutorialPanel(const TutorialFacts& facts, UiCommands& commands) {
    // The panel keeps to its area: on a small table its words get smaller rather than cover a
    // card (down to 0.6 of the menus' size and never under the window's smallest words; below
    // that the text scrolls).
    float textPx = 0;
    ImGui::SetNextWindowPos(ImVec2(facts.area.left, facts.area.top), ImGuiCond_Always);
    ImGui::SetNextWindowSize(ImVec2(facts.area.width, 0), ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints(ImVec2(facts.area.width, 0), ImVec2(facts.area.width, facts.area.height));
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar |
                                        ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing;
    const bool done = facts.step == TutorialStep::Done;
    if (ImGui::Begin("Learn to play", nullptr, kFlags)) {
        const ImGuiStyle& style = ImGui::GetStyle();
        const float room = facts.area.width - 2 * style.WindowPadding.x;
        const float menusPx = ImGui::GetFontSize();
        for (const float scale : {1.0f, 0.85f, 0.72f, 0.6f}) {
            if (scale < 1 && menusPx * scale < kSmallestWordsPx) break;
            ImGui::SetWindowFontScale(scale);
            const float lines = linesOf(stepTitle(facts.step), room * 0.8f) + linesOf(stepText(facts.step), room);
            const float buttons = done ? 3 : secondOnSameLine(tr("tutorial.skip_step"), tr("tutorial.skip_all"), room) ? 1 : 2;
            const float height = lines * ImGui::GetTextLineHeightWithSpacing() + buttons * ImGui::GetFrameHeightWithSpacing() +
                                 2 * style.WindowPadding.y + style.ItemSpacing.y;
            if (height <= facts.area.height) break;
        }
        if (!done) {
            ImGui::TextDisabled("%s", trf("tutorial.step_of", facts.stepNumber, kTutorialSteps).c_str());
            ImGui::SameLine();
        }
        ImGui::PushStyleColor(ImGuiCol_Text, imColourVec(palette::kHeading));
        wrappedText(stepTitle(facts.step));
        ImGui::PopStyleColor();
        wrappedText(stepText(facts.step));
        ImGui::Spacing();
        if (!done) {
            if (ImGui::SmallButton(tr("tutorial.skip_step"))) commands.push_back({UiAction::TutorialSkipStep});
            noteWidget("tutorial.skip_step");
            if (secondOnSameLine(tr("tutorial.skip_step"), tr("tutorial.skip_all"), room)) ImGui::SameLine();
            if (ImGui::SmallButton(tr("tutorial.skip_all"))) commands.push_back({UiAction::TutorialSkipAll});
            noteWidget("tutorial.skip_all");
        } else {
            UiCommand play{UiAction::PlayVsCpu};
            play.level = ladderLevels().front();
            if (ImGui::Button(trf("tutorial.play_first", facts.firstOpponent).c_str())) commands.push_back(play);
            noteWidget("tutorial.play_first");
            if (ImGui::Button(tr("tutorial.start_screen"))) commands.push_back({UiAction::LeaveToStart});
            noteWidget("tutorial.start_screen");
            if (ImGui::SmallButton(tr("tutorial.replay"))) commands.push_back({UiAction::TutorialReplay});
            noteWidget("tutorial.replay");
        }
        textPx = ImGui::GetFontSize();
        ImGui::SetWindowFontScale(1.0f);
    }
    ImGui::End();
    return textPx;
}

} // namespace speed::client::ui
