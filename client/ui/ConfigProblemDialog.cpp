#include "ui/ConfigProblemDialog.hpp"

#include "ui/ImGuiText.hpp"

#include <imgui.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <filesystem>

namespace speed::client::ui {

void ConfigProblemDialog::open(SettingsError problem) {
    spdlog::info("setup.ini problem shown: {}", problem.describe());
    m_problem = std::move(problem);
    m_focusFirst = true;
}

ConfigProblemDialog::Choice ConfigProblemDialog::draw() {
    if (!m_problem) return Choice::None;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float em = ImGui::GetFontSize();
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(display.x - 16, em * 34), 0), ImGuiCond_Always);
    if (m_focusFirst) ImGui::SetNextWindowFocus();
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize;
    Choice choice = Choice::None;
    if (!ImGui::Begin("setup.ini has a problem", nullptr, kFlags)) {
        ImGui::End();
        return choice;
    }
    const SettingsError& problem = *m_problem;
    const auto row = [](const char* label, const std::string& value) {
        ImGui::TextColored(imColourVec(palette::kHeading), "%s", label);
        ImGui::SameLine(ImGui::GetFontSize() * 5);
        ImGui::PushTextWrapPos(0.0f);
        plainText(value);
        ImGui::PopTextWrapPos();
    };
    ImGui::TextWrapped("Speed could not use its settings file, so it started with the default settings.");
    ImGui::Spacing();
    std::error_code error;
    const std::filesystem::path absolute = std::filesystem::absolute(problem.file, error);
    row("File", error ? problem.file : absolute.string());
    if (problem.line > 0) row("Line", std::to_string(problem.line));
    if (!problem.key.empty()) row("Key", "[" + problem.section + "] " + problem.key);
    ImGui::TextColored(imColourVec(palette::kHeading), "Problem");
    ImGui::SameLine(ImGui::GetFontSize() * 5);
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
    ImGui::PushTextWrapPos(0.0f);
    plainText(problem.problem);
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::Spacing();
    ImGui::TextWrapped("Fix the line in the file, or open Settings to choose the values and save them.");
    ImGui::Separator();
    if (m_focusFirst) {
        ImGui::SetKeyboardFocusHere();
        m_focusFirst = false;
    }
    if (ImGui::Button("Use defaults for now")) choice = Choice::UseDefaults;
    ImGui::SameLine();
    if (ImGui::Button("Open Settings")) choice = Choice::OpenSettings;
    ImGui::End();
    if (choice == Choice::UseDefaults) spdlog::info("setup.ini problem: using the defaults for now");
    if (choice == Choice::OpenSettings) spdlog::info("setup.ini problem: opening Settings");
    if (choice != Choice::None) m_problem.reset();
    return choice;
}

} // namespace speed::client::ui
