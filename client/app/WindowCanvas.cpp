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

bool WindowCanvas::stillLayerFor(const sf::RenderWindow& window, const Frame& frame, bool& redrawn) {
    const sf::Vector2u size = window.getSize();
    if (m_tableLayer.getSize() != size && !m_tableLayer.create(size.x, size.y)) return false;
    std::vector<int> key = TableRenderer::stillKey(frame.scene);
    redrawn = !m_tableLayerValid || key != m_tableLayerKey;
    if (redrawn) {
        m_renderer.drawStill(m_tableLayer, frame.layout, frame.scene, false);
        m_tableLayer.display();
        m_tableLayerValid = true;
        m_tableLayerKey = std::move(key);
    }
    return true;
}

// Only cards move: one blit of the still table (drawn anew when a card landed), the moving
// cards, the clock and the overlay.
void WindowCanvas::drawMotion(sf::RenderWindow& window, const Frame& frame) {
    bool redrawn = false;
    if (!stillLayerFor(window, frame, redrawn)) return drawFull(window, frame);
    window.draw(sf::Sprite(m_tableLayer.getTexture()));
    m_renderer.drawClock(window, frame.layout, frame.scene);
    m_renderer.drawMoving(window, frame.layout, frame.scene);
    frame.overlay.draw(frame.overlayFrame, frame.now);
    window.display();
}

// Only the clock changed: each second costs one blit and a few glyphs.
void WindowCanvas::drawClockTick(sf::RenderWindow& window, const Frame& frame) {
    bool layerRedrawn = false;
    if (!stillLayerFor(window, frame, layerRedrawn)) return drawFull(window, frame);
    // With ImGui idle the menu bar and log pane are cached in a copy of the layer, too.
    const sf::Texture* withOverlay = frame.overlay.tableWithOverlay(m_tableLayer.getTexture(), layerRedrawn, frame.overlayFrame, frame.now);
    window.draw(sf::Sprite(withOverlay != nullptr ? *withOverlay : m_tableLayer.getTexture()));
    m_renderer.drawClock(window, frame.layout, frame.scene);
    m_renderer.drawMoving(window, frame.layout, frame.scene); // a held card that is not moving
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
