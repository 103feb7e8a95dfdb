#include "app/WindowCanvas.hpp"

#include "text/Words.hpp"

#include <SFML/Graphics/Sprite.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace speed::client {

bool WindowCanvas::prepare(float cardWidthPx, float cardHeightPx) {
    m_tableLayerValid = false;
    m_backBufferWhole = false;
    m_cardWidthPx = cardWidthPx;
    m_cardHeightPx = cardHeightPx;
    m_drawnCardsStale = true;
    const int slotWidth = static_cast<int>(std::lround(cardWidthPx));
    const int slotHeight = static_cast<int>(std::lround(cardHeightPx));
    // The back first: a kept one is then on the faces the moment they are shown.
    if (const std::optional<deck::DeckLoader::Request> back = backRequest(); back && m_backShown != back) {
        if (std::optional<deck::DeckImage> kept = m_cache.load(back->deck, back->slotWidth, back->slotHeight)) {
            adoptBack({*back, {std::move(*kept), {}}, true, 0, {}});
        } else {
            m_backs.request(*back);
        }
    }
    if (!m_deck) return drawnCards();
    const deck::DeckLoader::Request request{*m_deck, slotWidth, slotHeight};
    if (m_shown == request) return true;
    // A deck kept from an earlier start is a file read of a few milliseconds: shown at once.
    // Anything else is drawn on the loader's thread, the drawn cards shown until then (or the
    // deck at its old size, after a resize).
    const auto start = std::chrono::steady_clock::now();
    if (std::optional<deck::DeckImage> kept = m_cache.load(request.deck, request.slotWidth, request.slotHeight)) {
        deck::DeckLoader::Result done{request, {std::move(*kept), {}}, true, 0, {}};
        done.milliseconds = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        if (adopt(done)) return true;
    } else {
        m_decks.request(request);
        if (m_art.usesDeck()) return true;
    }
    return drawnCards();
}

// Another deck's back is asked for at the size of the faces' place.
std::optional<deck::DeckLoader::Request> WindowCanvas::backRequest() const {
    if (!m_deck || m_back.kind != BackChoice::Kind::Other || !m_back.deck || m_cardWidthPx <= 0) return std::nullopt;
    return deck::DeckLoader::Request{*m_back.deck, static_cast<int>(std::lround(m_cardWidthPx)),
                                     static_cast<int>(std::lround(m_cardHeightPx))};
}

void WindowCanvas::chooseBack(BackChoice back) {
    m_back = std::move(back);
    m_backPicture.reset();
    m_backShown.reset();
    if (m_back.kind == BackChoice::Kind::Other) spdlog::info("cards: the back of {}", m_back.deck->name);
    if (m_back.kind == BackChoice::Kind::Drawn) spdlog::info("cards: the built-in back");
    if (m_faces) showFaces();
    if (m_cardWidthPx > 0) prepare(m_cardWidthPx, m_cardHeightPx);
}

// The faces kept, with the back chosen: the deck's own, the drawn one, or another deck's once
// it is drawn (the deck's own until then).
bool WindowCanvas::showFaces() {
    if (!m_faces) return false;
    BackPicture drawnBack;
    drawnBack.drawn = true;
    const BackPicture* back = nullptr;
    if (m_back.kind == BackChoice::Kind::Drawn) {
        drawnCards();
        back = &drawnBack;
    } else if (m_back.kind == BackChoice::Kind::Other && m_backPicture) {
        back = &*m_backPicture;
    }
    m_tableLayerValid = false;
    return m_art.useDeck(*m_faces, back);
}

bool WindowCanvas::adoptBack(const deck::DeckLoader::Result& done) {
    const deck::DeckInfo& from = done.request.deck;
    if (done.render.image.empty()) {
        if (firstWordAbout(from.name)) tell("cards.cannot_draw", from.name, done.render.error);
        return false;
    }
    const deck::DeckImage& image = done.render.image;
    m_backPicture = BackPicture{false, image.cardWidth, image.cardHeight, image.cardPixels(deck::backCell())};
    m_backShown = done.request;
    spdlog::info("cards: the back of {} ready, {}", from.name, done.fromCache ? "read from the cache" : "drawn");
    return showFaces();
}

// The cards drawn by code, made for the current size when they are needed: shown without a
// deck, while one is drawn, and standing in for a card a deck lacks.
bool WindowCanvas::drawnCards() {
    if (!m_drawnCardsStale && m_art.built()) return true;
    m_drawnCardsStale = false;
    m_tableLayerValid = false;
    return m_art.build(m_cardWidthPx);
}

void WindowCanvas::chooseDeck(std::optional<deck::DeckInfo> deck) {
    m_deck = std::move(deck);
    m_shown.reset();
    m_faces.reset();
    m_backShown.reset();
    if (!m_deck) {
        drawnCards();
        m_art.useBuiltIn();
        m_tableLayerValid = false;
        spdlog::info("cards: the built-in cards");
        return;
    }
    spdlog::info("cards: {} ({})", m_deck->name, m_deck->file.string());
    if (m_cardWidthPx > 0) prepare(m_cardWidthPx, m_cardHeightPx);
}

bool WindowCanvas::followDeck(std::vector<std::string>& notices) {
    bool changed = false;
    if (std::optional<deck::DeckLoader::Result> done = m_decks.take()) {
        // A deck chosen away while it was drawn is not shown; one already shown from the cache
        // at that size is not shown twice.
        if (m_deck && m_deck->file == done->request.deck.file && m_shown != done->request) changed = adopt(*done);
    }
    if (std::optional<deck::DeckLoader::Result> done = m_backs.take(); done && backRequest() == done->request) {
        changed = adoptBack(*done) || changed;
    }
    for (std::string& words : m_notices) notices.push_back(std::move(words));
    m_notices.clear();
    return changed;
}

// A deck's problems are said the first time it is shown, not at every resize.
bool WindowCanvas::firstWordAbout(const std::string& deckName) {
    if (std::find(m_toldAbout.begin(), m_toldAbout.end(), deckName) != m_toldAbout.end()) return false;
    m_toldAbout.push_back(deckName);
    return true;
}

bool WindowCanvas::adopt(const deck::DeckLoader::Result& done) {
    const deck::DeckInfo& drawn = done.request.deck;
    const bool firstWord = firstWordAbout(drawn.name);
    if (done.render.image.empty()) {
        if (firstWord) tell("cards.cannot_draw", drawn.name, done.render.error);
        drawnCards();
        m_art.useBuiltIn();
        m_shown.reset();
        m_faces.reset();
        m_tableLayerValid = false;
        return true;
    }
    const bool lacksCards = !done.render.image.missingCards().empty();
    if (firstWord && lacksCards) tell("cards.no_joker", drawn.name);
    if (firstWord && !done.cacheProblem.empty()) tell("cards.not_kept", done.cacheProblem);
    if (lacksCards) drawnCards(); // they stand in for what the deck lacks
    const auto start = std::chrono::steady_clock::now();
    m_faces = done.render.image;
    if (!showFaces()) {
        spdlog::error("cards: cannot make a {}x{} texture for {}", done.render.image.atlasWidth(),
                      done.render.image.atlasHeight(), drawn.name);
        return false;
    }
    spdlog::info("cards: {} ready, cards of {}x{} px, {} in {:.0f} ms, made a texture in {:.0f} ms", drawn.name,
                 done.render.image.cardWidth, done.render.image.cardHeight, done.fromCache ? "read from the cache" : "drawn",
                 done.milliseconds, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    m_shown = done.request;
    m_tableLayerValid = false;
    return true;
}

void WindowCanvas::drawOnto(sf::RenderWindow& window, const Frame& frame) {
    m_renderer.draw(window, frame.layout, frame.scene);
    frame.overlay.draw(frame.overlayFrame, frame.now);
}

void WindowCanvas::drawFull(sf::RenderWindow& window, const Frame& frame) { drawFrame(window, frame, true, false); }

void WindowCanvas::drawMotion(sf::RenderWindow& window, const Frame& frame) { drawFrame(window, frame, false, false); }

// Only the clock changed (or the menus want a frame): with the window's last frame kept, its box
// is drawn anew. The whole window is copied to the screen all the same: on a desktop without a
// compositor a window that covered part of ours leaves that part to be painted again, and SFML
// does not say when; once a second, the screen gets the whole frame back.
void WindowCanvas::drawClockTick(sf::RenderWindow& window, const Frame& frame) { drawFrame(window, frame, false, true); }

// The frame on the screen: the rectangles drawn anew, or (null) the whole window.
// True when the back buffer still holds the frame shown (it was copied, not swapped).
bool WindowCanvas::show(sf::RenderWindow& window, const std::vector<Rect>* rects) {
    if (!m_present) m_present = std::make_unique<SubBufferPresent>(); // the window's context is current now
    const sf::Vector2u size = window.getSize();
    // The driver sizes its buffers to a resized window at a swap: until one has happened at this
    // size, copying a part would reach past the old buffer (the X server refuses it, and Xlib
    // ends the program). The first frame at a new size is swapped; the next one is whole.
    if (!m_present->available() || size != m_swappedSize) {
        window.display();
        m_swappedSize = size;
        return false;
    }
    const std::vector<Rect> whole{Rect{0, 0, static_cast<float>(size.x), static_cast<float>(size.y)}};
    m_present->present(rects != nullptr ? *rects : whole, size.x, size.y);
    return true;
}

namespace {

// Whole pixels around `rect`, inside the window.
Rect pixelBox(const Rect& rect, sf::Vector2u size) {
    const float left = std::max(0.0f, std::floor(rect.left));
    const float top = std::max(0.0f, std::floor(rect.top));
    const float right = std::min(static_cast<float>(size.x), std::ceil(rect.right()));
    const float bottom = std::min(static_cast<float>(size.y), std::ceil(rect.bottom()));
    return {left, top, std::max(0.0f, right - left), std::max(0.0f, bottom - top)};
}

// The boxes in whole pixels, those that overlap joined into one: each box is a pass of drawing,
// and a pixel drawn twice is drawn for nothing.
std::vector<Rect> pixelBoxes(const std::vector<Rect>& rects, sf::Vector2u size) {
    std::vector<Rect> boxes;
    for (const Rect& rect : rects) {
        Rect box = pixelBox(rect, size);
        if (box.width <= 0 || box.height <= 0) continue;
        for (bool merged = true; merged;) { // a joined box may reach another one
            merged = false;
            for (std::size_t i = 0; i < boxes.size(); ++i) {
                if (!boxes[i].intersects(box)) continue;
                box = box.joined(boxes[i]);
                boxes.erase(boxes.begin() + static_cast<std::ptrdiff_t>(i));
                merged = true;
                break;
            }
        }
        boxes.push_back(box);
    }
    return boxes;
}

float areaOf(const std::vector<Rect>& boxes) {
    float area = 0;
    for (const Rect& box : boxes) area += box.width * box.height;
    return area;
}

} // namespace

// The still table in m_tableLayer, brought up to date: drawn whole when it is new or stale, else
// only where a part of it changed since the last frame (those boxes go to `damage`). False: no
// layer could be made (a window too large for a texture).
bool WindowCanvas::updateStillLayer(sf::Vector2u size, const Frame& frame, std::vector<Rect>& damage) {
    if (m_tableLayer.getSize() != size) {
        m_tableLayerValid = false;
        if (!m_tableLayer.create(size.x, size.y)) return false;
    }
    const std::vector<TableRenderer::StillPiece> pieces = m_renderer.stillPieces(frame.layout, frame.scene);
    std::vector<PieceLook> looks;
    looks.reserve(pieces.size());
    for (const TableRenderer::StillPiece& piece : pieces) looks.push_back({piece.bounds, piece.look});
    if (!m_tableLayerValid) {
        m_renderer.drawStillIn(m_tableLayer, frame.layout, pieces, {0, 0, static_cast<float>(size.x), static_cast<float>(size.y)});
        m_tableLayer.display();
        m_tableLayerValid = true;
        m_stillLooks = std::move(looks);
        return true;
    }
    // A part that is not in both lists, drawn alike, changed: where it was and where it is.
    std::vector<Rect> changed;
    const auto unmatched = [&changed](const std::vector<PieceLook>& from, const std::vector<PieceLook>& in) {
        for (const PieceLook& look : from) {
            if (std::find(in.begin(), in.end(), look) == in.end()) changed.push_back(look.bounds);
        }
    };
    unmatched(m_stillLooks, looks);
    unmatched(looks, m_stillLooks);
    m_stillLooks = std::move(looks);
    if (changed.empty()) return true;
    for (const Rect& box : pixelBoxes(changed, size)) {
        m_renderer.drawStillIn(m_tableLayer, frame.layout, pieces, box);
        damage.push_back(box);
    }
    m_tableLayer.display();
    return true;
}

// Every frame: the still table brought up to date where it changed, the menus built when they
// may have changed, then what changed since the last frame (the still table's changed parts,
// the clock among them, the menus' changed windows, what moved then and moves now) copied from
// the layer and drawn over. When the window keeps its last frame (SubBufferPresent) and that is a small
// share of it, only those boxes are drawn and put on the screen; else the whole layer, once.
void WindowCanvas::drawFrame(sf::RenderWindow& window, const Frame& frame, bool newOverlay, bool copyWhole) {
    const sf::Vector2u size = window.getSize();
    const bool layerWasValid = m_tableLayerValid && m_tableLayer.getSize() == size;
    std::vector<Rect> damage;
    if (!updateStillLayer(size, frame, damage)) { // straight onto the window, whole
        m_lastFrameWhole = true;
        drawOnto(window, frame);
        m_backBufferWhole = show(window, nullptr);
        m_lastMoving = m_renderer.movingBounds(frame.layout, frame.scene);
        return;
    }
    if (newOverlay || frame.overlay.active(frame.now)) {
        for (const sf::FloatRect& box : frame.overlay.build(frame.overlayFrame, frame.now)) {
            damage.push_back({box.left, box.top, box.width, box.height});
        }
    }
    std::vector<Rect> moving = m_renderer.movingBounds(frame.layout, frame.scene);
    damage.insert(damage.end(), m_lastMoving.begin(), m_lastMoving.end());
    damage.insert(damage.end(), moving.begin(), moving.end());
    const std::vector<Rect> boxes = pixelBoxes(damage, size);
    if (size != m_frameSize) { // see kWholeAfterResizeMs
        m_frameSize = size;
        m_resizedAt = frame.now;
    }
    const bool partial = layerWasValid && m_backBufferWhole && frame.now - m_resizedAt >= kWholeAfterResizeMs &&
                         areaOf(boxes) < kMostPartialShare * static_cast<float>(size.x) * static_cast<float>(size.y);
    m_lastFrameWhole = !partial;
    const sf::Texture& still = m_tableLayer.getTexture();
    std::vector<sf::FloatRect> clips;
    if (partial) {
        for (const Rect& box : boxes) { // the still table where something changed
            const sf::IntRect pixels(static_cast<int>(box.left), static_cast<int>(box.top), static_cast<int>(box.width),
                                     static_cast<int>(box.height));
            sf::Sprite piece(still, pixels);
            piece.setPosition(box.left, box.top);
            window.draw(piece, sf::BlendNone);
            clips.emplace_back(box.left, box.top, box.width, box.height);
        }
    } else {
        window.draw(sf::Sprite(still), sf::BlendNone); // opaque: a copy, not a blend
    }
    m_renderer.drawMoving(window, frame.layout, frame.scene);
    frame.overlay.render(window, partial ? &clips : nullptr);
    if (partial && m_checkPartial) checkPartial(window, frame, size);
    m_backBufferWhole = show(window, partial && !copyWhole ? &boxes : nullptr);
    m_lastMoving = std::move(moving);
}

// --check-frames: the frame drawn in parts over the kept one, against the same frame drawn whole
// from nothing. A place the damage missed (a card's trail, a shadow cut off, a part of the still
// table that changed unnoticed, a menu closed) shows as pixels that differ.
void WindowCanvas::checkPartial(sf::RenderWindow& window, const Frame& frame, sf::Vector2u size) {
    // Resized while it was drawn (SFML asks the X server for the size): the driver gave the
    // window new buffers, this frame is lost anyway, and the next ones are drawn whole.
    if (window.getSize() != size) return;
    sf::Texture drawn;
    sf::RenderTexture whole;
    if (!drawn.create(size.x, size.y) || !whole.create(size.x, size.y)) return;
    drawn.update(window);
    m_renderer.drawStill(whole, frame.layout, frame.scene);
    m_renderer.drawMoving(whole, frame.layout, frame.scene);
    frame.overlay.render(whole);
    whole.display();
    const sf::Image parts = drawn.copyToImage();
    const sf::Image full = whole.getTexture().copyToImage();
    long differing = 0;
    unsigned left = size.x, top = size.y, right = 0, bottom = 0; // where they differ
    for (unsigned y = 0; y < size.y; ++y) {
        for (unsigned x = 0; x < size.x; ++x) {
            const sf::Color a = parts.getPixel(x, y);
            const sf::Color b = full.getPixel(x, y);
            const auto off = [](sf::Uint8 p, sf::Uint8 q) { return std::abs(static_cast<int>(p) - static_cast<int>(q)) > kCheckTolerance; };
            if (!off(a.r, b.r) && !off(a.g, b.g) && !off(a.b, b.b)) continue;
            ++differing;
            left = std::min(left, x);
            top = std::min(top, y);
            right = std::max(right, x + 1);
            bottom = std::max(bottom, y + 1);
        }
    }
    ++m_partialChecked;
    if (differing > kCheckMostPixels && m_partialWrong++ < 5) {
        spdlog::warn("frame check: a frame drawn in parts differs from the whole frame in {} pixels, within {}x{} at {},{} "
                     "(window {}x{})", differing, right - left, bottom - top, left, top, size.x, size.y);
    }
}

// Drawn into the window's back buffer and copied out before display() (under Xvfb too: the
// back buffer is Mesa's own memory).
bool WindowCanvas::screenshot(sf::RenderWindow& window, const Frame& frame, const std::string& path, bool quiet) {
    sf::Texture shot;
    const sf::Vector2u size = window.getSize();
    if (!shot.create(size.x, size.y)) {
        spdlog::error("screenshot: cannot create a {}x{} texture", size.x, size.y);
        return false;
    }
    drawOnto(window, frame);
    shot.update(window);
    m_backBufferWhole = false; // what is drawn now is not what the screen shows: the next frame is whole
    if (!shot.copyToImage().saveToFile(path)) {
        spdlog::error("screenshot: cannot write {}", path);
        return false;
    }
    if (quiet) spdlog::debug("frame saved to {}", path);
    else spdlog::info("screenshot saved to {} ({}x{})", path, size.x, size.y);
    return true;
}

} // namespace speed::client
