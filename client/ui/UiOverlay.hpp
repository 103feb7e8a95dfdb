#pragma once

#include "ui/ConfigProblemDialog.hpp"
#include "ui/FrameInputQueue.hpp"
#include "ui/HelpDialog.hpp"
#include "ui/LogPane.hpp"
#include "ui/MeasureDialog.hpp"
#include "ui/NetworkTrace.hpp"
#include "ui/ResultPanel.hpp"
#include "ui/SettingsDialog.hpp"
#include "ui/StartScreen.hpp"
#include "ui/StatisticsDialog.hpp"
#include "ui/TutorialPanel.hpp"
#include "ui/UiCommand.hpp"

#include "deck/DeckCatalog.hpp"

#include "match/GameInfo.hpp"
#include "table/Geometry.hpp"
#include "table/ReadingPause.hpp"
#include "speed/common/Time.hpp"
#include "speed/imgui/ImGuiSfml.hpp"
#include "speed/settings/Settings.hpp"

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/System/Clock.hpp>

#include <filesystem>
#include <functional>
#include <optional>
#include <vector>
#include <string>

namespace speed::client::ui {

// What --show opens at start.
enum class StartDialog { None, Measure, Settings, Help, Log, Trace, Statistics };
std::optional<StartDialog> parseStartDialog(std::string_view name);
std::string_view toString(StartDialog dialog);

struct OverlaySetup {
    std::string fontPath;         // DejaVuSans.ttf
    std::string japaneseFontPath; // NotoSansCJK-Regular.ttc: Japanese glyphs merged in (empty or missing: none)
    std::string fontName;         // the faces' families, for the About page ("DejaVu Sans")
    std::string japaneseFontName; // ("Noto Sans CJK JP"; empty: none)
    std::string configPath;     // setup.ini, for the Settings dialog and the default measurement target
    std::string measureTarget;  // offline default target (setup.ini's peer:port)
    std::uint16_t defaultPort = NetworkSettings::kDefaultPort;
    std::vector<deck::DeckInfo> decks; // the card decks installed, for Settings > Cards
    std::filesystem::path deckCache;   // where drawn decks are kept
};

// What the overlay shows of the match each frame.
struct OverlayFrame {
    GameInfo info = GameInfo::Nothing;
    std::string measureTarget; // the network match's, empty offline
    std::optional<protocol::ClockOffset> linkClock; // the network match's estimate of the other side's clock
    Rect logArea;              // where the message log pane goes, window pixels
    bool waiting = false;      // a network match waits for the other player: offer a way out
    Rect field;                // the felt, window pixels (the wait panel goes in its lower part)
    bool rematch = false;      // a network game is over: offer Rematch and Leave
    bool rematchAsked = false; // ... and this player chose Rematch already
    bool soundOn = true;       // the effects are not muted (the Settings menu's tick)
    bool soundHeard = true;    // an audio device is open: false, the menu says there is none
    bool fullscreen = false;   // the window fills the screen (the Settings menu's tick)
    std::optional<TutorialFacts> tutorial; // "Learn to play" runs: its panel
    BotLevel cpuLevel = BotLevel::Normal; // the CPU opponent in force: the Game menu's tick, the Settings dialog's level
    Rect banner;               // the banner's band, window pixels: the result panel stays below it
    Rect resultRoom;           // resultPanelRoom(): where the result panel goes when it fits
};

// Menus, dialogs and the message log over the SFML table (Dear ImGui). It never touches the
// match: what the user picks comes back as UiCommands for the window to apply.
class UiOverlay {
public:
    UiOverlay(sf::RenderWindow& window, const OverlaySetup& setup);

    // Every event goes here first; afterwards wantsMouse/wantsKeyboard say whether it was ImGui's.
    // True when the overlay used it up itself (Esc closing the dialog on top).
    bool processEvent(const sf::Event& event, TimeMs now);
    bool wantsMouse() const { return m_imgui.wantsMouse(); }
    // A menu, dialog or panel was drawn at this window pixel in the last frame.
    bool covers(float x, float y) const { return m_imgui.covers(x, y); }
    // The menus and dialogs can draw Japanese (the Japanese font was loaded).
    bool japaneseGlyphs() const { return m_imgui.japaneseLoaded(); }
    bool wantsKeyboard() const;
    // A text field has the caret: a key typed now is a character for it.
    bool typing() const;

    // Builds and draws one ImGui frame over what SFML drew; returns what the user chose.
    UiCommands draw(const OverlayFrame& frame, TimeMs now);
    // Builds one frame without drawing it (render() draws it): what the user chose goes to
    // `commands`, and the boxes where it looks different from the frame before are returned.
    std::vector<sf::FloatRect> build(const OverlayFrame& frame, TimeMs now, UiCommands& commands);
    // The last frame built, over what SFML drew; with `clips`, inside those boxes only.
    void render(sf::RenderTarget& target, const std::vector<sf::FloatRect>* clips = nullptr) { m_imgui.render(target, clips); }

    // True while ImGui should be redrawn at a modest rate: a measurement runs (and a few frames
    // after), input arrived recently (hover, menus opening), a text field has the caret, a dialog
    // just opened (ImGui sizes a new window over two frames), or the log pane has new lines. An
    // open dialog nobody touches is static: it is redrawn with the table, at the idle pacing.
    bool active(TimeMs now) const;
    // Whether a frame is due now at that rate.
    bool frameDue(TimeMs now) const { return active(now) && now - m_lastFrameAt >= kUiFrameMs; }
    TimeMs nextFrameAt(TimeMs now) const { return active(now) ? m_lastFrameAt + kUiFrameMs : kNever; }

    void open(StartDialog dialog, HelpPage page = HelpPage::HowToPlay); // `page`: the Help dialog's
    // Where the Statistics dialog reads what it shows, each time it opens.
    void setStatisticsSource(std::function<StatisticsView()> source) { m_statisticsSource = std::move(source); }
    // The start screen: shown whenever no game runs.
    void showStartScreen(StartScreenFacts facts);
    void hideStartScreen() { m_start.close(); }
    bool startScreenShown() const { return m_start.isOpen(); }
    void setLanHosts(std::vector<LanHostRow> hosts, bool looking, std::string problem) {
        m_start.setLanHosts(std::move(hosts), looking, std::move(problem));
    }
    // What of the overlay is over the table and asks for the player's eyes (an offline game
    // waits while it is open): the start screen, Help, another dialog, a menu; None otherwise.
    HoldReason holdReason() const;
    // The result panel of a game against the CPU, once its end has settled; hidden by the next game.
    void showResult(ResultModel model);
    void hideResult() { m_result.close(); }
    bool resultShown() const { return m_result.isOpen(); }
    // setup.ini could not be read: say so over everything until the player chooses.
    void showConfigProblem(SettingsError problem) { m_configProblem.open(std::move(problem)); m_framesToSettle = kSettleFrames; }
    // Closes the dialog on top (help, settings, measurement), as Esc does. False: none was open.
    bool closeTopDialog();
    void startMeasurement(const std::string& matchTarget) { m_measure.startNow(matchTarget); }
    void toggleLog(UiCommands& commands);
    void appendWireLog(std::vector<WireLogEntry> entries);
    void addGameEvent(GameEvent event);
    bool logShown() const { return m_log.shown(); }
    void setLogShown(bool shown) { m_log.setShown(shown); }

    // Menus, dialogs and the log pane at `scale` (uiScaleFor()): the font is drawn at
    // kFontSizePx * scale, padding and spacing follow. Between frames (the window's relayout).
    void setScale(float scale);
    float scale() const { return m_scale; }
    float menuBarHeightPx() const;
    float logPaneWidthPx(float windowWidthPx) const;

    static constexpr TimeMs kUiFrameMs = 40;     // 25 fps while active()
    static constexpr TimeMs kUiSettleMs = 400;   // keep drawing this long after input
    static constexpr float kFontSizePx = 15.0f;
    static constexpr int kSettleFrames = 3;

private:
    UiCommands buildFrame(const OverlayFrame& frame, TimeMs now);
    void drawMenuBar(const OverlayFrame& frame, UiCommands& commands);
    void drawGameMenu(const OverlayFrame& frame, UiCommands& commands);
    void drawHelpMenu(UiCommands& commands);
    void closeMenuIfAsked();
    void openHelp(HelpPage page) { open(StartDialog::Help, page); }
    void drawStartScreen(UiCommands& commands);
    void drawWaitPanel(const OverlayFrame& frame, UiCommands& commands);
    void drawRematchPanel(const OverlayFrame& frame, UiCommands& commands);
    void drawResultPanel(const OverlayFrame& frame, UiCommands& commands);
    bool anyDialogOpen() const;
    bool navigating() const; // a screen or dialog is up: ImGui's keyboard navigation is on
    // Whether an event can change what ImGui shows: the pointer over the table, with no menu
    // open and nothing of ImGui's under it or held, cannot (a card dragged over the table draws
    // no ImGui frames); keys only while a screen, a dialog or a text field has them.
    bool concernsUi(const sf::Event& event);

    speed::ui::ImGuiLayer m_imgui;
    FrameInputQueue m_input;
    bool m_pointerOverUi = false; // the last pointer event was over a menu, dialog or the log pane
    float m_scale = 1;
    sf::Clock m_frameClock;
    TimeMs m_lastFrameAt = -kUiFrameMs;
    TimeMs m_lastInputAt = -kUiSettleMs;
    bool m_logHasNews = false;
    int m_framesToSettle = 0;
    LogPane m_log;
    NetworkTrace m_trace;
    SettingsDialog m_settings;
    MeasureDialog m_measure;
    HelpDialog m_help;
    StatisticsDialog m_statistics;
    std::function<StatisticsView()> m_statisticsSource;
    StartScreen m_start;
    ResultPanel m_result;
    ConfigProblemDialog m_configProblem;
    bool m_closeMenus = false; // Esc was pressed over an open menu: close it in the next frame
    bool m_dialogWasOver = false; // a dialog was open over the start screen last frame
    std::vector<StartDialog> m_openOrder; // dialogs as they were opened: Esc closes the last still open
};

} // namespace speed::client::ui
