#include "Display.hpp"

#include <X11/Xlib.h>

#include <cstdlib>

namespace speed::client {

std::string displayProblem() {
    const char* name = std::getenv("DISPLAY");
    if (name == nullptr || *name == '\0') return "no display (DISPLAY is not set)";
    Display* display = XOpenDisplay(nullptr);
    if (display == nullptr) return std::string("cannot open display \"") + name + "\"";
    XCloseDisplay(display);
    return {};
}

} // namespace speed::client
