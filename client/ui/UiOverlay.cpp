#include "ui/UiOverlay.hpp"

#include "ui/GameMenu.hpp"

#include <SFML/Graphics/Sprite.hpp>
#include <imgui.h>
#include <spdlog/spdlog.h>

#include <algorithm>

namespace speed::client::ui {
namespace {

void applyStyle() {
    ImGui::StyleColorsDark();
    ImGuiStyle& style = ImGui::GetStyle();
    style.WindowRounding = 6.0f;
    style.FrameRounding = 3.0f;
    style.Colors[ImGuiCol_WindowBg].w = 1.0f; // no card ghosts behind the text
}

bool isInput(const sf::Event& event) {
    switch (event.type) {
    case sf::Event::MouseMoved: case sf::Event::MouseButtonPressed: case sf::Event::MouseButtonReleased:
    case sf::Event::MouseWheelScrolled: case sf::Event::KeyPressed: case sf::Event::KeyReleased:
    case sf::Event::TextEntered: case sf::Event::Resized: case sf::Event::MouseLeft:
        return true;
    default:
        return false;
    }
}

} // namespace

std::optional<StartDialog> parseStartDialog(std::string_view name) {
    if (name == "measure") return StartDialog::Measure;
    if (name == "settings") return StartDialog::Settings;
    if (name == "help") return StartDialog::Help;
    if (name == "log") return StartDialog::Log;
    if (name.empty() || name == "none") return StartDialog::None;
    return std::nullopt;
}

std::string_view toString(StartDialog dialog) {
    switch (dialog) {
    case StartDialog::Measure: return "measure";
    case StartDialog::Settings: return "settings";
    case StartDialog::Help: return "help";
    case StartDialog::Log: return "log";
    case StartDialog::None: break;
    }
    return "none";
}

UiOverlay::UiOverlay(sf::RenderWindow& window, const OverlaySetup& setup)
    : m_imgui(window, setup.fontPath, kFontSizePx),
      m_settings(setup.configPath),
      m_measure(setup.measureTarget, setup.defaultPort) {
    applyStyle();
}

void UiOverlay::processEvent(const sf::Event& event, TimeMs now) {
    if (m_input.admit(event)) m_imgui.processEvent(event);
    if (isInput(event)) m_lastInputAt = now;
}

bool UiOverlay::active(TimeMs now) const {
    return m_framesToSettle > 0 || m_measure.running() || m_logHasNews || ImGui::GetIO().WantTextInput ||
           now - m_lastInputAt < kUiSettleMs;
}

void UiOverlay::open(StartDialog dialog) {
    if (dialog != StartDialog::None) spdlog::info("dialog open: {}", toString(dialog));
    m_framesToSettle = kSettleFrames;
    switch (dialog) {
    case StartDialog::Measure: m_measure.open(); break;
    case StartDialog::Settings: m_settings.open(); break;
    case StartDialog::Help: m_help.open(); break;
    case StartDialog::Log: m_log.setShown(true); break;
    case StartDialog::None: break;
    }
}

void UiOverlay::toggleLog(UiCommands& commands) {
    m_log.setShown(!m_log.shown());
    commands.push_back({UiAction::LogPaneToggled});
}

void UiOverlay::appendWireLog(std::vector<WireLogEntry> entries) {
    if (entries.empty()) return;
    m_log.append(std::move(entries));
    m_logHasNews = m_logHasNews || m_log.shown();
}

float UiOverlay::menuBarHeightPx() const { return kFontSizePx + 2 * ImGui::GetStyle().FramePadding.y; }

float UiOverlay::logPaneWidthPx(float windowWidthPx) const {
    if (!m_log.shown()) return 0;
    return std::clamp(windowWidthPx * 0.3f, 220.0f, 420.0f);
}

UiCommands UiOverlay::buildFrame(const OverlayFrame& frame, TimeMs now) {
    const TimeMs sinceLast = std::max<TimeMs>(1, now - m_lastFrameAt);
    m_imgui.beginFrame(sf::milliseconds(static_cast<sf::Int32>(std::min<TimeMs>(sinceLast, 1000))));
    UiCommands commands;
    drawMenuBar(frame, commands);
    m_log.draw(frame.logArea, !frame.measureTarget.empty());
    m_settings.draw(commands);
    m_measure.draw(frame.measureTarget);
    m_help.draw();
    return commands;
}

UiCommands UiOverlay::draw(const OverlayFrame& frame, TimeMs now) {
    UiCommands commands = buildFrame(frame, now);
    m_imgui.endFrame();
    m_tableWithOverlayValid = false; // what ImGui shows may have changed since it was cached
    m_lastFrameAt = now;
    for (const sf::Event& event : m_input.takeHeldBack()) {
        if (m_input.admit(event)) m_imgui.processEvent(event);
    }
    if (m_measure.running()) m_framesToSettle = kSettleFrames; // and a few more to show the results
    else if (m_framesToSettle > 0) --m_framesToSettle;
    m_logHasNews = false;
    return commands;
}

const sf::Texture* UiOverlay::tableWithOverlay(const sf::Texture& tableLayer, bool tableLayerRedrawn, const OverlayFrame& frame,
                                               TimeMs now, UiCommands& commands) {
    const bool dialogOpen = m_settings.isOpen() || m_measure.isOpen() || m_help.isOpen(); // the clock would cover it
    if (active(now) || dialogOpen) return nullptr;
    if (m_tableWithOverlayValid && !tableLayerRedrawn) return &m_tableWithOverlay.getTexture();
    const sf::Vector2u size = tableLayer.getSize();
    if (m_tableWithOverlay.getSize() != size && !m_tableWithOverlay.create(size.x, size.y)) return nullptr;
    m_tableWithOverlay.draw(sf::Sprite(tableLayer));
    for (UiCommand& command : buildFrame(frame, now)) commands.push_back(std::move(command));
    m_imgui.endFrame(m_tableWithOverlay);
    m_tableWithOverlay.display();
    m_lastFrameAt = now;
    m_tableWithOverlayValid = true;
    return &m_tableWithOverlay.getTexture();
}

void UiOverlay::drawMenuBar(const OverlayFrame& frame, UiCommands& commands) {
    if (!ImGui::BeginMainMenuBar()) return;
    drawGameMenu(frame, commands);
    if (ImGui::BeginMenu("Settings")) {
        if (ImGui::MenuItem("Edit setup.ini ...")) open(StartDialog::Settings);
        bool shown = m_log.shown();
        if (ImGui::MenuItem("Message log", "L", &shown)) toggleLog(commands);
        ImGui::EndMenu();
    }
    drawHelpMenu();
    ImGui::EndMainMenuBar();
}

void UiOverlay::drawGameMenu(const OverlayFrame& frame, UiCommands& commands) {
    if (!ImGui::BeginMenu("Game")) return;
    for (const MenuEntry& entry : gameMatchEntries({frame.info})) {
        if (ImGui::MenuItem(entry.label.c_str(), entry.shortcut.c_str(), false, entry.enabled)) commands.push_back(entry.command);
    }
    if (ImGui::BeginMenu(frame.measureTarget.empty() ? "Play vs CPU" : "Play vs CPU (leaves the network match)")) {
        for (const MenuEntry& entry : playVsCpuEntries()) {
            if (ImGui::MenuItem(entry.label.c_str())) commands.push_back(entry.command);
        }
        ImGui::EndMenu();
    }
    ImGui::Separator();
    if (ImGui::MenuItem("Network measurement ...")) open(StartDialog::Measure);
    ImGui::Separator();
    if (ImGui::MenuItem("Quit", "Ctrl+Q")) commands.push_back({UiAction::Quit});
    ImGui::EndMenu();
}

void UiOverlay::drawHelpMenu() {
    if (!ImGui::BeginMenu("Help")) return;
    if (ImGui::MenuItem("How to play", "F1")) m_help.open(HelpPage::HowToPlay);
    if (ImGui::MenuItem("Keys")) m_help.open(HelpPage::Keys);
    if (ImGui::MenuItem("About")) m_help.open(HelpPage::About);
    ImGui::EndMenu();
}

} // namespace speed::client::ui
