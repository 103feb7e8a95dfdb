#include "table/DragController.hpp"

#include "table/Speeds.hpp"

namespace speed::client {

bool DragController::press(const Place& source, const Rect& cardRect, Point pointer) {
    if (m_phase != DragPhase::Idle) return false;
    m_phase = DragPhase::Pressed;
    m_source = source;
    m_homeRect = cardRect;
    m_pressPoint = pointer;
    m_pointer = pointer;
    return true;
}

bool DragController::move(Point pointer) {
    if (m_phase == DragPhase::Idle) return false;
    m_pointer = pointer;
    if (m_phase == DragPhase::Pressed) {
        const float dx = pointer.x - m_pressPoint.x;
        const float dy = pointer.y - m_pressPoint.y;
        if (dx * dx + dy * dy < kDragStartPx * kDragStartPx) return false;
        m_phase = DragPhase::Dragging;
    }
    return true;
}

Release DragController::release(Point pointer, std::optional<Place> target) {
    if (m_phase == DragPhase::Idle) return {};
    move(pointer);
    Release result;
    result.source = m_source;
    result.cardRect = cardRect();
    if (m_phase == DragPhase::Pressed) {
        result.kind = ReleaseKind::Click;
    } else {
        result.kind = ReleaseKind::Drop;
        result.target = target;
    }
    m_phase = DragPhase::Idle;
    return result;
}

void DragController::cancel() { m_phase = DragPhase::Idle; }

Rect DragController::cardRect() const {
    if (m_phase != DragPhase::Dragging) return m_homeRect;
    return m_homeRect.movedTo({m_homeRect.left + m_pointer.x - m_pressPoint.x,
                               m_homeRect.top + m_pointer.y - m_pressPoint.y});
}

} // namespace speed::client
