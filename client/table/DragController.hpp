#pragma once

#include "table/Geometry.hpp"
#include "table/Place.hpp"

#include <optional>

namespace speed::client {

enum class DragPhase {
    Idle,     // nothing held
    Pressed,  // button down on a card, not yet moved past the drag threshold
    Dragging, // the card follows the pointer
};

// What a button release meant.
enum class ReleaseKind {
    None,  // nothing was held
    Click, // released before the drag threshold: "play this card"
    Drop,  // released after dragging: `target` is the place under the pointer, if any
};

struct Release {
    ReleaseKind kind = ReleaseKind::None;
    Place source;
    std::optional<Place> target;
    Rect cardRect; // where the held card was drawn at the release (for the slide home)
};

// The pointer gesture on one card: press, move past kDragStartPx, release. Pure: it knows
// neither the rules nor SFML; the window feeds it pointer positions and hit-test results.
class DragController {
public:
    // Button down on the card at `source`, drawn at `cardRect`. Returns false while busy.
    bool press(const Place& source, const Rect& cardRect, Point pointer);
    // Pointer moved; returns true when the held card's drawn position changed.
    bool move(Point pointer);
    // Button up; `target` is what lies under the pointer.
    Release release(Point pointer, std::optional<Place> target);
    // Forget the gesture (Escape, focus lost, the card left the hand).
    void cancel();

    DragPhase phase() const { return m_phase; }
    bool holds(const Place& place) const { return m_phase != DragPhase::Idle && m_source == place; }
    const Place& source() const { return m_source; }
    // Where the held card is drawn now (its slot while Pressed, under the pointer while Dragging).
    Rect cardRect() const;

private:
    DragPhase m_phase = DragPhase::Idle;
    Place m_source;
    Rect m_homeRect;
    Point m_pressPoint;
    Point m_pointer;
};

} // namespace speed::client
