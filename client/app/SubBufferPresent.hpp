#pragma once

#include "table/Geometry.hpp"

#include <vector>

namespace speed::client {

// Puts only a part of the back buffer on the screen (glXCopySubBufferMESA, which Mesa's software
// renderer has, as under Xvfb). The back buffer is never swapped then, so it keeps the last
// frame drawn: a frame in which two cards move can redraw and copy just those places, where a
// swap would have to redraw and copy the whole window. Without the extension, the window swaps
// as before.
class SubBufferPresent {
public:
    // Looks for the extension on the drawable of the OpenGL context current now (the window's).
    SubBufferPresent();

    bool available() const { return m_copy != nullptr; }
    // Copies these rectangles (window pixels, origin at the top left) to the screen.
    void present(const std::vector<Rect>& rects, unsigned windowWidth, unsigned windowHeight) const;

private:
    using CopySubBuffer = void (*)(void* display, unsigned long drawable, int x, int y, int width, int height);
    void* m_display = nullptr;      // Display*, opaque so Xlib's macros stay out of our headers
    unsigned long m_drawable = 0;   // GLXDrawable
    CopySubBuffer m_copy = nullptr;
};

} // namespace speed::client
