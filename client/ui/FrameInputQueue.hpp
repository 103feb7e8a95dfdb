#pragma once

#include <SFML/Window/Event.hpp>

#include <vector>

namespace speed::client::ui {

// ImGui 1.86 reads mouse buttons and keys as "down now" at each new frame (the input queue came
// in 1.87), so a press and its release between two frames would vanish: a quick click on a menu
// or a tapped Backspace did nothing. This holds back the release (and what follows it) of a
// button or key pressed since the last frame until the next frame has seen the press.
class FrameInputQueue {
public:
    // True when `event` may go to ImGui now; false when it was held back for after the frame.
    bool admit(const sf::Event& event);
    // After a frame: the held-back events, oldest first, to offer to admit() again.
    std::vector<sf::Event> takeHeldBack();

private:
    static int pressCode(const sf::Event& event);   // 0 when not a press
    static int releaseCode(const sf::Event& event); // 0 when not a release

    std::vector<int> m_pressedThisFrame;
    std::vector<sf::Event> m_heldBack;
};

} // namespace speed::client::ui
