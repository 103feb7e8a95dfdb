#include "app/WindowApp.hpp"

#include "app/NetworkPlay.hpp"
#include "app/SceneOf.hpp"
#include "app/WindowLanguage.hpp"

#include "match/LocalMatch.hpp"
#include "match/NoMatch.hpp"
#include "table/LevelWords.hpp"
#include "table/MoveWords.hpp"
#include "table/RefusalWords.hpp"
#include "table/TableText.hpp"
#include "table/UiScale.hpp"
#include "ui/GameMenu.hpp"

#include "speed/net/LocalAddresses.hpp"
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

Point pointOf(int x, int y) { return {static_cast<float>(x), static_cast<float>(y)}; }

double msBetween(std::uint64_t fromNs, std::uint64_t toNs) { return static_cast<double>(toNs - fromNs) / 1e6; }

} // namespace

WindowApp::WindowApp(const ClientOptions& options, const Fonts& fonts, std::unique_ptr<MatchDriver> match, bool startScreen)
    : m_options(options),
      m_window(sf::VideoMode(options.widthPx, options.heightPx), windowTitle(), sf::Style::Default),
      m_canvas(fonts),
      m_match(std::move(match)),
      m_input(m_layout, m_motion),
      m_schedule(options.games, options.localBot.has_value() || options.games > 0),
      m_stats(&store::GameStats::openDefault),
      m_sound(audio::SoundSetup{!options.noSound, options.soundOn, options.soundVolume}) {
    m_window.setVerticalSyncEnabled(false); // we pace ourselves: Xvfb has no vsync anyway
    m_window.setKeyRepeatEnabled(false);
    m_clock.restart();
    m_input.setBotPlays(options.localBot.has_value());
    m_input.setDumpLayout(options.dumpLayout);
    if (!options.screenshotPath.empty()) {
        m_screenshotAt = static_cast<TimeMs>(std::llround(options.screenshotAfterSeconds * 1000));
    }
    m_overlay = std::make_unique<OverlayHost>(m_window, m_options, measureTargetOf(*m_match), [this] {
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
    relayout();
    if (startScreen) showStartScreen({}, false);
}

WindowApp::~WindowApp() = default;

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
    options.handSize = m_match->state().rules.handSize;
    options.localSeat = m_match->localSeat();
    options.menuBarHeightPx = m_overlay->menuBarHeightPx();
    options.sidePanelWidthPx = m_overlay->logPaneWidthPx(width);
    m_layout = computeLayout(width, height, options);
    if (!m_canvas.prepare(m_layout.cardWidthPx)) spdlog::error("cannot create the card art texture");
    m_input.letGo();
    m_dirty = true;
    if (m_options.dumpLayout) {
        for (const std::string& line : layoutLines(m_layout)) spdlog::info("layout {}", line);
    }
}

int WindowApp::run() {
    draw(Frame::Full, nowMs());
    if (m_options.vsCpu) {
        spdlog::info("window ready {}x{} seed {} vs CPU {}", m_window.getSize().x, m_window.getSize().y,
                     m_match->gameSeed(), m_options.cpuIdle ? "idle" : toString(m_options.cpuLevel));
    } else {
        spdlog::info("window ready {}x{} network play", m_window.getSize().x, m_window.getSize().y);
    }
    logTable(*m_match, m_options.dumpLayout);
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
        spdlog::info("frames: {} drawn, p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms; {} full p50 {:.2f} ms p99 {:.2f} ms; "
                     "{} motion p50 {:.2f} ms p99 {:.2f} ms",
                     frames.count, frames.p50, frames.p99, frames.max, full.count, full.p50, full.p99, motion.count,
                     motion.p50, motion.p99);
    }
    m_match->close(); // a network match says goodbye (SHUTDOWN) after the window is gone
    return m_exitCode;
}

// One turn of the loop after the events: the match moves on, the frame is drawn if anything
// changed, then the loop waits for input, the network or the next deadline. False: quit.
bool WindowApp::turn(TimeMs frameStart) {
    const TimeMs now = nowMs();
    applyUiCommands(now);
    for (std::string& words : m_input.takePlayedWords()) m_overlay->addGameEvent(now, ui::GameEventKind::Play, std::move(words));
    showApplied(m_match->tick(now), now);
    showRefusedByHost(now);
    followMatch(now);
    followGames(now);
    followSound(now);
    const std::optional<TimeMs> quitAt = m_quitAt ? m_quitAt : m_schedule.quitAt();
    if ((quitAt && now >= *quitAt) || !followScreenshot(now)) return false;
    // A held card moves only with the pointer: a drag at rest draws nothing, so the release
    // (or the next motion) never waits for a frame that shows nothing new.
    const bool moving = m_motion.busy(now) || std::exchange(m_pointerMoved, false);
    draw(m_pacer.decide({now, m_dirty, moving, m_match->elapsedMs(now) / kClockRedrawMs, m_match->speedCalled(),
                         m_match->info(), m_overlay->frameDue(now)}),
         now);
    m_motion.prune(now);
    const TimeMs waitMs = FramePacer::waitMs(frameStart, nowMs(), moving, nextDeadline(now), m_overlay->nextFrameAt(now));
    // Drawing may have made Xlib read input into its queue, where the wait would not see it.
    sf::Event event;
    if (m_window.pollEvent(event)) {
        handleEvent(event, nowMs());
        return true;
    }
    const NetworkView* network = m_match->network();
    m_wait.wait(waitMs, network != nullptr ? network->wakeFd() : -1);
    return true;
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
    const double drawnMs = msBetween(startNs, doneNs);
    m_figures.frameMs.add(drawnMs);
    (frame == Frame::Motion ? m_figures.motionFrameMs : m_figures.fullFrameMs).add(drawnMs);
    if (m_remoteMoveNewsNs != 0) {
        m_figures.remoteMoveToFrameMs.add(msBetween(m_remoteMoveNewsNs, doneNs));
        m_remoteMoveNewsNs = 0;
    }
    spdlog::trace("{} frame drawn in {:.3f} ms", frame == Frame::Motion ? "motion" : "full", drawnMs);
}

// --screenshot: the shot, then leave. Over the network the other window may be about to take its
// own: leaving at once would change its table (our SHUTDOWN), so stay connected a little longer.
bool WindowApp::followScreenshot(TimeMs now) {
    if (!m_screenshotAt || now < *m_screenshotAt) return true;
    const TableScene tableScene = scene(now);
    const ui::OverlayFrame shownOverlay = overlayFrame();
    if (!m_canvas.screenshot(m_window, {m_layout, tableScene, *m_overlay, shownOverlay, now}, m_options.screenshotPath)) {
        m_exitCode = 1;
    }
    if (m_options.vsCpu || m_exitCode != 0) return false;
    m_screenshotAt.reset();
    m_quitAt = now + kScreenshotLingerMs;
    return true;
}

// The earliest moment something on screen changes without input.
TimeMs WindowApp::nextDeadline(TimeMs now) const {
    TimeMs deadline = m_match->nextWakeAt(now);
    if (m_match->info() == GameInfo::Play) {
        deadline = std::min(deadline, now + kClockRedrawMs - m_match->elapsedMs(now) % kClockRedrawMs);
    }
    for (const auto& at : {m_schedule.nextGameAt(), m_schedule.quitAt(), m_quitAt, m_screenshotAt}) {
        if (at) deadline = std::min(deadline, *at);
    }
    if (m_motion.litPile()) deadline = std::min(deadline, m_motion.litUntil());
    if (m_motion.note()) deadline = std::min(deadline, m_motion.note()->until);
    return std::max(deadline, now + 1);
}

void WindowApp::handleEvent(const sf::Event& event, TimeMs now) {
    // M mutes wherever the keys go (the table, the start screen, a dialog) but into a text
    // field, where it is a letter.
    if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::M && !event.key.control &&
        !event.key.alt && !m_overlay->typing()) {
        toggleSound("key M");
        return;
    }
    if (event.type == sf::Event::KeyPressed && event.key.code == sf::Keyboard::F11 && !m_overlay->typing()) {
        toggleFullscreen("key F11", now);
        return;
    }
    if (m_overlay->takes(event, now, m_input.drag().phase() != DragPhase::Idle)) return; // a menu's or dialog's
    switch (event.type) {
    case sf::Event::Closed: m_window.close(); break;
    case sf::Event::Resized: relayout(); break;
    case sf::Event::LostFocus: m_input.letGo(); m_dirty = true; break;
    case sf::Event::GainedFocus: m_dirty = true; break;
    case sf::Event::MouseButtonPressed:
        if (event.mouseButton.button != sf::Mouse::Left) break;
        if (gameFinished(m_match->info())) command(ui::UiAction::NextGame, now, "click");
        else if (m_input.press(*m_match, pointOf(event.mouseButton.x, event.mouseButton.y), now)) m_dirty = true;
        break;
    case sf::Event::MouseButtonReleased:
        if (event.mouseButton.button != sf::Mouse::Left) break;
        if (m_input.release(*m_match, pointOf(event.mouseButton.x, event.mouseButton.y), now)) m_dirty = true;
        break;
    case sf::Event::MouseMoved: {
        // While a card is dragged it follows the pointer (a motion frame); the drag's start
        // takes it from its place (a full one).
        const bool dragging = m_input.drag().phase() == DragPhase::Dragging;
        if (m_input.move(pointOf(event.mouseMove.x, event.mouseMove.y))) (dragging ? m_pointerMoved : m_dirty) = true;
        break;
    }
    case sf::Event::KeyPressed:
        m_dirty = true;
        if (!m_overlay->key(event.key) && !matchKey(event.key.code, now)) m_input.key(*m_match, event.key.code, now);
        break;
    default: break;
    }
}

// The match's own keys: N next game, P pause or resume, R connect again after the match ended.
bool WindowApp::matchKey(sf::Keyboard::Key key, TimeMs now) {
    switch (key) {
    case sf::Keyboard::N: command(ui::UiAction::NextGame, now, "key N"); return true;
    case sf::Keyboard::P: command(ui::UiAction::TogglePause, now, "key P"); return true;
    case sf::Keyboard::Escape: // waiting for the other player: the wait panel's Cancel
        if (!waitingForPlayer(*m_match)) return false;
        spdlog::info("key Esc: back to the start screen");
        showStartScreen({}, true);
        return true;
    case sf::Keyboard::C: // ... and its Play vs CPU instead
        if (!waitingForPlayer(*m_match)) return false;
        spdlog::info("key C: playing the CPU instead");
        playVsCpu(m_options.cpuLevel, now);
        return true;
    case sf::Keyboard::R:
        retryNetwork(now);
        return true;
    default: return false;
    }
}

// Next game or pause, however it was asked for (a key, a click, the menu, the schedule).
void WindowApp::command(ui::UiAction action, TimeMs now, const char* source) {
    const ui::MatchCommandOutcome outcome = ui::applyMatchCommand(*m_match, {action}, now);
    spdlog::info("{}: {}", source, outcome.text);
    if (!outcome.applied) return;
    m_dirty = true;
    if (action != ui::UiAction::NextGame) return;
    m_motion.clear();
    logTable(*m_match, m_options.dumpLayout);
}

void WindowApp::showApplied(const std::vector<AppliedMove>& applied, TimeMs now) {
    for (const AppliedMove& record : applied) {
        m_motion.showMove(record.before, record.after, record.move, m_layout, now);
        const char* who = record.move.kind == MoveKind::Flip ? "table" : record.move.seat == m_match->localSeat() ? "you"
                         : m_options.vsCpu ? "cpu" : "opponent";
        spdlog::info("applied ({}): {} | table: {}", who, describe(record.move), tableSummary(record.after));
        if (record.move.kind == MoveKind::Flip) {
            hear(sound::TableSound::SpeedFlip, now);
        } else if (record.move.seat != m_match->localSeat()) {
            hear(record.move.kind == MoveKind::Refill ? sound::TableSound::OpponentRefilled : sound::TableSound::OpponentPlayed, now);
        } else if (m_options.localBot) { // the player's own moves are heard as they are made, but the bot's come from here
            hear(record.move.kind == MoveKind::Refill ? sound::TableSound::Refilled : sound::TableSound::Placed, now);
        }
        const ui::GameEventKind kind = record.move.kind == MoveKind::Flip                   ? ui::GameEventKind::Table
                                       : record.move.seat == m_match->localSeat() ? ui::GameEventKind::Play
                                                                                   : ui::GameEventKind::OpponentPlay;
        m_overlay->addGameEvent(now, kind, moveWords(record.move, record.before, record.after, m_match->localSeat(), opponentName()));
        const NetworkView* network = m_match->network();
        if (network != nullptr && record.move.kind != MoveKind::Flip && record.move.seat != m_match->localSeat() &&
            m_remoteMoveNewsNs == 0) {
            m_remoteMoveNewsNs = network->lastNewsNs();
        }
        m_input.dropStale(*m_match);
        m_dirty = true;
    }
    if (!applied.empty()) logTable(*m_match, m_options.dumpLayout);
}

// The host refused a move that was already shown: it slides back from the pile.
void WindowApp::showRefusedByHost(TimeMs now) {
    NetworkView* network = m_match->network();
    if (network == nullptr) return;
    for (const RefusedMove& refused : network->takeRefusedMoves()) {
        const Move& move = refused.move;
        spdlog::info("taken back: {} | table: {}", describe(move), tableSummary(m_match->state()));
        m_motion.refusedByHost(move, m_layout, now);
        m_motion.say(Place::handSlot(move.seat, move.slot),
                     refused.raceLeadUs ? raceWords(*refused.raceLeadUs, opponentName()) : hostRefusalWords(refused.why), now);
        hear(sound::TableSound::Refused, now);
        m_dirty = true;
    }
}

// What changes besides the cards: the table's shape (a network match knows the seat and the
// rules once connected), a lit pile going dark, the status texts (redrawn when they change), and
// the end of a network match, which ends a scripted run (--games).
void WindowApp::followMatch(TimeMs now) {
    const int seat = m_match->localSeat();
    const auto handSize = static_cast<std::size_t>(m_match->state().rules.handSize);
    const bool localAtBottom = m_layout.deck[static_cast<std::size_t>(seat)].top >= m_layout.deck[static_cast<std::size_t>(1 - seat)].top;
    if (m_layout.hand[0].size() != handSize || !localAtBottom) relayout();
    for (const TableNote& note : m_motion.takeSaid()) { // the table's and the host's refusals alike
        spdlog::info("note beside slot {}: {}", note.at.index, note.text);
        m_overlay->addGameEvent(now, ui::GameEventKind::Refusal, trf("window.log.not_played", note.text));
    }
    const bool noteGone = m_motion.note() && now >= m_motion.note()->until;
    if ((m_motion.litPile() && now >= m_motion.litUntil()) || noteGone) {
        m_motion.prune(now);
        m_dirty = true;
    }
    const NetworkView* network = m_match->network();
    if (network == nullptr) return;
    // Where the players' choice of a rematch stands, logged as it changes.
    const std::string rematch = rematchOffered(*m_match) ? rematchHint(network->nextGameAsks(), network->opponentName()) : "";
    if (rematch != m_shownRematch) {
        if (!rematch.empty()) spdlog::info("rematch: {}", rematch);
        m_shownRematch = rematch;
        m_dirty = true;
    }
    const MatchNotice notice = network->notice(now);
    std::string status = network->statusDetail(now) + '|' + notice.headline + '|' + notice.detail + '|' + network->opponentName();
    if (status != m_shownStatus) {
        // Logged when the banner changes, not with each second of its countdown.
        if (!notice.headline.empty() && notice.headline != m_shownNotice.headline) {
            spdlog::info("banner: {}: {}", notice.headline, notice.detail);
            m_overlay->addGameEvent(now, ui::GameEventKind::Connection,
                                    notice.reason.empty() ? notice.headline : trf("window.log.notice_reason", notice.headline, notice.reason));
        } else if (notice.headline.empty() && m_shownNotice.peerSilent) {
            m_overlay->addGameEvent(now, ui::GameEventKind::Connection, trf("window.log.peer_back", opponentName()));
        }
        m_shownNotice = notice;
        m_shownStatus = std::move(status);
        m_dirty = true;
    }
    if (m_options.games > 0 && network->matchEnded() && !m_quitAt) m_quitAt = now + kLastFrameMs;
    // Until the player chooses (another game, or R) the screen stays: only those hide it.
    if (m_options.games == 0 && network->matchEnded() && !m_overlay->startScreenShown()) {
        showStartScreen(notice.detail.empty() ? notice.headline : notice.detail, false);
    }
}

void WindowApp::followGames(TimeMs now) {
    for (const GameRecord& game : m_schedule.follow(m_match->finishedGames(), now)) {
        spdlog::info("game {} over: {} in {} ({} moves, {} SPEED! flips) | table: {}", game.number,
                     gameInfoName(game.info), formatClock(game.durationMs), game.moves, game.flips,
                     tableSummary(m_match->state()));
        const char* result = game.info == GameInfo::Win      ? "window.log.game_won"
                             : game.info == GameInfo::Defeat ? "window.log.game_lost"
                                                             : "window.log.game_drawn";
        hear(game.info == GameInfo::Win      ? sound::TableSound::Won
             : game.info == GameInfo::Defeat ? sound::TableSound::Lost
                                             : sound::TableSound::Drawn,
             now);
        m_overlay->addGameEvent(now, ui::GameEventKind::Result,
                                trf(result, game.number, formatClock(game.durationMs)));
        recordStatistics(game, now);
        m_input.cancel();
        m_dirty = true;
    }
    // Offline only: over the network the next game is a rematch, asked by the player (N, the
    // panel) or, in a scripted match, by the session itself (NetworkDriver::choosesRematchItself).
    if (m_schedule.nextGameDue(now) && m_match->network() == nullptr) command(ui::UiAction::NextGame, now, "next game");
}

// The game goes into the statistics; a file that cannot take it is said once in the game log.
void WindowApp::recordStatistics(const GameRecord& game, TimeMs now) {
    const auto wallMs = std::chrono::duration_cast<std::chrono::milliseconds>(
        std::chrono::system_clock::now().time_since_epoch());
    const ShownOpponent shown = opponentOf(*m_match, m_options);
    const GameOpponent opponent{shown.network ? store::OpponentKind::Network : store::OpponentKind::Cpu, shown.name,
                                shown.level};
    m_stats.record(finishedGameOf(game, m_match->state().rules, m_match->localSeat(), opponent, wallMs.count()));
    if (auto problem = m_stats.takeNewProblem()) m_overlay->addGameEvent(now, ui::GameEventKind::Connection, *problem);
}

std::string WindowApp::opponentName() const {
    if (const NetworkView* network = m_match->network()) return network->opponentName();
    // Against a ladder level the game log names its bot ("Sora plays H5").
    if (const auto* local = dynamic_cast<const LocalMatch*>(m_match.get());
        local && local->setup().cpuMoves && isLadderLevel(local->setup().cpuLevel)) {
        return botNameWords(local->setup().cpuLevel);
    }
    return tr("bot.max");
}

TableScene WindowApp::scene(TimeMs now) const { return sceneOf(*m_match, m_input, m_motion, m_options, now); }

ui::OverlayFrame WindowApp::overlayFrame() const {
    ui::OverlayFrame frame = m_overlay->frame(*m_match, m_layout);
    frame.soundOn = !m_sound.muted();
    frame.soundHeard = m_sound.heard();
    frame.fullscreen = m_fullscreen;
    return frame;
}

// What the table did this turn, heard: the player's hands, the deal of a new game, and what
// showApplied and followGames noted; each effect at most once per SoundCues::kMinGapMs.
void WindowApp::followSound(TimeMs now) {
    for (sound::TableSound event : m_input.takeSounds()) hear(event, now);
    if (m_match->hasTable() && m_match->info() == GameInfo::Play && m_match->gameNumber() != m_dealtGame) {
        m_dealtGame = m_match->gameNumber();
        hear(sound::TableSound::Dealt, now);
    }
    m_sound.play(m_cues.take());
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
    m_options.soundOn = !m_sound.muted();
    spdlog::info("{}: sound {}{}", source, m_sound.muted() ? "off" : "on", m_sound.heard() ? "" : " (no audio device)");
    m_dirty = true;
}

void WindowApp::applyUiCommands(TimeMs now) {
    if (NetworkView* network = m_match->network()) m_overlay->appendWireLog(network->takeWireLog());
    for (const ui::UiCommand& command : m_overlay->takeCommands()) {
        m_dirty = true;
        switch (command.action) {
        case ui::UiAction::NextGame:
        case ui::UiAction::TogglePause: this->command(command.action, now, "menu"); break;
        case ui::UiAction::PlayVsCpu: playVsCpu(command.level, now); break;
        case ui::UiAction::Quit: spdlog::info("menu: quit"); m_quitAt = now; break;
        case ui::UiAction::LogPaneToggled:
            spdlog::info("game log {}", m_overlay->logShown() ? "shown" : "hidden");
            relayout();
            break;
        case ui::UiAction::PlayVsCpuInstead: playVsCpu(m_options.cpuLevel, now); break;
        case ui::UiAction::Retry: retryNetwork(now); break;
        case ui::UiAction::ToggleSound: toggleSound("menu"); break;
        case ui::UiAction::ToggleFullscreen: toggleFullscreen("menu", now); break;
        case ui::UiAction::HostGame: playNetwork(std::nullopt, now); break;
        case ui::UiAction::JoinGame: playNetwork(command.address, now); break;
        case ui::UiAction::LeaveToStart:
            spdlog::info("menu: back to the start screen");
            showStartScreen({}, true);
            break;
        case ui::UiAction::SettingsSaved:
            adoptSavedSettings(*command.settings, m_options, m_match->network());
            m_options.soundOn = command.settings->player.sound;
            m_options.soundVolume = command.settings->player.volume;
            m_sound.setMuted(!m_options.soundOn);
            m_sound.setVolume(m_options.soundVolume);
            if (command.settings->player.language != m_options.language) {
                m_options.language = command.settings->player.language;
                applyLanguage(m_options.language, m_japaneseFont);
                m_shownStatus.clear(); // the banner's words, logged again in the new language
                relayout();
            }
            if (command.settings->player.uiScalePercent != m_options.uiScalePercent) {
                m_options.uiScalePercent = command.settings->player.uiScalePercent;
                relayout();
            }
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
    setup.seed = m_match->gameSeed() != 0 ? m_match->gameSeed() + 1 : m_options.seed.value_or(freshSeed());
    setup.cpuLevel = level;
    setup.localBot = m_options.localBot;
    replaceMatch(std::make_unique<LocalMatch>(setup, now));
    m_options.vsCpu = true;
    m_options.cpuLevel = level;
    m_options.cpuIdle = false;
    spdlog::info("menu: playing vs CPU {} offline, seed {}", toString(level), setup.seed);
    logTable(*m_match, m_options.dumpLayout);
}

// Host (no peer) or join `peer`, from the start screen: the same connection as `speed` makes
// from setup.ini, with the settings in force.
void WindowApp::playNetwork(const std::optional<std::string>& peer, TimeMs now) {
    ClientOptions options = m_options;
    options.network.peer = peer.value_or("");
    options.network.joinOnly = peer.has_value();
    NetworkSetup setup;
    if (const auto problem = networkSetupFor(options, m_options.seed.value_or(freshSeed()), setup)) {
        showStartScreen(*problem, false);
        return;
    }
    if (peer) rememberPeer(*peer);
    auto driver = std::make_unique<NetworkDriver>(std::move(setup), now);
    m_options.network = options.network;
    m_options.vsCpu = false;
    spdlog::info("start screen: {}", peer ? "joining " + *peer : std::string("hosting"));
    replaceMatch(std::move(driver));
}

// R, or "Connect again": the ended network match connects as it did before.
void WindowApp::retryNetwork(TimeMs now) {
    NetworkView* network = m_match->network();
    if (network == nullptr || !network->retry(now)) return;
    m_motion.clear();
    m_overlay->hideStartScreen();
    m_dirty = true;
}

// The address joined becomes setup.ini's peer, so the next start offers it again.
void WindowApp::rememberPeer(const std::string& peer) {
    SettingsResult loaded = loadSettings(m_options.configPath);
    if (!loaded.settings) {
        spdlog::warn("{} is not rewritten (it has a problem): the address is not remembered", m_options.configPath);
        return;
    }
    if (loaded.settings->network.peer == peer) return;
    loaded.settings->network.peer = peer;
    if (const SaveResult saved = saveSettings(m_options.configPath, *loaded.settings); !saved.error.empty()) {
        spdlog::warn("the address is not remembered: {}", saved.error);
        return;
    }
    spdlog::info("peer = {} saved to {}", peer, m_options.configPath);
}

// No game runs: the start screen, over the table as the last match left it, or over an empty
// table when `replaceMatch` (the waiting was cancelled).
void WindowApp::showStartScreen(std::string reason, bool replace) {
    if (replace) replaceMatch(std::make_unique<NoMatch>(m_options.rules));
    const Settings settings = loadSettings(m_options.configPath).settings.value_or(Settings{});
    ui::StartScreenFacts facts;
    facts.reason = std::move(reason);
    facts.peer = m_options.network.joinOnly ? m_options.network.peer : settings.network.peer;
    facts.port = m_options.network.port;
    facts.cpuLevel = m_options.cpuLevel;
    facts.addresses = lanAddresses();
    const NetworkView* network = m_match->network();
    facts.canRetry = !replace && network != nullptr && network->matchEnded();
    m_overlay->showStartScreen(std::move(facts));
    m_dirty = true;
}

void WindowApp::replaceMatch(std::unique_ptr<MatchDriver> match) {
    m_match->close();
    m_match = std::move(match);
    m_overlay->hideStartScreen();
    m_shownStatus.clear();
    m_shownNotice = {};
    m_quitAt.reset();
    m_dealtGame = 0;
    m_schedule.restart();
    m_input.cancel();
    m_motion.clear();
    relayout();
}

ResultSummary WindowApp::results() const {
    return ResultSummary{m_options.games, m_match->firstSeed(), "vs-cpu", m_match->finishedGames()};
}

} // namespace speed::client
