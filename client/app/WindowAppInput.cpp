// WindowApp's input: the window's events, the match's own keys, and the commands they give.
#include "app/WindowApp.hpp"

#include "ui/GameMenu.hpp"

#include <spdlog/spdlog.h>

namespace speed::client {
namespace {

Point pointOf(int x, int y) {
    return {static_cast<float>(x), static_cast<float>(y)};
}

} // namespace

void WindowApp::handleEvent(const sf::Event& event, TimeMs now) {
    // Whoever else takes the event, the window knows whether it has the keyboard: an offline
    // game waits while it does not.
    if (event.type == sf::Event::LostFocus && !m_focusLostAt) m_focusLostAt = now;
    if (event.type == sf::Event::GainedFocus) m_focusLostAt.reset();
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
    case sf::Event::Closed:
        m_window.close();
        break;
    case sf::Event::Resized:
        relayout();
        break;
    case sf::Event::LostFocus:
        m_input.letGo();
        m_dirty = true;
        break;
    case sf::Event::GainedFocus:
        m_dirty = true;
        break;
    case sf::Event::MouseButtonPressed:
        if (event.mouseButton.button != sf::Mouse::Left) break;
        if (m_layout.speaker.contains(pointOf(event.mouseButton.x, event.mouseButton.y))) {
            toggleSound("click on the speaker");
            break;
        }
        if (gameFinished(match().info())) {
            // A click on the felt deals the next game, but not one on the result panel: its
            // buttons are ImGui's, whose next frame takes the press.
            if (!m_overlay->covers(event.mouseButton.x, event.mouseButton.y)) command(ui::UiAction::NextGame, now, "click");
        }
        else if (m_input.press(match(), pointOf(event.mouseButton.x, event.mouseButton.y), now))
            m_dirty = true;
        break;
    case sf::Event::MouseButtonReleased:
        if (event.mouseButton.button != sf::Mouse::Left) break;
        if (m_input.release(match(), pointOf(event.mouseButton.x, event.mouseButton.y), now)) m_dirty = true;
        break;
    case sf::Event::MouseMoved: {
        // While a card is dragged it follows the pointer (a motion frame); the drag's start
        // takes it from its place (a full one).
        const bool dragging = m_input.drag().phase() == DragPhase::Dragging;
        // A card lifting under the pointer, or settling back, is a full frame too.
        if (m_input.move(match(), pointOf(event.mouseMove.x, event.mouseMove.y))) (dragging ? m_pointerMoved : m_dirty) = true;
        break;
    }
    case sf::Event::KeyPressed:
        m_dirty = true;
        if (!m_overlay->key(event.key) && !matchKey(event.key.code, now)) m_input.key(match(), event.key.code, now);
        break;
    default:
        break;
    }
}

// The match's own keys: N next game, P pause or resume, R connect again after the match ended;
// the lesson's Esc and the hint's I (lessonKey).
bool WindowApp::matchKey(sf::Keyboard::Key key, TimeMs now) {
    if (lessonKey(key, now)) return true;
    switch (key) {
    case sf::Keyboard::N:
        command(ui::UiAction::NextGame, now, "key N");
        return true;
    case sf::Keyboard::P:
        command(ui::UiAction::TogglePause, now, "key P");
        return true;
    case sf::Keyboard::Escape: // waiting for the other player: the wait panel's Cancel
        if (!waitingForPlayer(match())) return false;
        spdlog::info("key Esc: back to the start screen");
        follow(m_switch.leaveToStart());
        return true;
    case sf::Keyboard::C: // ... and its Play vs CPU instead
        if (!waitingForPlayer(match())) return false;
        spdlog::info("key C: playing the CPU instead");
        follow(m_switch.playVsCpu(m_options.cpuLevel, now));
        return true;
    case sf::Keyboard::R:
        follow(m_switch.retry(now));
        return true;
    default:
        return false;
    }
}

// Next game or pause, however it was asked for (a key, a click, the menu, the schedule).
void WindowApp::command(ui::UiAction action, TimeMs now, const char* source) {
    // Offline, P is the player's own pause, and play resumes after the count-in.
    if (action == ui::UiAction::TogglePause && readingPauses()) {
        const GameInfo info = match().info();
        const PauseStep step = m_reading.playerToggle(info == GameInfo::Play, info == GameInfo::Pause0, now);
        // Paused by the player now, even if the game already waited for the menu it came from.
        spdlog::info("{}: {}", source,
                     m_reading.playerPaused()   ? "paused"
                     : m_reading.countIn(now)   ? "resuming after the count-in"
                     : info == GameInfo::Pause0 ? "waits while something is open"
                                                : "no game to pause");
        stepPause(step, now);
        m_dirty = true;
        return;
    }
    const ui::MatchCommandOutcome outcome = ui::applyMatchCommand(match(), {action}, now);
    spdlog::info("{}: {}", source, outcome.text);
    if (!outcome.applied) return;
    m_dirty = true;
    if (action != ui::UiAction::NextGame) return;
    m_motion.clear();
    logTable(match(), m_options.dumpLayout);
}

} // namespace speed::client
