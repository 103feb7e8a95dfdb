#include "app/Display.hpp"

#include <GL/glx.h>
#include <X11/Xlib.h>

#include <cstdlib>
#include <string>

namespace speed::client {

DisplayCheck::DisplayCheck() {
    const char* name = std::getenv("DISPLAY");
    if (name == nullptr || *name == '\0') {
        m_problem = "no display (DISPLAY is not set)";
        return;
    }
    m_display = XOpenDisplay(nullptr);
    if (m_display == nullptr) m_problem = std::string("cannot open display \"") + name + "\"";
}

DisplayCheck::~DisplayCheck() {
    if (m_display != nullptr) XCloseDisplay(static_cast<Display*>(m_display));
}

bool displayEventsQueued() {
    Display* display = glXGetCurrentDisplay();
    return display != nullptr && XEventsQueued(display, QueuedAlready) > 0;
}

bool nameWindowClass(unsigned long window) {
    Display* display = glXGetCurrentDisplay();
    if (display == nullptr) return false;
    std::string name = "speed";
    std::string className = "Speed";
    XClassHint hint{name.data(), className.data()};
    XSetClassHint(display, static_cast<Window>(window), &hint);
    XFlush(display);
    return true;
}

} // namespace speed::client
