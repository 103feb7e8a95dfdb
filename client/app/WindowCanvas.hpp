#pragma once

#include "app/OverlayHost.hpp"
#include "render/CardArt.hpp"
#include "render/TableRenderer.hpp"

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/Graphics/RenderWindow.hpp>

#include <string>

namespace speed::client {

// Puts frames on the window: the whole table with the overlay, or, when only the clock moved,
// the cached table layer plus the clock (software GL under Xvfb makes a full redraw the dominant
// idle cost), and screenshots of the frame as shown.
class WindowCanvas {
public:
    explicit WindowCanvas(const Fonts& fonts) : m_art(fonts), m_renderer(fonts, m_art) {}

    // (Re)draws the card art for this card width; false when the texture cannot be made.
    bool prepare(float cardWidthPx);

    struct Frame {
        const TableLayout& layout;
        const TableScene& scene;
        OverlayHost& overlay;
        const ui::OverlayFrame& overlayFrame;
        TimeMs now;
    };
    void drawFull(sf::RenderWindow& window, const Frame& frame);
    void drawClockTick(sf::RenderWindow& window, const Frame& frame);
    // The frame as on screen, menus and dialogs included, saved as PNG.
    bool screenshot(sf::RenderWindow& window, const Frame& frame, const std::string& path);

private:
    void drawOnto(sf::RenderWindow& window, const Frame& frame);

    CardArt m_art;
    TableRenderer m_renderer;
    sf::RenderTexture m_tableLayer; // the table without the clock, for the once-a-second redraw
    bool m_tableLayerValid = false;
};

} // namespace speed::client
