#include "ui/ConfigProblemDialog.hpp"

#include "ui/ImGuiText.hpp"
#include "ui/SettingsForm.hpp"

#include "text/Words.hpp"

#include <fmt/format.h>
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
    const float em = ImGui::GetFontSize();
    placeDialog(kConfigProblemDialogEm, ImGuiCond_Always);
    if (m_focusFirst) ImGui::SetNextWindowFocus();
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize;
    Choice choice = Choice::None;
    const std::string title = fmt::format("{}###config_problem_dialog", tr("settings.problem.title"));
    if (!ImGui::Begin(title.c_str(), nullptr, kFlags)) {
        ImGui::End();
        return choice;
    }
    const SettingsError& problem = *m_problem;
    // The values start right of the widest label, whichever language the labels are in.
    float valueColumn = 0;
    for (const char* label : {tr("settings.problem.file"), tr("settings.problem.line"), tr("settings.problem.key"),
                              tr("settings.problem.problem")}) {
        valueColumn = std::max(valueColumn, ImGui::CalcTextSize(label).x);
    }
    valueColumn = std::max(em * 5, ImGui::GetCursorPosX() + valueColumn + em);
    const auto row = [valueColumn](const char* label, const std::string& value) {
        ImGui::TextColored(imColourVec(palette::kHeading), "%s", label);
        ImGui::SameLine(valueColumn);
        wrappedText(value);
    };
    wrappedText(tr("settings.problem.intro"));
    ImGui::Spacing();
    std::error_code error;
    const std::filesystem::path absolute = std::filesystem::absolute(problem.file, error);
    row(tr("settings.problem.file"), error ? problem.file : absolute.string());
    if (problem.line > 0) row(tr("settings.problem.line"), std::to_string(problem.line));
    if (!problem.key.empty()) row(tr("settings.problem.key"), "[" + problem.section + "] " + problem.key);
    ImGui::TextColored(imColourVec(palette::kHeading), "%s", tr("settings.problem.problem"));
    ImGui::SameLine(valueColumn);
    ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
    wrappedText(problemWords(problem));
    ImGui::PopStyleColor();
    ImGui::Spacing();
    wrappedText(tr("settings.problem.fix"));
    ImGui::Separator();
    if (m_focusFirst) {
        ImGui::SetKeyboardFocusHere();
        m_focusFirst = false;
    }
    if (ImGui::Button(fmt::format("{}###use_defaults", tr("settings.problem.use_defaults")).c_str())) choice = Choice::UseDefaults;
    noteKeyboard("settings.problem.use_defaults");
    ImGui::SameLine();
    if (ImGui::Button(fmt::format("{}###open_settings", tr("settings.problem.open_settings")).c_str())) {
        choice = Choice::OpenSettings;
    }
    ImGui::End();
    if (choice == Choice::UseDefaults) spdlog::info("setup.ini problem: using the defaults for now");
    if (choice == Choice::OpenSettings) spdlog::info("setup.ini problem: opening Settings");
    if (choice != Choice::None) m_problem.reset();
    return choice;
}

} // namespace speed::client::ui
