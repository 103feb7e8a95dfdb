#pragma once

#include "app/OverlayHost.hpp"
#include "render/CardArt.hpp"
#include "render/TableRenderer.hpp"

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/Graphics/RenderWindow.hpp>

#include <string>
#include <vector>

namespace speed::client {

// Puts frames on the window: the whole table with the overlay; when only cards move, the cached
// still table plus the moving cards; when only the clock moved, the cached table plus the clock
// (software GL under Xvfb makes a full redraw the dominant cost); and screenshots of the frame
// as shown.
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
    void drawMotion(sf::RenderWindow& window, const Frame& frame);
    void drawClockTick(sf::RenderWindow& window, const Frame& frame);
    // The frame as on screen, menus and dialogs included, saved as PNG.
    bool screenshot(sf::RenderWindow& window, const Frame& frame, const std::string& path);

private:
    void drawOnto(sf::RenderWindow& window, const Frame& frame);
    // The still table in m_tableLayer, drawn anew when it is stale; false: no layer (too large).
    bool stillLayerFor(const sf::RenderWindow& window, const Frame& frame, bool& redrawn);

    CardArt m_art;
    TableRenderer m_renderer;
    sf::RenderTexture m_tableLayer; // the still table without the clock
    bool m_tableLayerValid = false; // a full frame since invalidates it: something else changed
    std::vector<int> m_tableLayerKey;
};

} // namespace speed::client
