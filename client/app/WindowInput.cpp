// The window's input: mouse gestures and keys become engine moves (or nothing), and every
// applied or refused move is logged with the table, so tests can follow the game from the log.
#include "app/WindowApp.hpp"

#include "table/LegalTargets.hpp"
#include "table/TableText.hpp"

#include <spdlog/spdlog.h>

namespace speed::client {
namespace {

Point pointOf(int x, int y) { return {static_cast<float>(x), static_cast<float>(y)}; }

std::optional<int> slotForKey(sf::Keyboard::Key key) {
    if (key >= sf::Keyboard::Num1 && key <= sf::Keyboard::Num8) return static_cast<int>(key - sf::Keyboard::Num1);
    if (key >= sf::Keyboard::Numpad1 && key <= sf::Keyboard::Numpad8) return static_cast<int>(key - sf::Keyboard::Numpad1);
    return std::nullopt;
}

} // namespace

void WindowApp::handleEvent(const sf::Event& event, TimeMs now) {
    if (overlayTakes(event, now)) return; // over a menu or dialog, or typed into one
    switch (event.type) {
    case sf::Event::Closed: m_window.close(); break;
    case sf::Event::Resized: relayout(event.size.width, event.size.height); break;
    case sf::Event::LostFocus: m_drag.cancel(); m_dirty = true; break;
    case sf::Event::GainedFocus: m_dirty = true; break;
    case sf::Event::MouseButtonPressed:
        if (event.mouseButton.button == sf::Mouse::Left) onPress(pointOf(event.mouseButton.x, event.mouseButton.y), now);
        break;
    case sf::Event::MouseButtonReleased:
        if (event.mouseButton.button == sf::Mouse::Left) onRelease(pointOf(event.mouseButton.x, event.mouseButton.y), now);
        break;
    case sf::Event::MouseMoved:
        if (m_drag.move(pointOf(event.mouseMove.x, event.mouseMove.y))) m_dirty = true;
        break;
    case sf::Event::KeyPressed:
        if (!onUiKey(event.key)) onKey(event.key.code, now);
        break;
    default: break;
    }
}

void WindowApp::onPress(Point pointer, TimeMs now) {
    if (gameFinished(m_match->info())) {
        if (m_match->startNextGame(now)) {
            spdlog::info("game {} starts, seed {}", m_match->gameNumber(), m_match->gameSeed());
            m_timeline.clear();
            logTableChange();
            m_dirty = true;
        }
        return;
    }
    if (!localInputAllowed()) return;
    const int seat = m_match->localSeat();
    const auto hit = hitTest(m_layout, pointer);
    if (!hit) return;
    if (canPickUp(m_match->state(), seat, *hit)) {
        m_drag.press(*hit, rectOf(m_layout, *hit), pointer);
        m_selectedSlot.reset();
        m_dirty = true;
    } else if (hit->kind == PlaceKind::HandSlot && hit->seat == seat) { // click on an empty slot: refill it
        commitMove(Move::refill(seat, hit->index), std::nullopt, now);
    }
}

void WindowApp::onRelease(Point pointer, TimeMs now) {
    const Release release = m_drag.release(pointer, hitTest(m_layout, pointer, m_layout.cardWidthPx * 0.15f));
    if (release.kind == ReleaseKind::None) return;
    m_dirty = true;
    const int seat = m_match->localSeat();
    if (!localInputAllowed() || !canPickUp(m_match->state(), seat, release.source)) return;
    if (release.kind == ReleaseKind::Click) {
        const auto target = clickTarget(m_match->state(), seat, release.source);
        if (!target) {
            nudge(release.source, now);
            spdlog::info("click: nothing to do with {} | table unchanged: {}",
                         release.source.kind == PlaceKind::Deck ? "the deck" : "slot " + std::to_string(release.source.index),
                         tableSummary(m_match->state()));
            return;
        }
        commitMove(*moveFor(m_match->state(), seat, release.source, *target), std::nullopt, now);
        return;
    }
    const auto move = release.target ? moveFor(m_match->state(), seat, release.source, *release.target) : std::nullopt;
    if (!move) {
        spdlog::info("drop: not on a target, the card returns | table unchanged: {}", tableSummary(m_match->state()));
        slideHome(release.source, release.cardRect, now);
        return;
    }
    if (!commitMove(*move, FlightStart{release.cardRect, kDropLandMs}, now)) slideHome(release.source, release.cardRect, now);
}

void WindowApp::onKey(sf::Keyboard::Key key, TimeMs now) {
    m_dirty = true;
    if (key == sf::Keyboard::N) {
        if (m_match->startNextGame(now)) {
            spdlog::info("game {} starts, seed {}", m_match->gameNumber(), m_match->gameSeed());
            m_timeline.clear();
            logTableChange();
        } else {
            spdlog::info("next game refused: {} is not over", gameInfoName(m_match->info()));
        }
        return;
    }
    if (key == sf::Keyboard::P) {
        const GameInfo before = m_match->info();
        if (m_match->togglePause(now)) spdlog::info("state {} -> {}", gameInfoName(before), gameInfoName(m_match->info()));
        else spdlog::info("pause refused in state {}", gameInfoName(before));
        return;
    }
    if (key == sf::Keyboard::R) {
        if (NetworkView* network = m_match->network(); network != nullptr && network->retry(now)) m_timeline.clear();
        return;
    }
    if (key == sf::Keyboard::Escape) {
        m_drag.cancel();
        m_selectedSlot.reset();
        return;
    }
    if (!localInputAllowed()) return;
    if (const auto slot = slotForKey(key); slot && *slot < m_match->state().rules.handSize) {
        const bool occupied = m_match->state().player(m_match->localSeat()).hand[static_cast<std::size_t>(*slot)].has_value();
        m_selectedSlot = occupied && m_selectedSlot != slot ? slot : std::nullopt;
        return;
    }
    const bool pileZeroOnLeft = m_layout.pile[0].left < m_layout.pile[1].left;
    switch (key) {
    case sf::Keyboard::Left: playSelected(pileZeroOnLeft ? 0 : 1, now); break;
    case sf::Keyboard::Right: playSelected(pileZeroOnLeft ? 1 : 0, now); break;
    case sf::Keyboard::Up: case sf::Keyboard::Enter: playSelected(std::nullopt, now); break;
    case sf::Keyboard::D: case sf::Keyboard::Down: case sf::Keyboard::Space: refillFirstEmpty(now); break;
    default: break;
    }
}

// Plays the selected card on `pile`, or on the first legal pile when none is given.
void WindowApp::playSelected(std::optional<int> pile, TimeMs now) {
    if (!m_selectedSlot) return;
    const int seat = m_match->localSeat();
    const Place source = Place::handSlot(seat, *m_selectedSlot);
    if (!pile) {
        const auto target = clickTarget(m_match->state(), seat, source);
        if (!target) return;
        pile = target->index;
    }
    const auto move = moveFor(m_match->state(), seat, source, Place::pile(*pile));
    if (move && commitMove(*move, std::nullopt, now)) m_selectedSlot.reset();
    else nudge(source, now);
}

void WindowApp::refillFirstEmpty(TimeMs now) {
    const int seat = m_match->localSeat();
    const auto target = clickTarget(m_match->state(), seat, Place::deck(seat));
    if (target) commitMove(Move::refill(seat, target->index), std::nullopt, now);
}

bool WindowApp::commitMove(const Move& move, std::optional<FlightStart> start, TimeMs now) {
    const GameState before = m_match->state();
    const MoveAnswer answer = m_match->propose(move, now);
    m_dirty = true;
    if (!answer.accepted()) {
        spdlog::info("refused: {}: {} | table unchanged: {}", describe(move),
                     answer.held ? "earlier moves still wait for the host" : describe(answer.play), tableSummary(m_match->state()));
        return false;
    }
    for (const CardFlight& flight : flightsForMove(before, m_match->state(), move, m_layout, now, start)) m_timeline.add(flight);
    spdlog::info("applied (you): {} | table: {}", describe(move), tableSummary(m_match->state()));
    logTableChange();
    return true;
}

// "No": the card jumps a little to the side and slides back.
void WindowApp::nudge(const Place& source, TimeMs now) {
    const Rect home = rectOf(m_layout, source);
    slideHome(source, home.movedTo({home.left + home.width * 0.12f, home.top}), now, kRefusedNudgeMs);
}

void WindowApp::slideHome(const Place& source, const Rect& from, TimeMs now, TimeMs durationMs) {
    const GameState& state = m_match->state();
    if (source.kind == PlaceKind::HandSlot) {
        const auto& card = state.player(source.seat).hand[static_cast<std::size_t>(source.index)];
        if (card) m_timeline.add({*card, true, from, source, now, durationMs});
    } else if (!state.player(source.seat).deck.empty()) {
        m_timeline.add({state.player(source.seat).deck.top(), false, from, source, now, durationMs});
    }
}

// The host refused a move that was already shown: the card slides from the pile back to its
// slot, and the pile (where the other side got there first) is lit for a moment.
void WindowApp::showRefusedByHost(TimeMs now) {
    NetworkView* network = m_match->network();
    if (network == nullptr) return;
    for (const Move& move : network->takeRefusedMoves()) {
        spdlog::info("taken back: {} | table: {}", describe(move), tableSummary(m_match->state()));
        m_dirty = true;
        if (move.kind != MoveKind::Play) continue;
        const Place home = Place::handSlot(move.seat, move.slot);
        m_timeline.add({move.card, true, rectOf(m_layout, Place::pile(move.pile)), home, now, kHostRefusedSlideMs});
        m_flashPile = move.pile;
        m_flashUntil = now + kHostRefusedFlashMs;
    }
}

void WindowApp::showApplied(const std::vector<AppliedMove>& applied, TimeMs now) {
    for (const AppliedMove& record : applied) {
        for (const CardFlight& flight : flightsForMove(record.before, record.after, record.move, m_layout, now)) {
            m_timeline.add(flight);
        }
        const char* who = record.move.kind == MoveKind::Flip ? "table" : record.move.seat == m_match->localSeat() ? "you"
                         : m_options.vsCpu ? "cpu" : "opponent";
        spdlog::info("applied ({}): {} | table: {}", who, describe(record.move), tableSummary(record.after));
        if (m_drag.phase() != DragPhase::Idle && !canPickUp(m_match->state(), m_match->localSeat(), m_drag.source())) m_drag.cancel();
        m_dirty = true;
    }
    if (!applied.empty()) logTableChange();
}

} // namespace speed::client
