#include "ui/FrameInputQueue.hpp"

#include <algorithm>

namespace speed::client::ui {

// Mouse buttons as 1..N, keys as 1000 + code: one list for both.
int FrameInputQueue::pressCode(const sf::Event& event) {
    if (event.type == sf::Event::MouseButtonPressed) return 1 + static_cast<int>(event.mouseButton.button);
    if (event.type == sf::Event::KeyPressed) return 1000 + static_cast<int>(event.key.code);
    return 0;
}

int FrameInputQueue::releaseCode(const sf::Event& event) {
    if (event.type == sf::Event::MouseButtonReleased) return 1 + static_cast<int>(event.mouseButton.button);
    if (event.type == sf::Event::KeyReleased) return 1000 + static_cast<int>(event.key.code);
    return 0;
}

bool FrameInputQueue::admit(const sf::Event& event) {
    const int released = releaseCode(event);
    const bool releasesFreshPress =
        released != 0 && std::find(m_pressedThisFrame.begin(), m_pressedThisFrame.end(), released) != m_pressedThisFrame.end();
    if (!m_heldBack.empty() || releasesFreshPress) {
        m_heldBack.push_back(event); // keep the order: nothing overtakes a held-back event
        return false;
    }
    if (const int pressed = pressCode(event); pressed != 0) m_pressedThisFrame.push_back(pressed);
    return true;
}

std::vector<sf::Event> FrameInputQueue::takeHeldBack() {
    m_pressedThisFrame.clear();
    std::vector<sf::Event> events;
    events.swap(m_heldBack);
    return events;
}

} // namespace speed::client::ui
