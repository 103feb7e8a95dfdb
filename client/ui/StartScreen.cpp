#include "ui/StartScreen.hpp"

#include "ui/ImGuiText.hpp"
#include "ui/SettingsForm.hpp"

#include "speed/net/HostPort.hpp"

#include <SFML/Window/Keyboard.hpp>
#include <imgui.h>

#include <algorithm>

namespace speed::client::ui {
namespace {

void heading(const char* text) {
    ImGui::Spacing();
    ImGui::TextColored(imColourVec(palette::kHeading), "%s", text);
    ImGui::Separator();
}

// A letter key pressed while no text field has the keyboard: the screen's shortcuts.
bool shortcut(sf::Keyboard::Key key, bool onTop) {
    return onTop && !ImGui::GetIO().WantTextInput && ImGui::IsKeyPressed(key, false);
}

} // namespace

const std::vector<BotLevel>& playerLevels() { return ladderLevels(); }

int playerLevelIndex(BotLevel level) {
    const auto& levels = playerLevels();
    auto found = std::find(levels.begin(), levels.end(), level);
    if (found == levels.end()) found = std::find(levels.begin(), levels.end(), BotLevel::Normal);
    return static_cast<int>(found - levels.begin());
}

JoinTarget checkJoinAddress(std::string_view typed, std::uint16_t defaultPort) {
    const std::string_view text = trimmed(typed);
    if (text.empty()) return {{}, "type the host's address, e.g. 192.168.1.20"};
    const HostPortResult parsed = parseHostPort(text, defaultPort);
    if (!parsed.value) return {std::string(text), parsed.error};
    return {std::string(text), {}};
}

void StartScreen::open(StartScreenFacts facts) {
    m_facts = std::move(facts);
    m_joinText = m_facts.peer;
    m_joinProblem.clear();
    m_copied.clear();
    m_levelIndex = playerLevelIndex(m_facts.cpuLevel);
    m_open = true;
    m_focusFirst = true;
}

StartScreen::Dialog StartScreen::draw(UiCommands& commands, bool onTop) {
    if (!m_open) return Dialog::None;
    m_onTop = onTop;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const float em = ImGui::GetFontSize();
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, display.y * 0.5f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(display.x - 16, em * 36), 0), ImGuiCond_Always);
    if (m_focusFirst && onTop) ImGui::SetNextWindowFocus();
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar |
                                        ImGuiWindowFlags_AlwaysAutoResize;
    Dialog dialog = Dialog::None;
    if (!ImGui::Begin("Start", nullptr, kFlags)) {
        ImGui::End();
        return dialog;
    }
    ImGui::SetWindowFontScale(1.6f);
    ImGui::TextUnformatted("Speed");
    ImGui::SetWindowFontScale(1.0f);
    ImGui::SameLine();
    ImGui::TextDisabled("the real-time card game for two");
    if (!m_facts.reason.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, imColour(palette::kHeading));
        ImGui::TextWrapped("%s", m_facts.reason.c_str());
        ImGui::PopStyleColor();
    }
    if (m_facts.canRetry && (ImGui::Button("Connect again (R)") || shortcut(sf::Keyboard::R, onTop))) {
        commands.push_back({UiAction::Retry});
    }
    drawCpu(commands);
    drawHost(commands);
    drawJoin(commands);
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::Spacing();
    if (ImGui::Button("Network measurement ...")) dialog = Dialog::Measure;
    ImGui::SameLine();
    if (ImGui::Button("Statistics ...")) dialog = Dialog::Statistics;
    ImGui::SameLine();
    if (ImGui::Button("Settings ...")) dialog = Dialog::Settings;
    ImGui::SameLine();
    if (ImGui::Button("Help")) dialog = Dialog::Help;
    ImGui::SameLine();
    if (ImGui::Button("Quit")) commands.push_back({UiAction::Quit});
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("Keys: arrows move, Space presses; C plays the CPU, H hosts a game, J types the address to join");
    ImGui::PopTextWrapPos();
    if (shortcut(sf::Keyboard::J, onTop)) m_focusJoin = true;
    ImGui::End();
    return dialog;
}

void StartScreen::drawCpu(UiCommands& commands) {
    heading("Play against the computer");
    if (m_focusFirst && m_onTop) {
        ImGui::SetKeyboardFocusHere();
        m_focusFirst = false;
    }
    if (ImGui::Button("Play vs CPU") || shortcut(sf::Keyboard::C, m_onTop)) {
        UiCommand play{UiAction::PlayVsCpu};
        play.level = playerLevels()[static_cast<std::size_t>(m_levelIndex)];
        commands.push_back(play);
    }
    ImGui::SameLine();
    ImGui::TextDisabled("the ladder, slowest first:");
    // Three opponents a row: each is a person with a name, the level word after it.
    const auto& levels = playerLevels();
    for (std::size_t i = 0; i < levels.size(); ++i) {
        if (i % 3 != 0) ImGui::SameLine();
        const std::string label = botTitle(levels[i]);
        ImGui::RadioButton(label.c_str(), &m_levelIndex, static_cast<int>(i));
    }
}

void StartScreen::drawHost(UiCommands& commands) {
    heading("Play with a friend on the LAN");
    if (ImGui::Button("Host a game") || shortcut(sf::Keyboard::H, m_onTop)) commands.push_back({UiAction::HostGame});
    ImGui::SameLine();
    ImGui::TextWrapped("and your friend joins this computer at UDP port %u:", static_cast<unsigned>(m_facts.port));
    if (m_facts.addresses.empty()) {
        ImGui::TextDisabled("   no LAN address found: is this computer on a network? (127.0.0.1 works on this machine)");
    }
    for (const std::string& address : m_facts.addresses) {
        ImGui::Bullet();
        ImGui::SetWindowFontScale(1.3f);
        ImGui::TextUnformatted(address.c_str());
        ImGui::SetWindowFontScale(1.0f);
        ImGui::SameLine();
        ImGui::PushID(address.c_str());
        if (ImGui::SmallButton("Copy")) {
            ImGui::SetClipboardText(address.c_str());
            m_copied = address;
        }
        ImGui::PopID();
        if (m_copied == address) {
            ImGui::SameLine();
            ImGui::TextColored(ImColor(kGoodColour), "copied");
        }
    }
}

void StartScreen::drawJoin(UiCommands& commands) {
    ImGui::Spacing();
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("Join the host at");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14);
    if (m_focusJoin) {
        ImGui::SetKeyboardFocusHere();
        m_focusJoin = false;
    }
    if (inputString("##join", m_joinText)) m_joinProblem.clear();
    const bool entered = ImGui::IsItemDeactivated() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false);
    ImGui::SameLine();
    if (ImGui::Button("Join") || entered) join(commands);
    if (!m_joinProblem.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, kErrorColour);
        ImGui::TextWrapped("%s", m_joinProblem.c_str());
        ImGui::PopStyleColor();
    }
}

void StartScreen::join(UiCommands& commands) {
    const JoinTarget target = checkJoinAddress(m_joinText, m_facts.port);
    m_joinProblem = target.problem;
    if (!target.problem.empty()) return;
    UiCommand joining{UiAction::JoinGame};
    joining.address = target.address;
    commands.push_back(joining);
}

} // namespace speed::client::ui
