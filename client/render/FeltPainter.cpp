#include "render/FeltPainter.hpp"
#include "render/SfColour.hpp"

#include <SFML/Graphics/CircleShape.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include <algorithm>
#include <array>
#include <vector>
#include <cmath>
#include <numbers>

namespace speed::client {
namespace {

constexpr std::size_t kCornerPoints = 8;

// A point on the outline of a rounded rectangle, walking clockwise from the top-left corner.
std::vector<sf::Vector2f> roundedOutline(const Rect& rect, float radius) {
    radius = std::min({radius, rect.width / 2, rect.height / 2});
    const std::array<sf::Vector2f, 4> centers{sf::Vector2f{rect.right() - radius, rect.top + radius},
                                              sf::Vector2f{rect.right() - radius, rect.bottom() - radius},
                                              sf::Vector2f{rect.left + radius, rect.bottom() - radius},
                                              sf::Vector2f{rect.left + radius, rect.top + radius}};
    std::vector<sf::Vector2f> points;
    for (std::size_t corner = 0; corner < 4; ++corner) {
        const float start = -std::numbers::pi_v<float> / 2 + static_cast<float>(corner) * std::numbers::pi_v<float> / 2;
        for (std::size_t i = 0; i <= kCornerPoints; ++i) {
            const float angle = start + std::numbers::pi_v<float> / 2 * static_cast<float>(i) / kCornerPoints;
            points.push_back(centers[corner] + sf::Vector2f{radius * std::cos(angle), radius * std::sin(angle)});
        }
    }
    return points;
}

sf::Color mix(sf::Color a, sf::Color b, float t) {
    auto channel = [t](sf::Uint8 x, sf::Uint8 y) {
        return static_cast<sf::Uint8>(static_cast<float>(x) + (static_cast<float>(y) - static_cast<float>(x)) * t);
    };
    return {channel(a.r, b.r), channel(a.g, b.g), channel(a.b, b.b), channel(a.a, b.a)};
}

} // namespace

sf::ConvexShape roundedRect(const Rect& rect, float radiusPx, sf::Color fill) {
    const auto points = roundedOutline(rect, radiusPx);
    sf::ConvexShape shape(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) shape.setPoint(i, points[i]);
    shape.setFillColor(fill);
    return shape;
}

// Green baize: lighter in the middle, darker towards the edges.
void drawFelt(sf::RenderTarget& target, const Rect& rect) {
    const sf::Color centerColor = sfColour(palette::kFeltCentre);
    const sf::Color edgeColor = sfColour(palette::kFeltEdge);
    constexpr std::size_t kRimPoints = 48;
    sf::VertexArray fan(sf::TriangleFan, kRimPoints + 2);
    const Point c = rect.center();
    fan[0] = sf::Vertex({c.x, c.y}, centerColor);
    for (std::size_t i = 0; i <= kRimPoints; ++i) {
        const float angle = 2 * std::numbers::pi_v<float> * static_cast<float>(i) / kRimPoints;
        const float dx = std::cos(angle);
        const float dy = std::sin(angle);
        // Walk out to the rectangle's border along this direction.
        const float scale = std::min(rect.width / 2 / std::max(std::abs(dx), 1e-4f), rect.height / 2 / std::max(std::abs(dy), 1e-4f));
        fan[i + 1] = sf::Vertex({c.x + dx * scale, c.y + dy * scale}, mix(centerColor, edgeColor, 0.9f));
    }
    // Opaque colours: drawn without blending, which a software renderer pays for on every pixel.
    target.draw(fan, sf::BlendNone);
}

// Every dot in one draw: a software renderer pays per draw call as much as per pixel here.
void drawDottedOutline(sf::RenderTarget& target, const Rect& rect, float radiusPx, sf::Color color, float dotPx) {
    constexpr int kDotSides = 8;
    const auto outline = roundedOutline(rect, radiusPx);
    const float spacing = dotPx * 2.6f;
    const float radius = dotPx / 2;
    std::array<sf::Vector2f, kDotSides> rim{};
    for (int k = 0; k < kDotSides; ++k) {
        const float angle = 2 * std::numbers::pi_v<float> * static_cast<float>(k) / kDotSides;
        rim[static_cast<std::size_t>(k)] = {radius * std::cos(angle), radius * std::sin(angle)};
    }
    sf::VertexArray dots(sf::Triangles);
    float carried = 0;
    for (std::size_t i = 0; i < outline.size(); ++i) {
        const sf::Vector2f a = outline[i];
        const sf::Vector2f b = outline[(i + 1) % outline.size()];
        const float length = std::hypot(b.x - a.x, b.y - a.y);
        float at = carried;
        for (; at < length; at += spacing) {
            const sf::Vector2f centre = a + (b - a) * (at / length);
            for (std::size_t k = 0; k < rim.size(); ++k) {
                dots.append(sf::Vertex(centre, color));
                dots.append(sf::Vertex(centre + rim[k], color));
                dots.append(sf::Vertex(centre + rim[(k + 1) % rim.size()], color));
            }
        }
        carried = at - length;
    }
    target.draw(dots);
}

void centerText(sf::Text& text, sf::Vector2f center) {
    const sf::FloatRect bounds = text.getLocalBounds();
    text.setOrigin(bounds.left + bounds.width / 2, bounds.top + bounds.height / 2);
    text.setPosition(std::round(center.x), std::round(center.y));
}

} // namespace speed::client
