#pragma once

#include "app/ClientOptions.hpp"
#include "app/FontLookup.hpp"
#include "app/FramePacer.hpp"
#include "app/GameSchedule.hpp"
#include "app/GameStatsKeeper.hpp"
#include "app/LanWatch.hpp"
#include "app/LoopWait.hpp"
#include "app/MatchSwitch.hpp"
#include "app/OverlayHost.hpp"
#include "app/TableInput.hpp"
#include "match/TutorialMatch.hpp"
#include "app/WindowCanvas.hpp"
#include "audio/SoundPlayer.hpp"
#include "deck/DeckCatalog.hpp"
#include "deck/DeckRaster.hpp"
#include "match/MatchDriver.hpp"
#include "match/NetworkView.hpp"
#include "match/ResultReport.hpp"
#include "sound/SoundCues.hpp"
#include "table/Layout.hpp"
#include "table/ReadingPause.hpp"
#include "table/TableMotion.hpp"

#include "speed/net/LatencySamples.hpp"

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/System/Clock.hpp>
#include <SFML/Window/Event.hpp>

#include <memory>
#include <optional>
#include <vector>

namespace speed::client {

// How the window kept up, for --json: each drawn frame's time, and for each move of the
// other player's, the time from the network thread's handing it over to the end of the frame
// that first showed it.
struct WindowFigures {
    LatencySamples frameMs;       // every drawn frame
    LatencySamples fullFrameMs;   // of which: the whole table drawn (it changed)
    LatencySamples motionFrameMs; // of which: moving cards over the cached still table
    LatencySamples wholeFrameMs;  // of either kind: the whole window drawn and shown, not parts of it
    LatencySamples remoteMoveToFrameMs;
};

// The window's loop: owns the SFML window, feeds events to the overlay and the table's input,
// turns what the match applied into motion, follows the games and the match (next game, the
// end, --games and --screenshot), and paces itself through FramePacer. Which match it shows is
// MatchSwitch's choice; all game logic lives in the match and the engine. Its input is in
// WindowAppInput.cpp, its following of the match in WindowAppFollow.cpp.
class WindowApp {
public:
    // `match` runs the game (LocalMatch against the CPU, or a network session); its clock
    // starts at 0 when the window opens.
    // With `startScreen` the window opens on the start screen (`match` is then a NoMatch).
    // `fonts` were loaded from `fontFiles`, whose missing faces the game log names.
    WindowApp(const ClientOptions& options, const Fonts& fonts, const FontChoice& fontFiles, std::unique_ptr<MatchDriver> match,
              bool startScreen = false);
    ~WindowApp();
    int run();
    ResultSummary results() const;
    // The match shown when the window closed (the player may have changed it from the start
    // screen or the menu): what the program reports.
    const MatchDriver& match() const { return m_switch.match(); }
    const ClientOptions& options() const { return m_options; }
    const WindowFigures& figures() const { return m_figures; }

private:
    TimeMs nowMs() const { return static_cast<TimeMs>(m_clock.getElapsedTime().asMilliseconds()); }
    bool turn(TimeMs frameStart);
    void relayout();
    void chooseCards(const std::string& wanted, const std::string& back);
    void handleEvent(const sf::Event& event, TimeMs now);
    bool matchKey(sf::Keyboard::Key key, TimeMs now);
    void command(ui::UiAction action, TimeMs now, const char* source);
    void showApplied(const std::vector<AppliedMove>& applied, TimeMs now);
    void showRefusedByHost(TimeMs now);
    void followMatch(TimeMs now);
    void followNetwork(const NetworkView& network, TimeMs now);
    void followGames(TimeMs now);
    bool followScreenshot(TimeMs now);
    void followSound(TimeMs now);
    void followLan(TimeMs now);
    void followDeal(TimeMs now);
    void followReading(TimeMs now);
    void stepPause(PauseStep step, TimeMs now);
    HoldReason holdReason(TimeMs now) const;
    bool readingPauses() const;
    void hear(sound::TableSound event, TimeMs now) { m_cues.note(event, now); }
    void toggleSound(const char* source);
    void toggleFullscreen(const char* source, TimeMs now);
    void dressWindow();
    ui::OverlayFrame overlayFrame() const;
    void draw(Frame frame, TimeMs now);
    void afterFrame(TimeMs now);
    TimeMs nextDeadline(TimeMs now) const;
    TableScene scene(TimeMs now) const;
    void applyUiCommands(TimeMs now);
    void adoptSettings(const Settings& saved);
    void follow(MatchChange change);
    void matchReplaced();
    MatchDriver& match() { return m_switch.match(); }
    std::string opponentName() const;
    void recordStatistics(const GameRecord& game, TimeMs now);
    // "Learn to play" and the hint key (WindowAppLesson.cpp).
    TutorialMatch* lesson();
    const TutorialMatch* lesson() const;
    void followLesson(TimeMs now);
    bool lessonCommand(ui::UiAction action, TimeMs now); // true when the action was the lesson's
    bool lessonKey(sf::Keyboard::Key key, TimeMs now);   // Esc leaves the lesson, I asks for a hint
    void showHint(TimeMs now);
    void addLit(TableScene& scene, TimeMs now) const;   // the lesson's places and the hint's, lit
    ui::StartScreenFacts startScreenFacts();
    void followResult(const GameRecord& game, TimeMs now);

    ClientOptions m_options;
    std::vector<deck::DeckInfo> m_decks; // the card decks installed, looked up once at start
    sf::RenderWindow m_window;
    LoopWait m_wait; // after m_window: it looks for the window's display connection
    sf::Clock m_clock;
    WindowCanvas m_canvas;
    TableLayout m_layout;
    MatchSwitch m_switch; // the game being shown; the window only forwards input
    TableMotion m_motion;
    TableInput m_input;
    GameSchedule m_schedule;
    FramePacer m_pacer;
    std::unique_ptr<OverlayHost> m_overlay; // after m_window: ImGui needs its GL context
    // The hosts on the LAN, looked for while the start screen shows (its Join list).
    std::unique_ptr<LanWatch> m_lan;
    std::vector<ui::LanHostRow> m_lanShown;
    TimeMs m_lanCheckAt = 0;
    bool m_dirty = true;
    int m_shownDealGame = 0; // the game whose deal the table showed
    long m_framesChecked = 0; // --check-frames
    long m_framesWrong = 0;
    int m_framesRecorded = 0; // --record-frames
    bool m_pointerMoved = false; // a held card followed the pointer since the last turn
    std::optional<TimeMs> m_quitAt;
    std::optional<TimeMs> m_screenshotAt;
    std::string m_shownStatus; // status bar and banner texts last drawn
    MatchNotice m_shownNotice; // the banner last logged
    bool m_fullscreen = false;
    bool m_japaneseFont = false; // the table and the menus can draw Japanese
    std::string m_shownRematch; // the rematch hint last logged (empty: no rematch to choose)
    int m_exitCode = 0;
    WindowFigures m_figures;
    std::uint64_t m_remoteMoveNewsNs = 0; // a remote move taken in this turn, not drawn yet: its news time
    GameStatsKeeper m_stats;   // every finished game, in the data folder
    sound::SoundCues m_cues;   // what the table did this turn that may be heard
    audio::SoundPlayer m_sound;
    int m_dealtGame = 0;       // the last game whose deal was heard
    deck::SvgPicture m_icon;   // the window's icon, drawn once
    std::optional<TimeMs> m_soundFlashUntil; // the speaker's words after M, until then
    ReadingPause m_reading;    // an offline game waits while the player reads or looks away
    std::optional<TimeMs> m_focusLostAt; // the window lost the keyboard then (none: it has it, or nobody said otherwise)
    bool m_lessonMarked = false; // the lesson's end was written down (TutorialMark)
    std::string m_lessonStep;    // the step last logged
    std::vector<Place> m_hintLit; // what the hint key lit, until m_hintUntil or the next move
    TimeMs m_hintUntil = 0;
    int m_hintMoves = -1;         // the table's movesApplied when it was lit
    // The result panel of the last game against the CPU, shown once the ending settles.
    std::optional<ui::ResultModel> m_result;
    TimeMs m_resultAt = 0;
};

} // namespace speed::client
