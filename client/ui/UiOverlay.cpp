#include "ui/UiOverlay.hpp"

#include "text/Words.hpp"

#include "ui/GameMenu.hpp"
#include "ui/ImGuiText.hpp"

#include <SFML/Graphics/Sprite.hpp>
#include <imgui.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

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
    if (name == "trace") return StartDialog::Trace;
    if (name == "stats") return StartDialog::Statistics;
    if (name.empty() || name == "none") return StartDialog::None;
    return std::nullopt;
}

std::string_view toString(StartDialog dialog) {
    switch (dialog) {
    case StartDialog::Measure: return "measure";
    case StartDialog::Settings: return "settings";
    case StartDialog::Help: return "help";
    case StartDialog::Log: return "log";
    case StartDialog::Trace: return "trace";
    case StartDialog::Statistics: return "stats";
    case StartDialog::None: break;
    }
    return "none";
}

namespace {

// The fonts of the menus and dialogs: the Japanese one with every character of the catalogue's
// Japanese words, so no translation shows a missing glyph.
speed::ui::ImGuiFonts imguiFonts(const OverlaySetup& setup) {
    speed::ui::ImGuiFonts fonts{setup.fontPath, setup.japaneseFontPath, {}};
    for (const Words& entry : allWords()) fonts.japaneseText += entry.ja;
    return fonts;
}

} // namespace

UiOverlay::UiOverlay(sf::RenderWindow& window, const OverlaySetup& setup)
    : m_imgui(window, imguiFonts(setup), kFontSizePx),
      m_settings(setup.configPath, setup.decks, setup.deckCache),
      m_measure(setup.measureTarget, setup.defaultPort, setup.configPath) {
    m_help.setFontNames(setup.fontName, setup.japaneseFontName);
    applyStyle();
}

bool UiOverlay::processEvent(const sf::Event& event, TimeMs now) {
    if (isInput(event) && concernsUi(event)) m_lastInputAt = now;
    if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape && closeTopDialog()) return true;
    // Esc closes an open menu too (ImGui does only while its keyboard navigation is on).
    if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::Escape && m_imgui.popupOpen()) {
        m_closeMenus = true;
        m_lastInputAt = now;
        return true;
    }
    if (m_input.admit(event)) m_imgui.processEvent(event);
    return false;
}

bool UiOverlay::concernsUi(const sf::Event& event) {
    const auto pointerAt = [this](int x, int y) {
        const bool over = m_imgui.covers(static_cast<float>(x), static_cast<float>(y));
        const bool concerns = over || m_pointerOverUi || m_imgui.wantsMouse() || m_imgui.popupOpen() || navigating();
        m_pointerOverUi = over; // leaving a menu's item takes a frame too: its highlight goes
        return concerns;
    };
    switch (event.type) {
    case sf::Event::MouseMoved: return pointerAt(event.mouseMove.x, event.mouseMove.y);
    case sf::Event::MouseButtonPressed:
    case sf::Event::MouseButtonReleased: return pointerAt(event.mouseButton.x, event.mouseButton.y);
    case sf::Event::MouseWheelScrolled: return pointerAt(event.mouseWheelScroll.x, event.mouseWheelScroll.y);
    case sf::Event::KeyPressed:
    case sf::Event::KeyReleased:
    case sf::Event::TextEntered: return navigating() || m_imgui.popupOpen() || ImGui::GetIO().WantTextInput || m_imgui.wantsKeyboard();
    default: return true;
    }
}

bool UiOverlay::closeTopDialog() {
    while (!m_openOrder.empty()) {
        const StartDialog dialog = m_openOrder.back();
        m_openOrder.pop_back();
        bool wasOpen = false;
        switch (dialog) {
        case StartDialog::Measure: wasOpen = m_measure.isOpen(); m_measure.close(); break;
        case StartDialog::Settings: wasOpen = m_settings.isOpen(); m_settings.close(); break;
        case StartDialog::Help: wasOpen = m_help.isOpen(); m_help.close(); break;
        case StartDialog::Trace: wasOpen = m_trace.isOpen(); m_trace.close(); break;
        case StartDialog::Statistics: wasOpen = m_statistics.isOpen(); m_statistics.close(); break;
        case StartDialog::Log: case StartDialog::None: break;
        }
        if (wasOpen) {
            spdlog::info("dialog closed: {} (Esc)", toString(dialog));
            m_framesToSettle = kSettleFrames;
            return true;
        }
    }
    return false;
}

bool UiOverlay::navigating() const { return m_start.isOpen() || m_result.isOpen() || anyDialogOpen(); }

bool UiOverlay::wantsKeyboard() const {
    // ImGui's own flag lags a frame behind a screen that just closed: without a screen, a dialog
    // or a text field with the caret, keys are the table's.
    return m_imgui.wantsKeyboard() && (navigating() || ImGui::GetIO().WantTextInput);
}

bool UiOverlay::typing() const { return ImGui::GetIO().WantTextInput; }

HoldReason UiOverlay::holdReason() const {
    if (m_start.isOpen()) return HoldReason::StartScreen;
    if (m_help.isOpen()) return HoldReason::Help;
    if (anyDialogOpen()) return HoldReason::Dialog;
    if (m_imgui.popupOpen()) return HoldReason::Menu;
    return HoldReason::None;
}

bool UiOverlay::anyDialogOpen() const {
    return m_settings.isOpen() || m_measure.isOpen() || m_help.isOpen() || m_configProblem.isOpen() || m_trace.isOpen() ||
           m_statistics.isOpen();
}

void UiOverlay::showStartScreen(StartScreenFacts facts) {
    spdlog::info("start screen{}{}", facts.reason.empty() ? "" : ": ", facts.reason);
    m_start.open(std::move(facts));
    m_framesToSettle = kSettleFrames;
}

void UiOverlay::showResult(ResultModel model) {
    m_result.open(std::move(model));
    m_framesToSettle = kSettleFrames;
}

bool UiOverlay::active(TimeMs now) const {
    return m_framesToSettle > 0 || m_measure.running() || m_logHasNews || ImGui::GetIO().WantTextInput ||
           m_imgui.inputWaiting() || now - m_lastInputAt < kUiSettleMs;
}

void UiOverlay::open(StartDialog dialog, HelpPage page) {
    if (dialog != StartDialog::None) spdlog::info("dialog open: {}", toString(dialog));
    m_framesToSettle = kSettleFrames;
    if (dialog != StartDialog::None && dialog != StartDialog::Log) m_openOrder.push_back(dialog);
    switch (dialog) {
    case StartDialog::Measure: m_measure.open(); break;
    case StartDialog::Settings: m_settings.open(); break;
    case StartDialog::Help: m_help.open(page); break;
    case StartDialog::Log: m_log.setShown(true); break;
    case StartDialog::Trace: m_trace.open(); break;
    case StartDialog::Statistics: m_statistics.open(m_statisticsSource ? m_statisticsSource() : StatisticsView{}); break;
    case StartDialog::None: break;
    }
}

void UiOverlay::toggleLog(UiCommands& commands) {
    m_log.setShown(!m_log.shown());
    commands.push_back({UiAction::LogPaneToggled});
}

void UiOverlay::appendWireLog(std::vector<WireLogEntry> entries) {
    if (entries.empty()) return;
    m_logHasNews = m_logHasNews || m_trace.isOpen();
    m_trace.append(std::move(entries));
}

void UiOverlay::addGameEvent(GameEvent event) {
    m_log.add(std::move(event));
    m_logHasNews = m_logHasNews || m_log.shown();
}

float UiOverlay::menuBarHeightPx() const { return m_imgui.fontSizePx() + 2 * ImGui::GetStyle().FramePadding.y; }

void UiOverlay::setScale(float scale) {
    if (scale == m_scale) return;
    if (!m_imgui.setSize(std::round(kFontSizePx * scale), scale)) {
        spdlog::warn("the menus' font cannot be drawn at scale {:.2f}: they keep {:.2f}", scale, m_scale);
        return;
    }
    spdlog::info("menus and dialogs at scale {:.2f} ({} px text)", scale, m_imgui.fontSizePx());
    m_scale = scale;
    m_framesToSettle = kSettleFrames;
}

float UiOverlay::logPaneWidthPx(float windowWidthPx) const {
    if (!m_log.shown()) return 0;
    return std::clamp(windowWidthPx * 0.3f, 220.0f * m_scale, 420.0f * m_scale);
}

UiCommands UiOverlay::buildFrame(const OverlayFrame& frame, TimeMs now) {
    const TimeMs sinceLast = std::max<TimeMs>(1, now - m_lastFrameAt);
    // Keyboard navigation (Tab, arrows, Space) while a screen or dialog is up; during play the
    // keys belong to the table. Set before the frame begins, which is when ImGui reads it.
    ImGuiIO& io = ImGui::GetIO();
    setDialogArea(frame.logArea.top, frame.logArea.bottom()); // between the menu bar and the status bar
    if (navigating()) io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    else io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
    m_imgui.beginFrame(sf::milliseconds(static_cast<sf::Int32>(std::min<TimeMs>(sinceLast, 1000))));
    UiCommands commands;
    drawMenuBar(frame, commands);
    m_log.draw(frame.logArea);
    drawStartScreen(commands);
    drawWaitPanel(frame, commands);
    drawRematchPanel(frame, commands);
    if (frame.tutorial && !m_start.isOpen()) drawTutorialPanel(*frame.tutorial, commands);
    m_settings.followLevel(frame.cpuLevel);
    drawResultPanel(frame, commands);
    m_settings.draw(commands);
    m_measure.draw(frame.measureTarget, frame.linkClock);
    m_help.draw();
    m_statistics.draw();
    m_trace.draw(!frame.measureTarget.empty());
    if (m_configProblem.draw() == ConfigProblemDialog::Choice::OpenSettings) open(StartDialog::Settings);
    return commands;
}

UiCommands UiOverlay::draw(const OverlayFrame& frame, TimeMs now) {
    UiCommands commands;
    build(frame, now, commands);
    m_imgui.renderOnWindow();
    return commands;
}

std::vector<sf::FloatRect> UiOverlay::build(const OverlayFrame& frame, TimeMs now, UiCommands& commands) {
    const std::vector<speed::ui::ImGuiLayer::DrawnArea> before = m_imgui.drawnAreas();
    for (UiCommand& command : buildFrame(frame, now)) commands.push_back(std::move(command));
    m_imgui.finishFrame();
    m_lastFrameAt = now;
    for (const sf::Event& event : m_input.takeHeldBack()) {
        if (m_input.admit(event)) m_imgui.processEvent(event);
    }
    if (m_measure.running()) m_framesToSettle = kSettleFrames; // and a few more to show the results
    else if (m_framesToSettle > 0) --m_framesToSettle;
    m_logHasNews = false;
    return speed::ui::ImGuiLayer::changedBoxes(before, m_imgui.drawnAreas());
}

void UiOverlay::drawMenuBar(const OverlayFrame& frame, UiCommands& commands) {
    if (!ImGui::BeginMainMenuBar()) return;
    drawGameMenu(frame, commands);
    const bool settingsOpen = ImGui::BeginMenu(tr("menu.settings"));
    if (!settingsOpen) noteWidget("menu.settings"); // see drawGameMenu
    if (settingsOpen) {
        closeMenuIfAsked();
        if (ImGui::MenuItem(tr("menu.settings.edit"))) open(StartDialog::Settings);
        noteWidget("menu.settings.edit");
        bool shown = m_log.shown();
        if (ImGui::MenuItem(tr("menu.settings.game_log"), "L", &shown)) toggleLog(commands);
        noteWidget("menu.settings.game_log");
        bool soundOn = frame.soundOn;
        if (ImGui::MenuItem(frame.soundHeard ? tr("menu.settings.sound") : tr("menu.settings.sound_no_device"), "M", &soundOn)) {
            commands.push_back({UiAction::ToggleSound});
        }
        noteWidget("menu.settings.sound");
        bool fullscreen = frame.fullscreen;
        if (ImGui::MenuItem(tr("menu.settings.fullscreen"), "F11", &fullscreen)) commands.push_back({UiAction::ToggleFullscreen});
        noteWidget("menu.settings.fullscreen");
        if (ImGui::MenuItem(tr("menu.settings.trace"))) open(StartDialog::Trace);
        noteWidget("menu.settings.trace");
        ImGui::EndMenu();
    }
    drawHelpMenu(commands);
    ImGui::EndMainMenuBar();
    m_closeMenus = false;
}

// Inside an open menu of the bar: Esc closes it (and the submenu open in it).
void UiOverlay::closeMenuIfAsked() {
    if (m_closeMenus) ImGui::CloseCurrentPopup();
}

// Each item is noted for --dump-layout by its words' key (next game and pause whatever they say
// now); the CPU levels by their place on the ladder, lowest first (menu.game.play_cpu.0, ...).
// A menu's header only while the menu is closed: once open, ImGui's last item is its popup.
void UiOverlay::drawGameMenu(const OverlayFrame& frame, UiCommands& commands) {
    const bool gameOpen = ImGui::BeginMenu(tr("menu.game"));
    if (!gameOpen) noteWidget("menu.game");
    if (!gameOpen) return;
    closeMenuIfAsked();
    for (const MenuEntry& entry : gameMatchEntries({frame.info})) {
        if (ImGui::MenuItem(entry.label.c_str(), entry.shortcut.c_str(), false, entry.enabled)) commands.push_back(entry.command);
        noteWidget(entry.command.action == UiAction::NextGame ? "menu.game.next_game" : "menu.game.pause");
    }
    const bool cpuOpen = ImGui::BeginMenu(frame.measureTarget.empty() ? tr("menu.game.play_cpu") : tr("menu.game.play_cpu_leaves"));
    if (!cpuOpen) noteWidget("menu.game.play_cpu");
    if (cpuOpen) {
        int index = 0;
        for (const MenuEntry& entry : playVsCpuEntries(frame.cpuLevel)) {
            if (ImGui::MenuItem(entry.label.c_str(), nullptr, entry.ticked)) commands.push_back(entry.command);
            noteWidget("menu.game.play_cpu." + std::to_string(index++));
        }
        ImGui::EndMenu();
    }
    if (ImGui::MenuItem(frame.measureTarget.empty() ? tr("menu.game.two_players") : tr("menu.game.two_players_leaves"))) {
        commands.push_back({UiAction::PlayTwoPlayers});
    }
    noteWidget("menu.game.two_players");
    if (ImGui::MenuItem(tr("menu.game.start_screen"), nullptr, false, !m_start.isOpen())) commands.push_back({UiAction::LeaveToStart});
    noteWidget("menu.game.start_screen");
    ImGui::Separator();
    if (ImGui::MenuItem(tr("menu.game.statistics"))) open(StartDialog::Statistics);
    noteWidget("menu.game.statistics");
    if (ImGui::MenuItem(tr("menu.game.measure"))) open(StartDialog::Measure);
    noteWidget("menu.game.measure");
    ImGui::Separator();
    if (ImGui::MenuItem(tr("menu.game.quit"), "Ctrl+Q")) commands.push_back({UiAction::Quit});
    noteWidget("menu.game.quit");
    ImGui::EndMenu();
}

void UiOverlay::drawHelpMenu(UiCommands& commands) {
    const bool helpOpen = ImGui::BeginMenu(tr("menu.help"));
    if (!helpOpen) noteWidget("menu.help");
    if (!helpOpen) return;
    closeMenuIfAsked();
    if (ImGui::MenuItem(tr("menu.help.how_to_play"), "F1")) openHelp(HelpPage::HowToPlay);
    noteWidget("menu.help.how_to_play");
    if (ImGui::MenuItem(tr("menu.help.lan"))) openHelp(HelpPage::Lan);
    noteWidget("menu.help.lan");
    if (ImGui::MenuItem(tr("menu.help.keys"))) openHelp(HelpPage::Keys);
    noteWidget("menu.help.keys");
    if (ImGui::MenuItem(tr("tutorial.title"))) commands.push_back({UiAction::LearnToPlay});
    noteWidget("menu.help.learn");
    if (ImGui::MenuItem(tr("menu.help.about"))) openHelp(HelpPage::About);
    noteWidget("menu.help.about");
    ImGui::EndMenu();
}

void UiOverlay::drawStartScreen(UiCommands& commands) {
    const bool dialogOver = anyDialogOpen();
    if (m_dialogWasOver && !dialogOver) m_start.focus(); // the keyboard goes back to the screen
    m_dialogWasOver = dialogOver;
    switch (m_start.draw(commands, !dialogOver)) {
    case StartScreen::Dialog::Measure: open(StartDialog::Measure); break;
    case StartScreen::Dialog::Statistics: open(StartDialog::Statistics); break;
    case StartScreen::Dialog::Settings: open(StartDialog::Settings); break;
    case StartScreen::Dialog::Help: open(StartDialog::Help); break;
    case StartScreen::Dialog::None: break;
    }
}

// While a network match waits for the other player: the ways out, in the felt's lower part
// (the field above stays visible).
namespace {

// A row of buttons without a frame of its own, low on the felt (over the player's hand, which
// has nothing to do while it shows). End it with ImGui::End() whatever this returns.
bool beginFieldPanel(const OverlayFrame& frame, const char* name) {
    ImGui::SetNextWindowPos(ImVec2(frame.field.center().x, frame.field.top + frame.field.height * 0.8f), ImGuiCond_Always,
                            ImVec2(0.5f, 0.5f));
    constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                        ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar |
                                        ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoFocusOnAppearing;
    return ImGui::Begin(name, nullptr, kFlags);
}

} // namespace

void UiOverlay::drawWaitPanel(const OverlayFrame& frame, UiCommands& commands) {
    if (!frame.waiting || m_start.isOpen()) return;
    if (beginFieldPanel(frame, "Waiting")) {
        if (ImGui::Button(tr("screen.wait.play_cpu"))) commands.push_back({UiAction::PlayVsCpuInstead});
        ImGui::SameLine();
        if (ImGui::Button(tr("screen.wait.cancel"))) commands.push_back({UiAction::LeaveToStart});
    }
    ImGui::End();
}

// After a network game: the next one is dealt when both players choose Rematch; Leave ends the
// match (the other player is told) and goes back to the start screen.
void UiOverlay::drawRematchPanel(const OverlayFrame& frame, UiCommands& commands) {
    if (!frame.rematch || m_start.isOpen()) return;
    if (beginFieldPanel(frame, "Rematch")) {
        ImGui::BeginDisabled(frame.rematchAsked);
        if (ImGui::Button(frame.rematchAsked ? tr("screen.rematch.asked") : tr("screen.rematch.button"))) commands.push_back({UiAction::NextGame});
        ImGui::EndDisabled();
        ImGui::SameLine();
        if (ImGui::Button(tr("screen.rematch.leave"))) commands.push_back({UiAction::LeaveToStart});
    }
    ImGui::End();
}

// After a game against the CPU: the result and what next, on the felt below the banner. Under
// the start screen or a dialog it waits (their keys are theirs).
void UiOverlay::drawResultPanel(const OverlayFrame& frame, UiCommands& commands) {
    if (m_start.isOpen()) return;
    m_result.draw(frame.field, frame.banner, frame.resultRoom, commands, !anyDialogOpen());
}

} // namespace speed::client::ui
