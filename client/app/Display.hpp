#pragma once

#include <memory>
#include <string>

namespace speed::client {

// A connection to the X server, opened before SFML touches the display (SFML would abort the
// process without one). It stays open while the window lives: a bare Xvfb resets itself when
// its last client disconnects, and SFML's own connection could land in that reset.
class DisplayCheck {
public:
    DisplayCheck();
    ~DisplayCheck();
    DisplayCheck(const DisplayCheck&) = delete;
    DisplayCheck& operator=(const DisplayCheck&) = delete;

    // Why no window can be opened (no DISPLAY, or the X server does not answer); empty if it can.
    const std::string& problem() const { return m_problem; }

private:
    void* m_display = nullptr; // Display*, kept opaque so Xlib's macros stay out of our headers
    std::string m_problem;
};

// Events Xlib has read from the display and holds in its queue, where waiting on the display's
// socket does not see them. SFML 2.5 looks at the queue for its window's events, then reads the
// socket again for its clipboard's window: an event for the window that arrives in between
// stays in the queue until something else wakes the loop. False without a current GLX context.
bool displayEventsQueued();

// Names the window's class for the desktop (WM_CLASS "speed", "Speed"): what a window manager
// groups windows by and matches a desktop entry's StartupWMClass with. SFML 2.5 leaves the class
// empty. A window manager reads it when the window is mapped, so the caller maps it again.
// False without a current GLX context.
bool nameWindowClass(unsigned long window);

} // namespace speed::client
