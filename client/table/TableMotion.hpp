#pragma once

#include "table/Animation.hpp"
#include "table/Layout.hpp"
#include "table/Place.hpp"
#include "table/Speeds.hpp"

#include "speed/common/GameState.hpp"
#include "speed/common/Move.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace speed::client {

// How a game ended for the player, shown on the table for a while: a win celebrates, a loss
// dims the table quietly, a draw does neither.
enum class EndingKind { Won, Lost };
struct TableEnding {
    EndingKind kind = EndingKind::Won;
    TimeMs startMs = 0;
    std::uint64_t seed = 0; // where the confetti falls: the same for the same game
    TimeMs untilMs() const { return startMs + (kind == EndingKind::Won ? kCelebrationMs : kDefeatDimMs); }
};

// A few words beside a card for a moment: why it did not go.
struct TableNote {
    Place at;
    std::string text;
    TimeMs until = 0;
};

// How the table answers what happens to its cards, as flights on a timeline: a move flies to
// its place, a drop that does not go slides home, a card with nowhere to go twitches, and a move
// the host refused slides from the pile back to its slot while that pile is lit. Visual only:
// the game state has changed already and nothing waits for a flight. Pure: no SFML.
class TableMotion {
public:
    void showMove(const GameState& before, const GameState& after, const Move& move, const TableLayout& layout,
                  TimeMs now, std::optional<FlightStart> start = std::nullopt);
    // A new game's hand cards fly from the decks to the slots, turning over.
    // The hands dealt from the decks, landed by `landsBy` (see flightsForDeal).
    void deal(const GameState& dealt, const TableLayout& layout, TimeMs now, TimeMs landsBy);
    // The game is over: a win's celebration or a loss's dimming (kept until the next game).
    // The end of a game is shown once the cards in the air have landed: the last play reaches its
    // pile before the banner, the celebration or the dimming.
    void showEnding(EndingKind kind, std::uint64_t seed, TimeMs now) { m_ending = TableEnding{kind, m_timeline.settledAt(now), seed}; }
    const std::optional<TableEnding>& ending() const { return m_ending; }
    void clearEnding() { m_ending.reset(); }
    // Reduced motion: flights become short fades where the cards land, a win has no confetti.
    void setReducedMotion(bool reduced) { m_timeline.setReducedMotion(reduced); }
    bool reducedMotion() const { return m_timeline.reducedMotion(); }
    // The card at `source` (on `state`) goes back from where it was drawn.
    void slideHome(const GameState& state, const Place& source, const Rect& from, TimeMs now,
                   TimeMs durationMs = kSlideHomeMs);
    void nudge(const GameState& state, const TableLayout& layout, const Place& source, TimeMs now);
    void refusedByHost(const Move& move, const TableLayout& layout, TimeMs now);
    // A play fair arbitration took back after it was shown (either seat's; `state` is the table
    // with its card home again): the card slides from the pile to its slot while the pile is lit,
    // a refill from its slot onto the deck, and `text` is shown beside the slot for
    // kTakenBackNoteMs (not among takeSaid(): the window logs it in its own words).
    void takenBack(const GameState& state, const Move& move, const TableLayout& layout, TimeMs now, std::string text);
    // Says `text` beside `at` for kRefusalNoteMs (a newer note replaces it on screen).
    void say(const Place& at, std::string text, TimeMs now);
    // Every note said since the last call, in order (for the logs).
    std::vector<TableNote> takeSaid() { return std::exchange(m_said, {}); }
    void clear() {
        m_timeline.clear();
        m_note.reset();
        m_ending.reset();
    }
    void prune(TimeMs now);

    // Something on the table moves by time alone: a flight, or a win's confetti still falling.
    bool busy(TimeMs now) const {
        return m_timeline.busy(now) || (m_ending && !reducedMotion() && m_ending->kind == EndingKind::Won && now < m_ending->untilMs()) ||
               (m_ending && m_ending->kind == EndingKind::Lost && now < m_ending->untilMs());
    }
    const Timeline& timeline() const { return m_timeline; }
    std::optional<int> litPile() const { return m_litPile; } // until litUntil()
    TimeMs litUntil() const { return m_litUntil; }
    const std::optional<TableNote>& note() const { return m_note; } // until its `until`

private:
    void launch(CardFlight flight, const TableLayout* layout, TimeMs now);

    Timeline m_timeline;
    std::optional<int> m_litPile;
    TimeMs m_litUntil = 0;
    std::optional<TableNote> m_note;
    std::vector<TableNote> m_said;
    std::optional<TableEnding> m_ending;
};

} // namespace speed::client
