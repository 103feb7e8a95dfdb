#include "app/WindowCanvas.hpp"

#include <SFML/Graphics/Sprite.hpp>
#include <spdlog/spdlog.h>

namespace speed::client {

bool WindowCanvas::prepare(float cardWidthPx) {
    m_tableLayerValid = false;
    return m_art.build(cardWidthPx);
}

void WindowCanvas::drawOnto(sf::RenderWindow& window, const Frame& frame) {
    m_renderer.draw(window, frame.layout, frame.scene);
    frame.overlay.draw(frame.overlayFrame, frame.now);
}

void WindowCanvas::drawFull(sf::RenderWindow& window, const Frame& frame) {
    drawOnto(window, frame);
    window.display();
    m_tableLayerValid = false;
}

// Only the clock changed: the table is drawn once into a texture, then each second costs one
// blit and a few glyphs.
void WindowCanvas::drawClockTick(sf::RenderWindow& window, const Frame& frame) {
    const sf::Vector2u size = window.getSize();
    if (m_tableLayer.getSize() != size && !m_tableLayer.create(size.x, size.y)) return drawFull(window, frame);
    const bool layerRedrawn = !m_tableLayerValid;
    if (!m_tableLayerValid) {
        m_renderer.draw(m_tableLayer, frame.layout, frame.scene, false);
        m_tableLayer.display();
        m_tableLayerValid = true;
    }
    // With ImGui idle the menu bar and log pane are cached in a copy of the layer, too.
    const sf::Texture* withOverlay = frame.overlay.tableWithOverlay(m_tableLayer.getTexture(), layerRedrawn, frame.overlayFrame, frame.now);
    window.draw(sf::Sprite(withOverlay != nullptr ? *withOverlay : m_tableLayer.getTexture()));
    m_renderer.drawClock(window, frame.layout, frame.scene);
    if (withOverlay == nullptr) frame.overlay.draw(frame.overlayFrame, frame.now);
    window.display();
}

// Drawn into the window's back buffer and copied out before display() (under Xvfb too: the
// back buffer is Mesa's own memory).
bool WindowCanvas::screenshot(sf::RenderWindow& window, const Frame& frame, const std::string& path) {
    sf::Texture shot;
    const sf::Vector2u size = window.getSize();
    if (!shot.create(size.x, size.y)) {
        spdlog::error("screenshot: cannot create a {}x{} texture", size.x, size.y);
        return false;
    }
    drawOnto(window, frame);
    shot.update(window);
    if (!shot.copyToImage().saveToFile(path)) {
        spdlog::error("screenshot: cannot write {}", path);
        return false;
    }
    spdlog::info("screenshot saved to {} ({}x{})", path, size.x, size.y);
    return true;
}

} // namespace speed::client
