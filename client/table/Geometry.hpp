#pragma once

// Plain screen geometry in pixels, independent of SFML so layout and hit-testing stay pure.

#include <algorithm>

namespace speed::client {

struct Point {
    float x = 0;
    float y = 0;
    friend bool operator==(const Point&, const Point&) = default;
};

struct Rect {
    float left = 0;
    float top = 0;
    float width = 0;
    float height = 0;

    float right() const { return left + width; }
    float bottom() const { return top + height; }
    Point topLeft() const { return {left, top}; }
    Point center() const { return {left + width / 2, top + height / 2}; }
    bool contains(Point p) const { return p.x >= left && p.x < right() && p.y >= top && p.y < bottom(); }
    bool intersects(const Rect& o) const {
        return left < o.right() && o.left < right() && top < o.bottom() && o.top < bottom();
    }
    Rect inflated(float by) const { return {left - by, top - by, width + 2 * by, height + 2 * by}; }
    // The smallest rectangle that holds both.
    Rect joined(const Rect& o) const {
        const float l = std::min(left, o.left);
        const float t = std::min(top, o.top);
        return {l, t, std::max(right(), o.right()) - l, std::max(bottom(), o.bottom()) - t};
    }
    Rect movedTo(Point p) const { return {p.x, p.y, width, height}; }
    friend bool operator==(const Rect&, const Rect&) = default;
};

inline Point lerp(Point a, Point b, float t) { return {a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t}; }

} // namespace speed::client
