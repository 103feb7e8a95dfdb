#include "ui/TutorialPanel.hpp"

#include "ui/ImGuiText.hpp"

#include "table/Palette.hpp"
#include "text/Words.hpp"

#include "speed/common/Bot.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace speed::client::ui {
Rect tutorialPanelArea(const Rect& felt, float handsTop, float handsBottom, float pilesLeft, float marginPx) {
    const float left = felt.left + marginPx;
    const float top = handsTop + marginPx;
    return {left, top, std::max(0.0f, pilesLeft - marginPx - left), std::max(0.0f, handsBottom - marginPx - top)};
}

void drawTutorialPanel(const TutorialFacts& facts, UiCommands& commands) {
    const float em = ImGui::GetFontSize();
    // At least a dozen em wide: on a narrow table it reaches over the clock's side, never higher
    // or lower than the field's row.
    const float width = std::max(facts.area.width, em * 12);
    ImGui::SetNextWindowPos(ImVec2(facts.area.left, facts.area.top), ImGuiCond_Always);
    ImGui::SetNextWindowSizeConstraints(ImVec2(width, 0), ImVec2(width, std::max(facts.area.height, em * 4)));
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar |
                                        ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing;
    if (ImGui::Begin("Learn to play", nullptr, kFlags)) {
        const bool done = facts.step == TutorialStep::Done;
        if (!done) ImGui::TextDisabled("%s", trf("tutorial.step_of", facts.stepNumber, kTutorialSteps).c_str());
        ImGui::TextColored(imColourVec(palette::kHeading), "%s", stepTitle(facts.step));
        wrappedText(stepText(facts.step));
        ImGui::Spacing();
        if (!done) {
            if (ImGui::SmallButton(tr("tutorial.skip_step"))) commands.push_back({UiAction::TutorialSkipStep});
            noteWidget("tutorial.skip_step");
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
    }
    ImGui::End();
}

} // namespace speed::client::ui
