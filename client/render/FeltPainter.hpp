#pragma once

// Small drawing helpers shared by the card art and the table: rounded rectangles, the felt,
// the dotted outline of an empty hand slot.

#include "table/Geometry.hpp"

#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/ConvexShape.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/Text.hpp>

namespace speed::client {

sf::ConvexShape roundedRect(const Rect& rect, float radiusPx, sf::Color fill);
void drawFelt(sf::RenderTarget& target, const Rect& rect);
void drawDottedOutline(sf::RenderTarget& target, const Rect& rect, float radiusPx, sf::Color color, float dotPx);
// Centres the text's visible glyphs on `center`.
void centerText(sf::Text& text, sf::Vector2f center);

} // namespace speed::client
