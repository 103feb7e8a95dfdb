#include "app/SubBufferPresent.hpp"

#include <GL/glx.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace speed::client {

SubBufferPresent::SubBufferPresent() {
    Display* display = glXGetCurrentDisplay();
    const GLXDrawable drawable = glXGetCurrentDrawable();
    if (display == nullptr || drawable == 0) return;
    const char* extensions = glXQueryExtensionsString(display, DefaultScreen(display));
    if (extensions == nullptr || std::strstr(extensions, "GLX_MESA_copy_sub_buffer") == nullptr) return;
    const auto copy = glXGetProcAddressARB(reinterpret_cast<const GLubyte*>("glXCopySubBufferMESA"));
    if (copy == nullptr) return;
    m_display = display;
    m_drawable = drawable;
    m_copy = reinterpret_cast<CopySubBuffer>(copy);
}

void SubBufferPresent::present(const std::vector<Rect>& rects, unsigned windowWidth, unsigned windowHeight) const {
    if (m_copy == nullptr) return;
    const float width = static_cast<float>(windowWidth);
    const float height = static_cast<float>(windowHeight);
    for (const Rect& rect : rects) {
        // Whole pixels that cover the rectangle, inside the window; OpenGL counts rows from the bottom.
        const float left = std::clamp(std::floor(rect.left), 0.0f, width);
        const float top = std::clamp(std::floor(rect.top), 0.0f, height);
        const float right = std::clamp(std::ceil(rect.right()), 0.0f, width);
        const float bottom = std::clamp(std::ceil(rect.bottom()), 0.0f, height);
        if (right <= left || bottom <= top) continue;
        m_copy(m_display, m_drawable, static_cast<int>(left), static_cast<int>(height - bottom), static_cast<int>(right - left),
               static_cast<int>(bottom - top));
    }
}

} // namespace speed::client
