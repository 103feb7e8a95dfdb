#pragma once

#include "table/Animation.hpp"
#include "render/CardArt.hpp"
#include "app/ClientOptions.hpp"
#include "table/DragController.hpp"
#include "table/Layout.hpp"
#include "match/MatchDriver.hpp"
#include "match/NetworkView.hpp"
#include "match/ResultReport.hpp"
#include "table/Speeds.hpp"
#include "render/TableRenderer.hpp"
#include "ui/UiCommand.hpp"

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/System/Clock.hpp>
#include <SFML/Window/Event.hpp>

#include <memory>
#include <optional>

namespace speed::client::ui {
class UiOverlay;
struct OverlayFrame;
}

namespace speed::client {

// The window: owns the SFML objects, feeds input to the drag controller and the match, turns
// applied moves into animations, and paces itself (redraw only when something changed, the
// clock ticked a second, or a card is moving). All game logic lives in LocalMatch and the engine.
class WindowApp {
public:
    // `match` runs the game (LocalMatch against the CPU, or a network session); its clock
    // starts at 0 when the window opens.
    WindowApp(const ClientOptions& options, const Fonts& fonts, std::unique_ptr<MatchDriver> match);
    ~WindowApp();
    int run();
    ResultSummary results() const;

private:
    TimeMs nowMs() const { return static_cast<TimeMs>(m_clock.getElapsedTime().asMilliseconds()); }
    void relayout(unsigned widthPx, unsigned heightPx);
    void handleEvent(const sf::Event& event, TimeMs now);
    void onPress(Point pointer, TimeMs now);
    void onRelease(Point pointer, TimeMs now);
    void onKey(sf::Keyboard::Key key, TimeMs now);
    void playSelected(std::optional<int> pile, TimeMs now);
    void refillFirstEmpty(TimeMs now);
    bool commitMove(const Move& move, std::optional<FlightStart> start, TimeMs now);
    void slideHome(const Place& source, const Rect& from, TimeMs now, TimeMs durationMs = kSlideHomeMs);
    void nudge(const Place& source, TimeMs now);
    void showApplied(const std::vector<AppliedMove>& applied, TimeMs now);
    void showRefusedByHost(TimeMs now);
    void followMatch(TimeMs now);
    void followGames(TimeMs now);
    void render(sf::RenderTarget& target, TimeMs now);
    void renderClockTick(TimeMs now);
    bool saveScreenshot(TimeMs now);
    TimeMs nextDeadline(TimeMs now) const;
    void logTableChange();
    void logLayout() const;
    TableScene scene(TimeMs now) const;
    bool localInputAllowed() const;
    // The menus, dialogs and message log (client/src/ui/WindowAppUi.cpp).
    void createOverlay();
    bool overlayTakes(const sf::Event& event, TimeMs now); // feeds ImGui; true when the event is its
    bool onUiKey(const sf::Event::KeyEvent& key);
    void drawOverlay(TimeMs now);
    ui::OverlayFrame overlayFrame() const;
    void applyUiCommands(TimeMs now);
    void playVsCpu(BotLevel level, TimeMs now);
    LayoutOptions layoutOptions(float widthPx) const;
    std::string measureTarget() const; // the network match's peer, empty offline

    ClientOptions m_options;
    const Fonts& m_fonts;
    sf::RenderWindow m_window;
    sf::Clock m_clock;
    CardArt m_art;
    TableRenderer m_renderer;
    TableLayout m_layout;
    std::unique_ptr<MatchDriver> m_match; // the game being shown; the window only forwards input
    DragController m_drag;
    Timeline m_timeline;
    std::optional<int> m_selectedSlot;
    sf::RenderTexture m_tableLayer; // the table without the clock, for the once-a-second redraw
    bool m_tableLayerValid = false;
    bool m_dirty = true;
    bool m_wasMoving = false;
    TimeMs m_shownSecond = -1;
    bool m_shownSpeedCall = false;
    GameInfo m_shownInfo = GameInfo::Nothing;
    std::size_t m_gamesReported = 0;
    std::optional<TimeMs> m_nextGameAt;
    std::optional<TimeMs> m_quitAt;
    TimeMs m_lastInputAt = 0; // the last mouse, key or window event: polling calms down after a while
    std::optional<TimeMs> m_screenshotAt;
    std::optional<int> m_flashPile;        // the pile a refused move found changed, lit until m_flashUntil
    TimeMs m_flashUntil = 0;
    std::string m_shownStatus;             // status bar and banner texts last drawn
    int m_exitCode = 0;
    std::unique_ptr<ui::UiOverlay> m_overlay; // after m_window: ImGui needs its GL context
    ui::UiCommands m_uiCommands;              // chosen while drawing, applied in the next loop turn
};

} // namespace speed::client
