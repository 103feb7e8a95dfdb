// WindowApp's side of the menus, dialogs and message log: it creates the overlay, lets it have
// the events it wants, draws it over the table, and applies what the user chose.
#include "app/WindowApp.hpp"

#include "ui/GameMenu.hpp"
#include "match/LocalMatch.hpp"
#include "table/TableText.hpp"
#include "ui/UiOverlay.hpp"

#include "speed/settings/Settings.hpp"
#include "speed/net/HostPort.hpp"

#include <spdlog/spdlog.h>

namespace speed::client {
namespace {

// Offline, the measurement dialog starts with setup.ini's peer (or this machine) on its port.
std::string defaultMeasureTarget(const Settings& settings) {
    const std::string host = settings.network.peer.empty() ? "127.0.0.1" : settings.network.peer;
    return formatHostPort({host, settings.network.port});
}

bool isMouseEvent(sf::Event::EventType type) {
    return type == sf::Event::MouseButtonPressed || type == sf::Event::MouseButtonReleased ||
           type == sf::Event::MouseWheelScrolled;
}

bool isKeyboardEvent(sf::Event::EventType type) {
    return type == sf::Event::KeyPressed || type == sf::Event::KeyReleased || type == sf::Event::TextEntered;
}

} // namespace

WindowApp::~WindowApp() = default;

void WindowApp::createOverlay() {
    const Settings settings = loadSettings(m_options.configPath).settings.value_or(Settings{});
    ui::OverlaySetup setup{m_options.fontDirectory + "/DejaVuSans.ttf", m_options.configPath,
                           defaultMeasureTarget(settings), settings.network.port};
    m_overlay = std::make_unique<ui::UiOverlay>(m_window, setup);
    m_overlay->setLogShown(!m_options.vsCpu); // offline there is no traffic to show; L shows it anyway
    if (const auto dialog = ui::parseStartDialog(m_options.showDialog)) m_overlay->open(*dialog);
    if (m_options.measureNow) m_overlay->startMeasurement(measureTarget());
}

// Mouse events over a menu or dialog and keys typed into one are ImGui's; a drag that started
// on the table keeps its release, and moves always reach both (hover and drag need them).
bool WindowApp::overlayTakes(const sf::Event& event, TimeMs now) {
    m_overlay->processEvent(event, now);
    if (isMouseEvent(event.type)) {
        const bool tableDrag = event.type == sf::Event::MouseButtonReleased && m_drag.phase() != DragPhase::Idle;
        return m_overlay->wantsMouse() && !tableDrag;
    }
    return isKeyboardEvent(event.type) && m_overlay->wantsKeyboard();
}

// The window's own keys for the overlay: L (log), F1 (help), Ctrl+Q (quit).
bool WindowApp::onUiKey(const sf::Event::KeyEvent& key) {
    if (key.code == sf::Keyboard::L && !key.control) {
        m_overlay->toggleLog(m_uiCommands);
    } else if (key.code == sf::Keyboard::F1) {
        m_overlay->open(ui::StartDialog::Help);
    } else if (key.code == sf::Keyboard::Q && key.control) {
        m_uiCommands.push_back({ui::UiAction::Quit});
    } else {
        return false;
    }
    m_dirty = true;
    return true;
}

ui::OverlayFrame WindowApp::overlayFrame() const {
    ui::OverlayFrame frame;
    frame.info = m_match->info();
    frame.measureTarget = measureTarget();
    const float paneWidth = m_overlay->logPaneWidthPx(m_layout.window.width);
    const float top = m_overlay->menuBarHeightPx();
    frame.logArea = {m_layout.window.width - paneWidth, top, paneWidth, m_layout.statusBar.top - top};
    return frame;
}

void WindowApp::drawOverlay(TimeMs now) {
    for (ui::UiCommand& command : m_overlay->draw(overlayFrame(), now)) m_uiCommands.push_back(std::move(command));
}

void WindowApp::applyUiCommands(TimeMs now) {
    if (NetworkView* network = m_match->network()) m_overlay->appendWireLog(network->takeWireLog());
    ui::UiCommands commands;
    commands.swap(m_uiCommands);
    for (const ui::UiCommand& command : commands) {
        m_dirty = true;
        switch (command.action) {
        case ui::UiAction::NextGame:
        case ui::UiAction::TogglePause: {
            const ui::MatchCommandOutcome outcome = ui::applyMatchCommand(*m_match, command, now);
            spdlog::info("menu: {}", outcome.text);
            if (outcome.applied && command.action == ui::UiAction::NextGame) {
                m_timeline.clear();
                logTableChange();
            }
            break;
        }
        case ui::UiAction::PlayVsCpu: playVsCpu(command.level, now); break;
        case ui::UiAction::Quit: spdlog::info("menu: quit"); m_quitAt = now; break;
        case ui::UiAction::LogPaneToggled: {
            spdlog::info("message log {}", m_overlay->logShown() ? "shown" : "hidden");
            const sf::Vector2u size = m_window.getSize();
            relayout(size.x, size.y);
            break;
        }
        case ui::UiAction::SettingsSaved:
            m_options.rules = command.settings->rules;
            m_options.cpuLevel = command.settings->cpuLevel;
            spdlog::info("settings saved to {}", m_options.configPath);
            break;
        }
    }
}

// Leaves whatever match runs (a network one says goodbye when its driver goes) for a new
// offline game against the CPU, with the rules in force (setup.ini's, or as saved since).
void WindowApp::playVsCpu(BotLevel level, TimeMs now) {
    LocalMatchSetup setup;
    setup.rules = m_options.rules;
    setup.seed = m_match->gameSeed() + 1;
    setup.cpuLevel = level;
    setup.localBot = m_options.localBot;
    m_match->close();
    m_match = std::make_unique<LocalMatch>(setup, now);
    m_options.vsCpu = true;
    m_options.cpuLevel = level;
    m_options.cpuIdle = false;
    m_gamesReported = 0;
    m_nextGameAt.reset();
    m_selectedSlot.reset();
    m_timeline.clear();
    const sf::Vector2u size = m_window.getSize();
    relayout(size.x, size.y);
    spdlog::info("menu: playing vs CPU {} offline, seed {}", toString(level), setup.seed);
    logTableChange();
}

std::string WindowApp::measureTarget() const {
    const NetworkView* network = m_match->network();
    return network != nullptr ? network->measureTarget() : std::string();
}

LayoutOptions WindowApp::layoutOptions(float widthPx) const {
    LayoutOptions options;
    options.handSize = m_match->state().rules.handSize;
    options.localSeat = m_match->localSeat();
    options.menuBarHeightPx = m_overlay ? m_overlay->menuBarHeightPx() : 0;
    options.sidePanelWidthPx = m_overlay ? m_overlay->logPaneWidthPx(widthPx) : 0;
    return options;
}

} // namespace speed::client
