#include "app/TableInput.hpp"

#include "app/HotseatKeys.hpp"

#include "match/NetworkView.hpp"

#include "text/Words.hpp"

#include "table/LegalTargets.hpp"
#include "table/MoveWords.hpp"
#include "table/RefusalWords.hpp"
#include "table/TableText.hpp"

#include <spdlog/spdlog.h>

namespace speed::client {
namespace {

std::optional<int> slotForKey(sf::Keyboard::Key key) {
    if (key >= sf::Keyboard::Num1 && key <= sf::Keyboard::Num8) return static_cast<int>(key - sf::Keyboard::Num1);
    if (key >= sf::Keyboard::Numpad1 && key <= sf::Keyboard::Numpad8) return static_cast<int>(key - sf::Keyboard::Numpad1);
    return std::nullopt;
}

// Whose card at `place` the player here takes: their own seat's, and with two players on one
// keyboard the seat whose card or deck it is.
int seatOf(const MatchDriver& match, const Place& place) {
    return match.bothSeatsLocal() && place.kind != PlaceKind::Pile ? place.seat : match.localSeat();
}

// Who made a move, in the log and the game's words: "you", or with two players "Player 2".
std::string moverWords(const MatchDriver& match, int seat) {
    return match.bothSeatsLocal() ? hotseatPlayerWords(seat == match.localSeat() ? kBottomPlayer : kTopPlayer) : tr("window.you");
}

} // namespace

void logTable(const MatchDriver& match, bool dumpLayout) {
    spdlog::debug("table: {}", tableSummary(match.state()));
    if (dumpLayout) spdlog::info("moves {} | table: {}", playOptions(match.state(), match.localSeat()), tableSummary(match.state()));
    // Two players on one keyboard: the top player's moves too, on a line of their own.
    if (dumpLayout && match.bothSeatsLocal()) {
        spdlog::info("moves of seat {} {}", 1 - match.localSeat(), playOptions(match.state(), 1 - match.localSeat()));
    }
}

bool TableInput::allowed(const MatchDriver& match) const { return !m_botPlays && match.info() == GameInfo::Play; }

bool TableInput::move(const MatchDriver& match, Point pointer) {
    const std::optional<Place> before = hovered(match);
    m_pointer = pointer;
    const bool dragged = m_drag.move(pointer);
    return dragged || hovered(match) != before;
}

std::optional<Place> TableInput::hovered(const MatchDriver& match) const {
    if (!m_pointer || !allowed(match) || m_drag.phase() == DragPhase::Dragging) return std::nullopt;
    const std::optional<Place> hit = hitTest(m_layout, *m_pointer);
    if (!hit || hit->kind == PlaceKind::Pile || hit->seat != seatOf(match, *hit)) return std::nullopt;
    if (!canPickUp(match.state(), hit->seat, *hit)) return std::nullopt;
    if (!clickTarget(match.state(), hit->seat, *hit)) return std::nullopt;
    return hit;
}

void TableInput::cancel() {
    m_drag.cancel();
    m_selectedSlot.reset();
    m_otherSelectedSlot.reset();
}

void TableInput::dropStale(const MatchDriver& match) {
    if (m_drag.phase() != DragPhase::Idle && !canPickUp(match.state(), seatOf(match, m_drag.source()), m_drag.source())) {
        m_drag.cancel();
    }
}

bool TableInput::press(MatchDriver& match, Point pointer, TimeMs now) {
    if (!allowed(match)) return false;
    const auto hit = hitTest(m_layout, pointer);
    if (!hit) return false;
    const int seat = seatOf(match, *hit);
    if (canPickUp(match.state(), seat, *hit)) {
        m_drag.press(*hit, rectOf(m_layout, *hit), pointer);
        selectedOf(match, seat).reset();
        m_sounds.push_back(sound::TableSound::PickedUp);
        return true;
    }
    if (hit->kind == PlaceKind::HandSlot && hit->seat == seat) { // click on an empty slot: refill it
        commit(match, Move::refill(seat, hit->index), std::nullopt, now);
        return true;
    }
    return false;
}

bool TableInput::release(MatchDriver& match, Point pointer, TimeMs now) {
    const Release release = m_drag.release(pointer, hitTest(m_layout, pointer, m_layout.cardWidthPx * 0.15f));
    if (release.kind == ReleaseKind::None) return false;
    const GameState& state = match.state();
    const int seat = seatOf(match, release.source);
    if (!allowed(match) || !canPickUp(state, seat, release.source)) return true;
    if (release.kind == ReleaseKind::Click) {
        if (const auto target = clickTarget(state, seat, release.source)) {
            commit(match, *moveFor(state, seat, release.source, *target), std::nullopt, now);
            return true;
        }
        m_motion.nudge(state, m_layout, release.source, now);
        m_motion.say(release.source, noPileWords(), now);
        m_sounds.push_back(sound::TableSound::Refused);
        spdlog::info("click: nothing to do with {} | table unchanged: {}",
                     release.source.kind == PlaceKind::Deck ? "the deck" : "slot " + std::to_string(release.source.index),
                     tableSummary(state));
        return true;
    }
    const auto move = release.target ? moveFor(state, seat, release.source, *release.target) : std::nullopt;
    if (!move) {
        spdlog::info("drop: not on a target, the card returns | table unchanged: {}", tableSummary(state));
        m_motion.slideHome(state, release.source, release.cardRect, now);
        m_sounds.push_back(sound::TableSound::Returned);
        return true;
    }
    if (!commit(match, *move, FlightStart{release.cardRect, kDropLandMs}, now)) {
        m_motion.slideHome(match.state(), release.source, release.cardRect, now);
    }
    return true;
}

bool TableInput::key(MatchDriver& match, sf::Keyboard::Key key, TimeMs now) {
    if (key == sf::Keyboard::Escape) {
        cancel();
        return true;
    }
    if (!allowed(match)) return false;
    if (match.bothSeatsLocal()) return hotseatKey(match, key, now);
    const GameState& state = match.state();
    if (const auto slot = slotForKey(key); slot && *slot < state.rules.handSize) {
        const bool occupied = state.player(match.localSeat()).hand[static_cast<std::size_t>(*slot)].has_value();
        m_selectedSlot = occupied && m_selectedSlot != slot ? slot : std::nullopt;
        return true;
    }
    const bool pileZeroOnLeft = m_layout.pile[0].left < m_layout.pile[1].left;
    const int seat = match.localSeat();
    switch (key) {
    case sf::Keyboard::Left: playSelected(match, seat, pileZeroOnLeft ? 0 : 1, now); return true;
    case sf::Keyboard::Right: playSelected(match, seat, pileZeroOnLeft ? 1 : 0, now); return true;
    case sf::Keyboard::Up: case sf::Keyboard::Enter: playSelected(match, seat, std::nullopt, now); return true;
    case sf::Keyboard::D: case sf::Keyboard::Down: case sf::Keyboard::Space: refillFirstEmpty(match, seat, now); return true;
    default: return false;
    }
}

// A key of either player: a card key chooses (or, again, lets go of) that player's card, a pile
// key plays it on the pile the screen shows on that side, the refill key fills their first empty
// slot. The bottom player plays the local seat.
bool TableInput::hotseatKey(MatchDriver& match, sf::Keyboard::Key key, TimeMs now) {
    const GameState& state = match.state();
    const auto pressed = hotseatKeyFor(key, state.rules.handSize);
    if (!pressed) return false;
    const int seat = pressed->player == kBottomPlayer ? match.localSeat() : 1 - match.localSeat();
    std::optional<int>& selected = selectedOf(match, seat);
    const bool pileZeroOnLeft = m_layout.pile[0].left < m_layout.pile[1].left;
    switch (pressed->kind) {
    case HotseatKeyKind::Card: {
        const bool occupied = state.player(seat).hand[static_cast<std::size_t>(pressed->slot)].has_value();
        selected = occupied && selected != pressed->slot ? std::optional<int>(pressed->slot) : std::nullopt;
        break;
    }
    case HotseatKeyKind::LeftPile: playSelected(match, seat, pileZeroOnLeft ? 0 : 1, now); break;
    case HotseatKeyKind::RightPile: playSelected(match, seat, pileZeroOnLeft ? 1 : 0, now); break;
    case HotseatKeyKind::Refill: refillFirstEmpty(match, seat, now); break;
    }
    return true;
}

std::optional<int>& TableInput::selectedOf(const MatchDriver& match, int seat) {
    return seat == match.localSeat() ? m_selectedSlot : m_otherSelectedSlot;
}

// Plays `seat`'s selected card on `pile`, or on the first legal pile when none is given.
void TableInput::playSelected(MatchDriver& match, int seat, std::optional<int> pile, TimeMs now) {
    std::optional<int>& selected = selectedOf(match, seat);
    if (!selected) return;
    const Place source = Place::handSlot(seat, *selected);
    if (!pile) {
        const auto target = clickTarget(match.state(), seat, source);
        if (!target) {
            m_motion.nudge(match.state(), m_layout, source, now);
            m_motion.say(source, noPileWords(), now);
            m_sounds.push_back(sound::TableSound::Refused);
            return;
        }
        pile = target->index;
    }
    const auto move = moveFor(match.state(), seat, source, Place::pile(*pile));
    if (move && commit(match, *move, std::nullopt, now)) {
        selected.reset();
    } else {
        m_motion.nudge(match.state(), m_layout, source, now);
        if (!move) {
            m_motion.say(source, noPileWords(), now);
            m_sounds.push_back(sound::TableSound::Refused); // a refused commit said so itself
        }
    }
}

void TableInput::refillFirstEmpty(MatchDriver& match, int seat, TimeMs now) {
    if (const auto target = clickTarget(match.state(), seat, Place::deck(seat))) {
        commit(match, Move::refill(seat, target->index), std::nullopt, now);
    }
}

bool TableInput::commit(MatchDriver& match, const Move& move, std::optional<FlightStart> start, TimeMs now) {
    const GameState before = match.state();
    const MoveAnswer answer = match.propose(move, now);
    if (!answer.accepted()) {
        spdlog::info("refused: {}: {} | table unchanged: {}", describe(move),
                     answer.held ? "earlier moves still wait for the host"
                     : !answer.refusedBy.empty() ? "not what the lesson asks for"
                                                 : describe(answer.play), tableSummary(match.state()));
        const NetworkView* network = match.network();
        m_motion.say(Place::handSlot(move.seat, move.slot),
                     !answer.refusedBy.empty()                  ? answer.refusedBy
                     : answer.raceLeadUs && network != nullptr ? raceWords(*answer.raceLeadUs, network->opponentName())
                                                                : refusalWords(answer.play, answer.held),
                     now);
        m_sounds.push_back(sound::TableSound::Refused);
        return false;
    }
    m_motion.showMove(before, match.state(), move, m_layout, now, start);
    m_sounds.push_back(move.kind == MoveKind::Refill ? sound::TableSound::Refilled : sound::TableSound::Placed);
    const std::string who = moverWords(match, move.seat);
    const std::string logged = match.bothSeatsLocal() ? "player " + std::to_string(move.seat == match.localSeat() ? 1 : 2) : "you";
    spdlog::info("applied ({}): {} | table: {}", logged, describe(move), tableSummary(match.state()));
    m_playedWords.push_back(moveWords(move, before, match.state(), match.bothSeatsLocal() ? -1 : match.localSeat(), who));
    logTable(match, m_dumpLayout);
    return true;
}

} // namespace speed::client
