#include "app/WindowApp.hpp"

#include "app/CardDeckChoice.hpp"
#include "app/Display.hpp"
#include "app/HotseatKeys.hpp"
#include "app/NetworkPlay.hpp"
#include "app/SceneOf.hpp"
#include "app/WindowIcon.hpp"
#include "app/WindowLanguage.hpp"

#include "table/ShownCheck.hpp"
#include "table/TableText.hpp"
#include "table/UiScale.hpp"
#include "ui/ImGuiText.hpp"

#include "speed/net/MonotonicClock.hpp"
#include "speed/settings/Settings.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <utility>

namespace speed::client {
namespace {

// The game's own name first, as its players know it.
// "スピード — Speed" in either language.
sf::String windowTitle() {
    const std::string_view title = tr("window.title");
    return sf::String::fromUtf8(title.begin(), title.end());
}

// --check-frames logs this many wrong frames (and counts them all); --record-frames saves at most
// this many.
constexpr int kFrameProblemsLogged = 5;
constexpr int kMostFramesRecorded = 3000;
// How long the window stays without the keyboard before an offline game waits for the player.
constexpr TimeMs kBackgroundAfterMs = 250;
// How long the speaker's words stay after the sound was turned on or off.
constexpr TimeMs kSoundFlashMs = 1500;


double msBetween(std::uint64_t fromNs, std::uint64_t toNs) { return static_cast<double>(toNs - fromNs) / 1e6; }

} // namespace

WindowApp::WindowApp(const ClientOptions& options, const Fonts& fonts, const FontChoice& fontFiles,
                     std::unique_ptr<MatchDriver> match, bool startScreen)
    : m_options(options), m_decks(installedDecks()), m_window(sf::VideoMode(options.widthPx, options.heightPx), windowTitle(), sf::Style::Default),
      m_canvas(fonts, deckCacheFolder()), m_switch(m_options, std::move(match)), m_input(m_layout, m_motion),
      m_schedule(options.games, options.games > 0), // --bot alone: the result panel waits for the player's choice
      m_stats(&store::GameStats::openDefault),
      m_sound(audio::SoundSetup{!options.noSound, options.soundOn, options.soundVolume}) {
    m_window.setVerticalSyncEnabled(false); // we pace ourselves: Xvfb has no vsync anyway
    m_window.setKeyRepeatEnabled(false);
    dressWindow();
    m_clock.restart();
    m_input.setBotPlays(options.localBot.has_value());
    m_input.setDumpLayout(options.dumpLayout);
    ui::setWidgetDump(options.dumpLayout); // and where the menus' and dialogs' controls are
    if (!options.screenshotPath.empty()) {
        m_screenshotAt = static_cast<TimeMs>(std::llround(options.screenshotAfterSeconds * 1000));
    }
    m_overlay = std::make_unique<OverlayHost>(m_window, m_options, fonts, fontFiles, m_decks, measureTargetOf(m_switch.match()), [this] {
        ui::StatisticsView view;
        view.summary = m_stats.summary();
        view.file = m_stats.file();
        view.problem = m_stats.problem();
        return view;
    });
    m_japaneseFont = fonts.hasJapanese && m_overlay->japaneseGlyphs();
    if (wantsJapanese(options.language, languageFromEnvironment()) && !m_japaneseFont) {
        m_overlay->addGameEvent(0, ui::GameEventKind::Connection, tr("window.language_fallback"));
    }
    for (const MissingFace& face : fontFiles.missing) { // main() logged it at start
        m_overlay->addGameEvent(0, ui::GameEventKind::Connection, trf("window.font_missing", face.wanted, face.package, face.instead));
    }
    chooseCards(m_options.cards, m_options.cardBack);
    m_motion.setReducedMotion(m_options.reducedMotion);
    m_canvas.setCheckPartial(m_options.checkFrames);
    relayout();
    m_switch.onReplaced([this] { matchReplaced(); });
    if (startScreen) follow(m_switch.startScreenOver({}));
}

WindowApp::~WindowApp() = default;

// The deck the player asked for, else what stands in for it, said in the log and the game log.
void WindowApp::chooseCards(const std::string& wanted, const std::string& back) {
    const DeckChoice choice = chooseDeck(m_decks, wanted);
    if (!choice.noticeKey.empty()) {
        spdlog::warn("cards: {}", deckNotice(choice, true));
        m_overlay->addGameEvent(0, ui::GameEventKind::Table, deckNotice(choice));
    }
    const BackChoice backChoice = chooseBack(m_decks, back);
    if (!backChoice.notMet.empty()) {
        spdlog::warn("cards: {}", trfIn(Language::English, "cards.back_not_installed", backChoice.notMet));
        m_overlay->addGameEvent(0, ui::GameEventKind::Table, trf("cards.back_not_installed", backChoice.notMet));
    }
    m_canvas.chooseBack(backChoice);
    m_canvas.chooseDeck(choice.deck);
    m_dirty = true;
}

void WindowApp::relayout() {
    const sf::Vector2u size = m_window.getSize();
    const float width = static_cast<float>(size.x);
    const float height = static_cast<float>(size.y);
    m_window.setView(sf::View(sf::FloatRect(0, 0, width, height)));
    const float userScale = static_cast<float>(m_options.uiScalePercent) / 100.0f;
    const float scale = uiScaleFor(width, height, userScale);
    m_overlay->setScale(scale); // first: the menu bar's height follows it
    LayoutOptions options;
    options.uiScale = scale;
    options.userScale = userScale;
    options.handSize = match().state().rules.handSize;
    options.localSeat = match().localSeat();
    options.menuBarHeightPx = m_overlay->menuBarHeightPx();
    options.sidePanelWidthPx = m_overlay->logPaneWidthPx(width);
    m_layout = computeLayout(width, height, options);
    if (!m_canvas.prepare(m_layout.cardWidthPx, m_layout.cardHeightPx)) spdlog::error("cannot create the card art texture");
    m_input.letGo();
    m_dirty = true;
    if (m_options.dumpLayout) {
        for (const std::string& line : layoutLines(m_layout)) spdlog::info("layout {}", line);
    }
}

int WindowApp::run() {
    followDeal(nowMs()); // the first frame already shows the hands in their decks, about to be dealt
    draw(Frame::Full, nowMs());
    if (m_options.twoPlayers) {
        spdlog::info("window ready {}x{} seed {} two players", m_window.getSize().x, m_window.getSize().y, match().gameSeed());
    } else if (m_options.vsCpu) {
        spdlog::info("window ready {}x{} seed {} vs CPU {}", m_window.getSize().x, m_window.getSize().y,
                     match().gameSeed(), m_options.cpuIdle ? "idle" : toString(m_options.cpuLevel));
    } else {
        spdlog::info("window ready {}x{} network play", m_window.getSize().x, m_window.getSize().y);
    }
    logTable(match(), m_options.dumpLayout);
    while (m_window.isOpen()) {
        const TimeMs frameStart = nowMs();
        sf::Event event;
        while (m_window.pollEvent(event)) handleEvent(event, frameStart);
        if (!m_window.isOpen() || !turn(frameStart)) break;
    }
    m_window.close();
    if (!m_figures.frameMs.empty()) {
        const LatencySummary frames = m_figures.frameMs.summary();
        const LatencySummary full = m_figures.fullFrameMs.summary();
        const LatencySummary motion = m_figures.motionFrameMs.summary();
        const LatencySummary whole = m_figures.wholeFrameMs.summary();
        spdlog::info("frames: {} drawn, p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms; {} full p50 {:.2f} ms p99 {:.2f} ms; "
                     "{} motion p50 {:.2f} ms p99 {:.2f} ms; {} whole-window p50 {:.2f} ms p99 {:.2f} ms",
                     frames.count, frames.p50, frames.p99, frames.max, full.count, full.p50, full.p99, motion.count,
                     motion.p50, motion.p99, whole.count, whole.p50, whole.p99);
    }
    if (m_options.checkFrames) {
        spdlog::info("frame check: {} frames, {} with the table wrong; {} drawn in parts, {} unlike the whole frame", m_framesChecked,
                     m_framesWrong, m_canvas.partialChecked(), m_canvas.partialWrong());
    }
    match().close(); // a network match says goodbye (SHUTDOWN) after the window is gone
    return m_exitCode;
}

// One turn of the loop after the events: the match moves on, the frame is drawn if anything
// changed, then the loop waits for input, the network or the next deadline. False: quit.
bool WindowApp::turn(TimeMs frameStart) {
    const TimeMs now = nowMs();
    applyUiCommands(now);
    std::vector<std::string> deckNotices;
    if (m_canvas.followDeck(deckNotices)) m_dirty = true;
    for (std::string& words : deckNotices) m_overlay->addGameEvent(now, ui::GameEventKind::Table, std::move(words));
    for (std::string& words : m_input.takePlayedWords()) m_overlay->addGameEvent(now, ui::GameEventKind::Play, std::move(words));
    followReading(now);
    if (m_soundFlashUntil && now >= *m_soundFlashUntil) {
        m_soundFlashUntil.reset();
        m_dirty = true;
    }
    showApplied(match().tick(now), now);
    showRefusedByHost(now);
    followMatch(now);
    followGames(now);
    followDeal(now);
    followLesson(now);
    followSound(now);
    followLan(now);
    const std::optional<TimeMs> quitAt = m_quitAt ? m_quitAt : m_schedule.quitAt();
    if ((quitAt && now >= *quitAt) || !followScreenshot(now)) return false;
    // A held card moves only with the pointer: a drag at rest draws nothing, so the release
    // (or the next motion) never waits for a frame that shows nothing new.
    const bool moving = m_motion.busy(now) || std::exchange(m_pointerMoved, false);
    draw(m_pacer.decide({now, m_dirty, moving, match().elapsedMs(now) / kClockRedrawMs, match().speedCalled(),
                         match().info(), m_overlay->frameDue(now)}),
         now);
    m_motion.prune(now);
    TimeMs waitMs = FramePacer::waitMs(frameStart, nowMs(), moving, nextDeadline(now), m_overlay->nextFrameAt(now));
    if (m_canvas.deckPending()) waitMs = std::min<TimeMs>(waitMs, kDeckPollMs); // its cards, as soon as they are ready
    // Drawing may have made Xlib read input into its queue, where the wait would not see it;
    // so may SFML's own look at the display (see displayEventsQueued).
    sf::Event event;
    if (m_window.pollEvent(event) || (displayEventsQueued() && m_window.pollEvent(event))) {
        handleEvent(event, nowMs());
        return true;
    }
    const NetworkView* network = match().network();
    m_wait.wait(waitMs, network != nullptr ? network->wakeFd() : -1);
    return true;
}

// What --check-frames and --record-frames do with a frame that moved cards or changed the table.
void WindowApp::afterFrame(TimeMs now) {
    if (m_options.checkFrames && match().hasTable()) {
        ++m_framesChecked;
        const std::vector<std::string> problems = shownTableProblems(match().state(), m_motion.timeline(), now);
        if (!problems.empty() && m_framesWrong++ < kFrameProblemsLogged) {
            std::string inAir;
            for (const CardFlight& flight : m_motion.timeline().flights()) {
                if (!flight.landed(now)) inAir += fmt::format(" {}>{}:{}@{}+{}", flight.card.code(), static_cast<int>(flight.to.kind), flight.to.index, flight.startMs, flight.durationMs);
            }
            spdlog::warn("frame check: {} | table: {} | in the air:{}", problems.front(), tableSummary(match().state()), inAir);
        }
    }
    if (!m_options.recordFramesDir.empty() && m_framesRecorded < kMostFramesRecorded) {
        ++m_framesRecorded;
        const TableScene tableScene = scene(now);
        const ui::OverlayFrame shownOverlay = overlayFrame();
        m_canvas.screenshot(m_window, {m_layout, tableScene, *m_overlay, shownOverlay, now},
                            fmt::format("{}/frame-{:07d}.png", m_options.recordFramesDir, now), true);
    }
}

void WindowApp::draw(Frame frame, TimeMs now) {
    if (frame == Frame::None) return;
    const TableScene tableScene = scene(now);
    const ui::OverlayFrame shownOverlay = overlayFrame();
    const WindowCanvas::Frame canvasFrame{m_layout, tableScene, *m_overlay, shownOverlay, now};
    if (frame == Frame::ClockTick) {
        m_canvas.drawClockTick(m_window, canvasFrame);
        spdlog::trace("clock tick drawn in {} ms", nowMs() - now);
        return;
    }
    const std::uint64_t startNs = monotonicNowNs();
    if (frame == Frame::Motion) {
        m_canvas.drawMotion(m_window, canvasFrame);
    } else {
        m_canvas.drawFull(m_window, canvasFrame);
        m_dirty = false;
    }
    const std::uint64_t doneNs = monotonicNowNs();
    afterFrame(now);
    const double drawnMs = msBetween(startNs, doneNs);
    m_figures.frameMs.add(drawnMs);
    (frame == Frame::Motion ? m_figures.motionFrameMs : m_figures.fullFrameMs).add(drawnMs);
    if (m_canvas.lastFrameWhole()) m_figures.wholeFrameMs.add(drawnMs);
    if (m_remoteMoveNewsNs != 0) {
        m_figures.remoteMoveToFrameMs.add(msBetween(m_remoteMoveNewsNs, doneNs));
        m_remoteMoveNewsNs = 0;
    }
    spdlog::trace("{} frame drawn in {:.3f} ms", frame == Frame::Motion ? "motion" : "full", drawnMs);
}

// --screenshot: the shot, then leave. Over the network the other window may be about to take its
// own: leaving at once would change its table (our SHUTDOWN), so stay connected a little longer.
// A deck still being drawn (a slow or busy machine) is waited for: the shot shows the cards the
// player chose, not the drawn ones that stand in meanwhile, unless drawing takes past a bound.
bool WindowApp::followScreenshot(TimeMs now) {
    if (!m_screenshotAt || now < *m_screenshotAt) return true;
    if (m_canvas.deckPending()) {
        if (now < *m_screenshotAt + kScreenshotDeckWaitMs) return true;
        spdlog::warn("screenshot: the deck is still being drawn after {} s; taken with the cards shown now",
                     kScreenshotDeckWaitMs / 1000);
    }
    const TableScene tableScene = scene(now);
    const ui::OverlayFrame shownOverlay = overlayFrame();
    if (!m_canvas.screenshot(m_window, {m_layout, tableScene, *m_overlay, shownOverlay, now}, m_options.screenshotPath)) {
        m_exitCode = 1;
    }
    if (m_options.vsCpu || m_options.twoPlayers || m_exitCode != 0) return false;
    m_screenshotAt.reset();
    m_quitAt = now + kScreenshotLingerMs;
    return true;
}

namespace {

ui::LanHostRow lanRow(const net::LanHost& host) {
    return {host.name, host.address, host.busy, host.passwordNeeded, host.version != protocol::kProtocolVersion};
}

} // namespace

// While the start screen shows, the hosts on the LAN are looked for (on setup.ini's port) and its
// Join list follows them: each that appears or goes is said in the log.
void WindowApp::followLan(TimeMs now) {
    if (!m_overlay->startScreenShown()) {
        if (m_lan) spdlog::info("LAN: the start screen closed: no longer looking for hosts");
        m_lan.reset();
        m_lanShown.clear();
        return;
    }
    const std::uint16_t port = m_options.connectFlags.port.value_or(m_options.settings.network.port);
    if (!m_lan || m_lan->port() != port) {
        m_lan = std::make_unique<LanWatch>(port);
        m_lanShown.clear();
        m_lanCheckAt = now;
    }
    if (now < m_lanCheckAt) return;
    constexpr TimeMs kLanCheckMs = 250;
    m_lanCheckAt = now + kLanCheckMs;
    std::vector<ui::LanHostRow> rows;
    for (const net::LanHost& host : m_lan->hosts()) rows.push_back(lanRow(host));
    const std::string problem = m_lan->problem();
    if (rows == m_lanShown && problem.empty()) return;
    for (const ui::LanHostRow& row : rows) {
        const auto before = std::find_if(m_lanShown.begin(), m_lanShown.end(), [&](const ui::LanHostRow& shown) { return shown.address == row.address; });
        if (before == m_lanShown.end() || !(*before == row)) {
            spdlog::info("LAN: host {} at {} ({}{})", row.name, row.address,
                         row.otherVersion ? "another version" : row.busy ? "busy" : "waiting", row.password ? ", password" : "");
        }
    }
    for (const ui::LanHostRow& shown : m_lanShown) {
        if (std::none_of(rows.begin(), rows.end(), [&](const ui::LanHostRow& row) { return row.address == shown.address; })) {
            spdlog::info("LAN: host {} at {} is gone", shown.name, shown.address);
        }
    }
    m_lanShown = rows;
    m_overlay->setLanHosts(std::move(rows), problem.empty(), problem);
    m_dirty = true;
}

// The earliest moment something on screen changes without input.
TimeMs WindowApp::nextDeadline(TimeMs now) const {
    TimeMs deadline = match().nextWakeAt(now);
    if (match().info() == GameInfo::Play) {
        deadline = std::min(deadline, now + kClockRedrawMs - match().elapsedMs(now) % kClockRedrawMs);
    }
    const std::optional<TimeMs> resultAt = m_result ? std::optional<TimeMs>(m_resultAt) : std::nullopt;
    for (const auto& at : {m_schedule.nextGameAt(), m_schedule.quitAt(), m_quitAt, m_screenshotAt, resultAt}) {
        if (at) deadline = std::min(deadline, *at);
    }
    if (m_motion.litPile()) deadline = std::min(deadline, m_motion.litUntil());
    if (const auto countIn = m_reading.nextChangeAt(now)) deadline = std::min(deadline, *countIn);
    if (m_soundFlashUntil) deadline = std::min(deadline, *m_soundFlashUntil);
    if (m_lan) deadline = std::min(deadline, m_lanCheckAt);
    if (m_focusLostAt && readingPauses()) deadline = std::min(deadline, std::max(now + 1, *m_focusLostAt + kBackgroundAfterMs));
    if (m_hintUntil > now) deadline = std::min(deadline, m_hintUntil);
    if (m_motion.note()) deadline = std::min(deadline, m_motion.note()->until);
    return std::max(deadline, now + 1);
}

TableScene WindowApp::scene(TimeMs now) const {
    TableScene shown = sceneOf(match(), m_input, m_motion, m_options, now,
                               PauseShown{holdReason(now), m_reading.holding(), m_reading.countIn(now)});
    shown.bannerHidden = m_overlay->startScreenShown();
    shown.sound = !m_sound.heard() ? SoundShown::NoDevice : m_sound.muted() ? SoundShown::Muted : SoundShown::On;
    if (m_soundFlashUntil && now < *m_soundFlashUntil) {
        shown.soundFlash = tr(shown.sound == SoundShown::NoDevice ? "screen.sound.no_device"
                              : shown.sound == SoundShown::Muted  ? "screen.sound.off"
                                                                  : "screen.sound.on");
    }
    if (match().bothSeatsLocal() && match().hasTable()) { // two players: their keys on the table
        shown.keyCaps = hotseatKeyCaps(m_layout, match().state().rules.handSize, match().localSeat(),
                                       static_cast<float>(m_options.uiScalePercent) / 100.0f);
    }
    addLit(shown, now);
    return shown;
}

ui::OverlayFrame WindowApp::overlayFrame() const {
    ui::OverlayFrame frame = m_overlay->frame(match(), m_layout);
    // A game waiting while the player reads is in play as far as the player goes: the menu offers
    // their own Pause, not a Resume of the wait.
    if (m_reading.holding() != HoldReason::None || m_reading.countIn(nowMs())) frame.info = GameInfo::Play;
    frame.soundOn = !m_sound.muted();
    frame.soundHeard = m_sound.heard();
    frame.fullscreen = m_fullscreen;
    frame.cpuLevel = m_options.cpuLevel;
    return frame;
}

// What is over the table and asks for the player's eyes: the overlay's screens, dialogs and
// menus, or another window having the keyboard.
// A keyboard grab (a desktop shortcut, a screen reader's key) takes the focus for an instant:
// only a window that stays without it for kBackgroundAfterMs is in the background.
HoldReason WindowApp::holdReason(TimeMs now) const {
    const HoldReason overlay = m_overlay->holdReason();
    if (overlay != HoldReason::None) return overlay;
    return m_focusLostAt && now - *m_focusLostAt >= kBackgroundAfterMs ? HoldReason::Background : HoldReason::None;
}

// Whether the game on the table waits while the player reads: a game against the CPU that a
// person plays (a bot playing the local seat reads nothing; a network game runs on for both).
bool WindowApp::readingPauses() const {
    return match().hasTable() && match().network() == nullptr && !m_options.localBot;
}

void WindowApp::followReading(TimeMs now) {
    if (!readingPauses()) return;
    const GameInfo info = match().info();
    const HoldReason before = m_reading.holding();
    const bool counting = m_reading.countIn(now).has_value();
    stepPause(m_reading.follow(holdReason(now), info == GameInfo::Play, info == GameInfo::Pause0, now), now);
    if (m_reading.holding() != before || m_reading.countIn(now).has_value() != counting) {
        if (m_reading.holding() != HoldReason::None) {
            spdlog::info("game waits: {}", holdReasonWords(m_reading.holding()));
        } else if (m_reading.countIn(now)) {
            spdlog::info("game resumes in {} ms", ReadingPause::kCountInStepMs * ReadingPause::kCountInSteps);
        }
        m_dirty = true;
    }
    if (m_reading.countIn(now)) m_dirty = true; // the count's numbers change on the table
}

// What ReadingPause decided, done to the match.
void WindowApp::stepPause(PauseStep step, TimeMs now) {
    if (step == PauseStep::Nothing) return;
    const bool done = match().togglePause(now);
    spdlog::info("game {}{}", step == PauseStep::Pause ? "paused" : "resumed", done ? "" : " (refused by the match)");
    m_dirty = true;
}

// The window as the desktop shows it: the game's icon and its class (WM_CLASS "speed",
// "Speed"), set on each window SFML makes. The class is read when a window is mapped, so the
// window is mapped again once it has it.
void WindowApp::dressWindow() {
    if (m_icon.rgba.empty() && m_icon.error.empty()) {
        m_icon = deck::drawSvg(windowIconSvg(), kWindowIconPx, kWindowIconPx);
        if (!m_icon.error.empty()) spdlog::warn("window icon: {}", m_icon.error);
    }
    if (!m_icon.rgba.empty()) {
        m_window.setIcon(static_cast<unsigned>(m_icon.width), static_cast<unsigned>(m_icon.height), m_icon.rgba.data());
    }
    if (nameWindowClass(static_cast<unsigned long>(m_window.getSystemHandle()))) {
        m_window.setVisible(false);
        m_window.setVisible(true);
    }
}

// F11, or the Settings menu: the whole screen, or back to the window's own size. The window is
// made anew (SFML has no other way), so what depends on its size is laid out again.
void WindowApp::toggleFullscreen(const char* source, TimeMs now) {
    m_fullscreen = !m_fullscreen;
    const sf::VideoMode mode =
        m_fullscreen ? sf::VideoMode::getDesktopMode() : sf::VideoMode(m_options.widthPx, m_options.heightPx);
    m_window.create(mode, windowTitle(), m_fullscreen ? sf::Style::Fullscreen : sf::Style::Default);
    m_window.setVerticalSyncEnabled(false);
    m_window.setKeyRepeatEnabled(false);
    dressWindow();
    m_window.requestFocus(); // the keyboard was the old window's
    sf::Event resized{};
    resized.type = sf::Event::Resized;
    resized.size = {m_window.getSize().x, m_window.getSize().y};
    m_overlay->takes(resized, now, false); // ImGui's display size
    relayout();
    spdlog::info("{}: {} ({}x{})", source, m_fullscreen ? "fullscreen" : "windowed", m_window.getSize().x,
                 m_window.getSize().y);
}

// M, or the Settings menu: mute or unmute for this run (setup.ini's sound says how the next starts).
void WindowApp::toggleSound(const char* source) {
    m_sound.setMuted(!m_sound.muted());
    m_soundFlashUntil = nowMs() + kSoundFlashMs; // the speaker says the new state for a moment
    m_options.soundOn = !m_sound.muted();
    spdlog::info("{}: sound {}{}", source, m_sound.muted() ? "off" : "on", m_sound.heard() ? "" : " (no audio device)");
    m_dirty = true;
}

void WindowApp::applyUiCommands(TimeMs now) {
    if (NetworkView* network = match().network()) m_overlay->appendWireLog(network->takeWireLog());
    for (const ui::UiCommand& command : m_overlay->takeCommands()) {
        m_dirty = true;
        switch (command.action) {
        case ui::UiAction::NextGame:
        case ui::UiAction::TogglePause: this->command(command.action, now, "menu"); break;
        case ui::UiAction::Quit: spdlog::info("menu: quit"); m_quitAt = now; break;
        case ui::UiAction::LogPaneToggled:
            spdlog::info("game log {}", m_overlay->logShown() ? "shown" : "hidden");
            relayout();
            break;
        case ui::UiAction::ToggleSound: toggleSound("menu"); break;
        case ui::UiAction::ToggleFullscreen: toggleFullscreen("menu", now); break;
        case ui::UiAction::PlayVsCpu:
        case ui::UiAction::PlayVsCpuInstead:
        case ui::UiAction::PlayTwoPlayers:
        case ui::UiAction::Retry:
        case ui::UiAction::HostGame:
        case ui::UiAction::JoinGame:
        case ui::UiAction::LeaveToStart:
        case ui::UiAction::ResumeWaiting:
        case ui::UiAction::DismissWaiting: follow(m_switch.apply(command, now)); break;
        case ui::UiAction::SettingsSaved: adoptSettings(*command.settings); break;
        case ui::UiAction::LearnToPlay:
        case ui::UiAction::TutorialSkipStep:
        case ui::UiAction::TutorialSkipAll:
        case ui::UiAction::TutorialReplay: lessonCommand(command.action, now); break;
        }
    }
}

// Settings saved in the window: the sound, the language, the scale and the cards at once; the rules, the
// CPU level and the network for the next match (adoptSavedSettings).
void WindowApp::adoptSettings(const Settings& saved) {
    adoptSavedSettings(saved, m_options, match().network());
    m_options.soundOn = saved.player.sound;
    m_options.soundVolume = saved.player.volume;
    m_sound.setMuted(!m_options.soundOn);
    m_sound.setVolume(m_options.soundVolume);
    if (saved.player.language != m_options.language) {
        m_options.language = saved.player.language;
        applyLanguage(m_options.language, m_japaneseFont);
        m_shownStatus.clear(); // the banner's words, logged again in the new language
        relayout();
    }
    if (saved.player.uiScalePercent != m_options.uiScalePercent) {
        m_options.uiScalePercent = saved.player.uiScalePercent;
        relayout();
    }
    if (saved.player.reducedMotion != m_options.reducedMotion) {
        m_options.reducedMotion = saved.player.reducedMotion;
        m_motion.setReducedMotion(m_options.reducedMotion);
    }
    if (saved.player.cards != m_options.cards) { // the deck chosen in Settings, on the table at once
        m_options.cards = saved.player.cards;
        chooseCards(m_options.cards, m_options.cardBack);
    }
    spdlog::info("settings saved to {}", m_options.configPath);
}

// A new match runs: nothing of the last one stays on the table or in the status texts.
void WindowApp::matchReplaced() {
    m_overlay->hideStartScreen();
    m_overlay->hideResult();
    m_result.reset();
    m_shownStatus.clear();
    m_shownNotice = {};
    m_quitAt.reset();
    m_dealtGame = 0;
    m_shownDealGame = 0;
    m_reading.reset();
    m_schedule.restart();
    m_input.cancel();
    m_motion.clear();
    relayout();
}

// What the window does after a choice of match: the start screen, or the table again.
void WindowApp::follow(MatchChange change) {
    switch (change) {
    case MatchChange::None: return;
    case MatchChange::Replaced: break; // matchReplaced() has run
    case MatchChange::Reconnected:
        m_motion.clear();
        m_overlay->hideStartScreen();
        break;
    case MatchChange::StartScreen: m_overlay->showStartScreen(startScreenFacts()); break;
    }
    m_dirty = true;
}

ResultSummary WindowApp::results() const {
    return ResultSummary{m_options.games, match().firstSeed(), match().bothSeatsLocal() ? "two-players" : "vs-cpu",
                         match().finishedGames()};
}

} // namespace speed::client
