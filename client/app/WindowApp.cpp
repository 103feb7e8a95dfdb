#include "app/WindowApp.hpp"

#include "table/LegalTargets.hpp"
#include "table/TableText.hpp"
#include "ui/UiOverlay.hpp"

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/Graphics/Sprite.hpp>
#include <SFML/System/Sleep.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

namespace speed::client {
namespace {

std::string rectText(const Rect& rect) {
    return fmt::format("{} {} {} {}", std::lround(rect.left), std::lround(rect.top), std::lround(rect.width),
                       std::lround(rect.height));
}

} // namespace

WindowApp::WindowApp(const ClientOptions& options, const Fonts& fonts, std::unique_ptr<MatchDriver> match)
    : m_options(options),
      m_fonts(fonts),
      m_window(sf::VideoMode(options.widthPx, options.heightPx), "Speed", sf::Style::Default),
      m_art(fonts),
      m_renderer(fonts, m_art),
      m_match(std::move(match)) {
    m_window.setVerticalSyncEnabled(false); // we pace ourselves: Xvfb has no vsync anyway
    m_window.setKeyRepeatEnabled(false);
    m_clock.restart();
    if (!options.screenshotPath.empty()) {
        m_screenshotAt = static_cast<TimeMs>(std::llround(options.screenshotAfterSeconds * 1000));
    }
    createOverlay();
    const sf::Vector2u size = m_window.getSize();
    relayout(size.x, size.y);
}

void WindowApp::relayout(unsigned widthPx, unsigned heightPx) {
    const float width = static_cast<float>(widthPx);
    const float height = static_cast<float>(heightPx);
    m_window.setView(sf::View(sf::FloatRect(0, 0, width, height)));
    m_layout = computeLayout(width, height, layoutOptions(width));
    if (!m_art.build(m_layout.cardWidthPx)) spdlog::error("cannot create the card art texture");
    m_drag.cancel();
    m_dirty = true;
    if (m_options.dumpLayout) logLayout();
}

int WindowApp::run() {
    render(m_window, nowMs());
    drawOverlay(nowMs());
    m_window.display();
    if (m_options.vsCpu) {
        spdlog::info("window ready {}x{} seed {} vs CPU {}", m_window.getSize().x, m_window.getSize().y,
                     m_match->gameSeed(), m_options.cpuIdle ? "idle" : toString(m_options.cpuLevel));
    } else {
        spdlog::info("window ready {}x{} network play", m_window.getSize().x, m_window.getSize().y);
    }
    logTableChange();
    while (m_window.isOpen()) {
        const TimeMs frameStart = nowMs();
        sf::Event event;
        while (m_window.pollEvent(event)) {
            m_lastInputAt = frameStart;
            handleEvent(event, frameStart);
        }
        if (!m_window.isOpen()) break;
        const TimeMs now = nowMs();
        applyUiCommands(now);
        showApplied(m_match->tick(now), now);
        showRefusedByHost(now);
        followMatch(now);
        followGames(now);
        if (m_quitAt && now >= *m_quitAt) break;
        if (m_screenshotAt && now >= *m_screenshotAt) {
            if (!saveScreenshot(now)) m_exitCode = 1;
            if (m_options.vsCpu || m_exitCode != 0) break;
            // Over the network the other window may be about to take its own shot: leaving
            // now would change its table (our SHUTDOWN), so stay connected a little longer.
            m_screenshotAt.reset();
            m_quitAt = now + kScreenshotLingerMs;
        }
        const bool moving = m_timeline.busy(now) || m_drag.phase() == DragPhase::Dragging;
        const TimeMs second = m_match->elapsedMs(now) / kClockRedrawMs;
        const bool bannerChanged = m_match->speedCalled() != m_shownSpeedCall || m_match->info() != m_shownInfo;
        const bool calm = !moving && !m_wasMoving && !bannerChanged && !m_match->speedCalled();
        const bool uiFrameDue = m_overlay->frameDue(now); // a dialog open, or input for ImGui
        if (!m_dirty && calm && (second != m_shownSecond || uiFrameDue)) {
            renderClockTick(now);
            m_shownSecond = second;
        } else if (m_dirty || !calm || second != m_shownSecond) {
            render(m_window, now);
            drawOverlay(now);
            m_window.display();
            m_tableLayerValid = false;
            spdlog::trace("frame drawn in {} ms", nowMs() - now);
            m_shownSecond = second;
            m_shownSpeedCall = m_match->speedCalled();
            m_shownInfo = m_match->info();
            m_dirty = false;
        }
        m_wasMoving = moving;
        m_timeline.prune(now);
        // During play every key counts; waiting, paused or between games, the window may doze.
        const bool dozing = m_match->info() != GameInfo::Play && now - m_lastInputAt > kCalmAfterMs;
        const TimeMs poll = dozing ? kCalmPollMs : kIdlePollMs;
        const TimeMs wake = moving ? frameStart + kAnimationFrameMs
                                   : std::min({nextDeadline(now), now + poll, m_overlay->nextFrameAt(now)});
        const TimeMs waitMs = std::max<TimeMs>(1, wake - nowMs());
        NetworkView* network = m_match->network();
        if (network == nullptr || !network->waitForNetwork(waitMs)) sf::sleep(sf::milliseconds(static_cast<sf::Int32>(waitMs)));
    }
    m_window.close();
    m_match->close(); // a network match says goodbye (SHUTDOWN) after the window is gone
    return m_exitCode;
}

// The earliest moment something on screen changes without input.
TimeMs WindowApp::nextDeadline(TimeMs now) const {
    TimeMs deadline = m_match->nextWakeAt(now);
    if (m_match->info() == GameInfo::Play) {
        deadline = std::min(deadline, now + kClockRedrawMs - m_match->elapsedMs(now) % kClockRedrawMs);
    }
    for (const auto& at : {m_nextGameAt, m_quitAt, m_screenshotAt}) {
        if (at) deadline = std::min(deadline, *at);
    }
    if (m_flashPile) deadline = std::min(deadline, m_flashUntil);
    return std::max(deadline, now + 1);
}

void WindowApp::followGames(TimeMs now) {
    const auto& finished = m_match->finishedGames();
    while (m_gamesReported < finished.size()) {
        const GameRecord& game = finished[m_gamesReported++];
        spdlog::info("game {} over: {} in {} ({} moves, {} SPEED! flips) | table: {}", game.number,
                     gameInfoName(game.info), formatClock(game.durationMs), game.moves, game.flips,
                     tableSummary(m_match->state()));
        m_drag.cancel();
        m_selectedSlot.reset();
        m_dirty = true;
        if (m_options.games > 0 && static_cast<int>(finished.size()) >= m_options.games) {
            m_quitAt = now + kLastFrameMs;
        } else if (m_options.localBot || m_options.games > 0) {
            m_nextGameAt = now + kBotNextGameDelayMs;
        }
    }
    if (m_nextGameAt && now >= *m_nextGameAt) {
        m_nextGameAt.reset();
        if (m_match->startNextGame(now)) {
            spdlog::info("game {} starts, seed {}", m_match->gameNumber(), m_match->gameSeed());
            m_timeline.clear();
            logTableChange();
        }
    }
}

// What a network match changes besides the cards: the table's shape (the seat and the rules
// are known once connected), the status texts (redrawn when they change), and the end of the
// match, which ends a scripted run (--games).
void WindowApp::followMatch(TimeMs now) {
    const int seat = m_match->localSeat();
    const auto handSize = static_cast<std::size_t>(m_match->state().rules.handSize);
    const bool localAtBottom = m_layout.deck[static_cast<std::size_t>(seat)].top >= m_layout.deck[static_cast<std::size_t>(1 - seat)].top;
    if (m_layout.hand[0].size() != handSize || !localAtBottom) {
        const sf::Vector2u size = m_window.getSize();
        relayout(size.x, size.y);
    }
    if (m_flashPile && now >= m_flashUntil) {
        m_flashPile.reset();
        m_dirty = true;
    }
    const NetworkView* network = m_match->network();
    if (network == nullptr) return;
    const MatchNotice notice = network->notice(now);
    std::string status = network->statusDetail(now) + '|' + notice.headline + '|' + notice.detail + '|' + network->opponentName();
    if (status != m_shownStatus) {
        if (!notice.headline.empty()) spdlog::info("banner: {}: {}", notice.headline, notice.detail);
        m_shownStatus = std::move(status);
        m_dirty = true;
    }
    if (m_options.games > 0 && network->matchEnded() && !m_quitAt) m_quitAt = now + kLastFrameMs;
}

TableScene WindowApp::scene(TimeMs now) const {
    TableScene scene;
    scene.state = &m_match->state();
    scene.localSeat = m_match->localSeat();
    scene.info = m_match->info();
    scene.elapsedMs = m_match->elapsedMs(now);
    scene.now = now;
    scene.speedCalled = m_match->speedCalled();
    scene.localName = m_options.localBot ? "You (bot " + std::string(toString(*m_options.localBot)) + ")" : "You";
    scene.opponentName = "CPU \xC2\xB7 " + std::string(m_options.cpuIdle ? "idle" : toString(m_options.cpuLevel));
    scene.statusDetail = fmt::format("vs CPU   \xC2\xB7   game {}   \xC2\xB7   seed {}", m_match->gameNumber(), m_match->gameSeed());
    if (const NetworkView* network = m_match->network()) {
        scene.opponentName = network->opponentName();
        scene.statusDetail = network->statusDetail(now);
        scene.notice = network->notice(now);
        scene.clockLabel = network->clockLabel();
    }
    scene.drag = &m_drag;
    scene.timeline = &m_timeline;
    const int seat = m_match->localSeat();
    if (m_drag.phase() == DragPhase::Dragging) {
        scene.highlights = legalTargets(m_match->state(), seat, m_drag.source());
    } else if (m_selectedSlot) {
        scene.selected = Place::handSlot(seat, *m_selectedSlot);
        scene.highlights = legalTargets(m_match->state(), seat, *scene.selected);
    }
    if (m_flashPile && now < m_flashUntil) scene.highlights.push_back(Place::pile(*m_flashPile));
    return scene;
}

void WindowApp::render(sf::RenderTarget& target, TimeMs now) { m_renderer.draw(target, m_layout, scene(now)); }

// Only the clock changed: the table is drawn once into a texture, then each second costs one
// blit and a few glyphs (software GL under Xvfb makes a full redraw the dominant idle cost).
void WindowApp::renderClockTick(TimeMs now) {
    const sf::Vector2u size = m_window.getSize();
    if (m_tableLayer.getSize() != size && !m_tableLayer.create(size.x, size.y)) {
        render(m_window, now);
        drawOverlay(now);
        m_window.display();
        return;
    }
    const TableScene tableScene = scene(now);
    const bool layerRedrawn = !m_tableLayerValid;
    if (!m_tableLayerValid) {
        m_renderer.draw(m_tableLayer, m_layout, tableScene, false);
        m_tableLayer.display();
        m_tableLayerValid = true;
    }
    // With ImGui idle the menu bar and log pane are cached in a copy of the layer, too.
    const sf::Texture* withOverlay = m_overlay->tableWithOverlay(m_tableLayer.getTexture(), layerRedrawn, overlayFrame(), now, m_uiCommands);
    m_window.draw(sf::Sprite(withOverlay != nullptr ? *withOverlay : m_tableLayer.getTexture()));
    m_renderer.drawClock(m_window, m_layout, tableScene);
    if (withOverlay == nullptr) drawOverlay(now);
    m_window.display();
    spdlog::trace("clock tick drawn in {} ms", nowMs() - now);
}

// The frame as on screen, menus and dialogs included: drawn into the window's back buffer and
// copied out before display() (under Xvfb too: the back buffer is Mesa's own memory).
bool WindowApp::saveScreenshot(TimeMs now) {
    sf::Texture frame;
    const sf::Vector2u size = m_window.getSize();
    if (!frame.create(size.x, size.y)) {
        spdlog::error("screenshot: cannot create a {}x{} texture", size.x, size.y);
        return false;
    }
    render(m_window, now);
    drawOverlay(now);
    frame.update(m_window);
    if (!frame.copyToImage().saveToFile(m_options.screenshotPath)) {
        spdlog::error("screenshot: cannot write {}", m_options.screenshotPath);
        return false;
    }
    spdlog::info("screenshot saved to {} ({}x{})", m_options.screenshotPath, size.x, size.y);
    return true;
}

void WindowApp::logTableChange() {
    spdlog::debug("table: {}", tableSummary(m_match->state()));
    if (m_options.dumpLayout) spdlog::info("moves {} | table: {}", playOptions(m_match->state(), m_match->localSeat()),
                                           tableSummary(m_match->state()));
}

void WindowApp::logLayout() const {
    spdlog::info("layout window {} card {}x{}", rectText(m_layout.window), std::lround(m_layout.cardWidthPx),
                 std::lround(m_layout.cardHeightPx));
    for (int pile = 0; pile < kFieldPiles; ++pile) spdlog::info("layout pile {} {}", pile, rectText(m_layout.pile[static_cast<std::size_t>(pile)]));
    for (int seat = 0; seat < kSeats; ++seat) {
        spdlog::info("layout deck {} {}", seat, rectText(m_layout.deck[static_cast<std::size_t>(seat)]));
        const auto& slots = m_layout.hand[static_cast<std::size_t>(seat)];
        for (std::size_t slot = 0; slot < slots.size(); ++slot) spdlog::info("layout hand {} {} {}", seat, slot, rectText(slots[slot]));
    }
}

ResultSummary WindowApp::results() const {
    return ResultSummary{m_options.games, m_match->firstSeed(), "vs-cpu", m_match->finishedGames()};
}

bool WindowApp::localInputAllowed() const { return !m_options.localBot && m_match->info() == GameInfo::Play; }

} // namespace speed::client
