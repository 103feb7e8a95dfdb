#include "ui/SettingsDialog.hpp"

#include "ui/ImGuiText.hpp"

#include <algorithm>

namespace speed::client::ui {
namespace {

constexpr float kLabelWidthEm = 5.0f;
constexpr float kFieldWidthEm = 12.0f;

std::string_view sectionTitle(std::string_view section) {
    if (section == "network") return "Network (applies at the next connection)";
    if (section == "player") return "Player";
    if (section == "rules") return "Rules";
    return "CPU opponent";
}

} // namespace

void SettingsDialog::open() {
    m_form.reload(); // someone may have edited the file since
    m_status.clear();
    m_open = true;
}

void SettingsDialog::draw(UiCommands& commands) {
    if (!m_open) return;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(display.x - 20, ImGui::GetFontSize() * 46), 0), ImGuiCond_Appearing);
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(display.x - 10, display.y - 30));
    if (!ImGui::Begin("Settings (setup.ini)", &m_open, ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    ImGui::TextDisabled("%s", m_form.path().c_str());
    if (!m_form.fileExisted()) ImGui::TextWrapped("The file does not exist yet: these are the defaults; Save creates it.");
    if (!m_form.loadProblem().empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
        ImGui::TextWrapped("The file has a problem, the defaults are shown: %s", m_form.loadProblem().c_str());
        ImGui::PopStyleColor();
    }
    // The buttons and what Save said come first, so they stay in view whatever the window's height.
    drawButtons(commands);
    ImGui::Separator();
    const float fieldsHeight = std::max(ImGui::GetFontSize() * 6, display.y * 0.9f - ImGui::GetCursorPosY() - 40);
    ImGui::BeginChild("fields", ImVec2(0, std::min(fieldsHeight, ImGui::GetFontSize() * 34)), false);
    for (std::string_view section : {"network", "player", "rules", "cpu"}) drawSection(section);
    ImGui::EndChild();
    ImGui::End();
}

void SettingsDialog::drawSection(std::string_view section) {
    ImGui::Spacing();
    ImGui::TextColored(imColourVec(palette::kHeading), "%s", std::string(sectionTitle(section)).c_str());
    for (SettingsField& field : m_form.fields()) {
        if (field.key->section == section) drawField(field);
    }
}

void SettingsDialog::drawField(SettingsField& field) {
    const float em = ImGui::GetFontSize();
    const std::string name(field.key->name);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(name.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(fieldMeaning(*field.key)).c_str());
    ImGui::SameLine(kLabelWidthEm * em);
    ImGui::SetNextItemWidth(kFieldWidthEm * em);
    const std::string id = "##" + std::string(field.key->section) + "." + name;
    const auto choices = fixedChoices(*field.key);
    if (choices.empty()) {
        std::string text = field.text;
        const ImGuiInputTextFlags flags = field.key->secret && !m_showSecrets ? ImGuiInputTextFlags_Password : 0;
        if (inputString(id.c_str(), text, flags)) m_form.setText(field, text);
        if (field.key->secret) {
            ImGui::SameLine();
            ImGui::Checkbox(("show" + id).c_str(), &m_showSecrets);
        }
    } else if (ImGui::BeginCombo(id.c_str(), field.text.c_str())) {
        for (std::string_view choice : choices) {
            const std::string value(choice);
            if (ImGui::Selectable(value.c_str(), value == field.text)) m_form.setText(field, value);
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    if (field.error.empty()) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("%s", std::string(field.key->expected).c_str());
        ImGui::PopTextWrapPos();
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
        ImGui::TextWrapped("%s", field.error.c_str());
        ImGui::PopStyleColor();
    }
}

void SettingsDialog::drawButtons(UiCommands& commands) {
    const bool canSave = m_form.valid();
    if (!canSave) ImGui::BeginDisabled();
    if (ImGui::Button("Save")) {
        const SaveOutcome outcome = m_form.save();
        m_status = outcome.message;
        m_statusIsError = !outcome.saved;
        if (outcome.saved) {
            UiCommand saved{UiAction::SettingsSaved};
            saved.settings = m_form.settings();
            commands.push_back(saved);
        }
    }
    if (!canSave) ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Revert")) {
        m_form.reload();
        m_status = "reloaded " + m_form.path();
        m_statusIsError = false;
    }
    ImGui::SameLine();
    if (ImGui::Button("Close")) m_open = false;
    if (!canSave) {
        ImGui::SameLine();
        ImGui::TextColored(ImColor(kErrorColour), "fix the fields in red to save");
    } else if (m_form.changed()) {
        ImGui::SameLine();
        ImGui::TextDisabled("unsaved changes");
    }
    if (!m_status.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, m_statusIsError ? kErrorColour : kGoodColour);
        ImGui::TextWrapped("%s", m_status.c_str());
        ImGui::PopStyleColor();
    }
}

} // namespace speed::client::ui
