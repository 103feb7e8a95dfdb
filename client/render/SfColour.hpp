#pragma once

#include "table/Palette.hpp"

#include <SFML/Graphics/Color.hpp>

namespace speed::client {

inline sf::Color sfColour(Rgba colour) { return {colour.r, colour.g, colour.b, colour.a}; }

} // namespace speed::client
