#include "render/TableRenderer.hpp"

#include "render/FeltPainter.hpp"
#include "render/SfColour.hpp"
#include "table/StatusLine.hpp"
#include "table/TableText.hpp"
#include "text/LineBreak.hpp"
#include "text/Words.hpp"

#include "speed/common/Fnv.hpp"
#include "speed/common/Outcome.hpp"

#include <SFML/Graphics/ConvexShape.hpp>
#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Sprite.hpp>
#include <SFML/Graphics/Text.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

namespace speed::client {
namespace {

const sf::Color kHighlight = sfColour(palette::kHighlight);
const sf::Color kSelection = sfColour(palette::kSelection);
const sf::Color kMarkOnFelt = sfColour(palette::kMarkOnFelt);
const sf::Color kLabel = sfColour(palette::kLabel);
const sf::Color kShadow = sfColour(palette::kShadow);

float radiusFor(const Rect& rect) { return rect.width * 0.08f; }

sf::Vector2f toVector(Point p) { return {p.x, p.y}; }

sf::String utf8(const std::string& text) { return sf::String::fromUtf8(text.begin(), text.end()); }

// The still table's parts, told apart in their digests.
enum class PieceKind : std::uint8_t { Deck, Slot, Name, Pile, Note, Dim, Banner, Clock, StatusBar };

// A digest of the values that decide how a still part looks.
class LookDigest {
public:
    template <typename T>
        requires std::is_arithmetic_v<T> || std::is_enum_v<T>
    LookDigest& add(T value) { return bytes(&value, sizeof value); }
    LookDigest& add(const std::string& text) { return add(text.size()).bytes(text.data(), text.size()); }
    LookDigest& add(const Rect& rect) { return add(rect.left).add(rect.top).add(rect.width).add(rect.height); }
    LookDigest& add(sf::Color colour) { return add(colour.toInteger()); }
    std::uint64_t value() const { return m_hash; }

private:
    LookDigest& bytes(const void* data, std::size_t size) {
        m_hash = fnv1a(data, size, m_hash);
        return *this;
    }
    std::uint64_t m_hash = kFnvBasis;
};

// Where a card drawn at `rect` may paint: its shadow below and to the right, a lift or a glow
// above and around, a pixel of smoothing.
Rect cardBounds(const Rect& rect) { return rect.inflated(std::max(rect.width, rect.height) * 0.12f + 3); }

// How far each card of a deck's stack sits up and to the left of the one below.
float deckStep(const Rect& deck) { return std::max(1.0f, deck.width * 0.025f); }

// A card's shadow falls this far below it (half as far to the right), the farther the higher it is.
float cardShadowPx(const Rect& place, float liftPx) { return std::max(2.0f, place.width * 0.03f) + liftPx * 0.6f; }

// A card in the air rises a little at the start of its way and comes down as it lands.
float flightLift(const CardFlight& flight, const Rect& rect, TimeMs now) {
    return flight.fades ? 0 : (1.0f - flightProgress(flight, now)) * rect.height * 0.06f;
}

// The card in the hand: a little larger than in its place, and raised.
Rect heldRect(const TableScene& scene) { return scene.drag->cardRect().inflated(scene.drag->cardRect().width * 0.04f); }
float heldLift(const TableScene& scene) { return scene.drag->cardRect().height * 0.05f; }

Rect textBounds(const sf::Text& text) {
    const sf::FloatRect bounds = text.getGlobalBounds();
    return Rect{bounds.left, bounds.top, bounds.width, bounds.height}.inflated(2);
}

} // namespace

void TableRenderer::draw(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    drawStill(target, layout, scene);
    drawMoving(target, layout, scene);
}

void TableRenderer::drawStill(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    target.clear(sfColour(palette::kFeltEdge));
    drawFelt(target, layout.table);
    for (const StillPiece& piece : stillPieces(layout, scene)) piece.draw(target);
}

void TableRenderer::drawStillIn(sf::RenderTarget& target, const TableLayout& layout, const std::vector<StillPiece>& pieces,
                                const Rect& box) const {
    const sf::Vector2f size(static_cast<float>(target.getSize().x), static_cast<float>(target.getSize().y));
    // A view of the box alone, on the same pixels: whatever is drawn is cut at its edges.
    sf::View view(sf::FloatRect(box.left, box.top, box.width, box.height));
    view.setViewport(sf::FloatRect(box.left / size.x, box.top / size.y, box.width / size.x, box.height / size.y));
    const sf::View kept = target.getView();
    target.setView(view);
    sf::RectangleShape ground({box.width, box.height}); // what clear() is for the whole target
    ground.setPosition(box.left, box.top);
    ground.setFillColor(sfColour(palette::kFeltEdge));
    target.draw(ground, sf::BlendNone);
    drawFelt(target, layout.table);
    for (const StillPiece& piece : pieces) {
        if (piece.bounds.intersects(box)) piece.draw(target);
    }
    target.setView(kept);
}

std::vector<TableRenderer::StillPiece> TableRenderer::stillPieces(const TableLayout& layout, const TableScene& scene) const {
    std::vector<StillPiece> pieces;
    if (scene.hasTable) { // else the start screen is over the bare felt
        for (int seat = 0; seat < kSeats; ++seat) addSide(pieces, layout, scene, seat);
        addPiles(pieces, layout, scene);
        addKeyCaps(pieces, scene);
        if (scene.note) addNote(pieces, layout, *scene.note);
        addDefeatDim(pieces, layout, scene);
        addBanner(pieces, layout, scene);
        addClock(pieces, layout, scene);
    }
    addStatusBar(pieces, layout, scene);
    addSpeaker(pieces, layout, scene);
    return pieces;
}

// Cards in the air go over everything on the table, the one in the hand last.
void TableRenderer::drawMoving(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    drawFlights(target, layout, scene);
    drawHeldCard(target, layout, scene);
    if (scene.hasTable) drawConfetti(target, layout, scene);
}

std::vector<Rect> TableRenderer::movingBounds(const TableLayout& layout, const TableScene& scene) const {
    std::vector<Rect> bounds;
    if (!scene.hasTable) return bounds;
    for (const CardFlight& flight : scene.timeline->flights()) {
        if (!flight.flying(scene.now)) continue;
        const Rect rect = flightRect(flight, rectOf(layout, flight.to), scene.now);
        bounds.push_back(cardPaint(rect, flightLift(flight, rect, scene.now)));
    }
    if (scene.drag->phase() == DragPhase::Dragging) bounds.push_back(cardPaint(heldRect(scene), heldLift(scene)));
    if (scene.ending && scene.ending->kind == EndingKind::Won && !scene.reducedMotion && scene.now >= scene.ending->startMs &&
        scene.now < scene.ending->startMs + kCelebrationMs) {
        bounds.push_back(layout.table); // the confetti falls all over it
    }
    return bounds;
}

// Where drawCard paints a card in `place` lifted by `liftPx`: the card raised, its shadow below
// and to the right, two pixels around for rounding. A narrowed card (turning) stays inside.
Rect TableRenderer::cardPaint(const Rect& place, float liftPx) const {
    const Rect rect = m_art.fitted(place);
    const float shadowPx = cardShadowPx(place, liftPx);
    const float left = std::floor(rect.left) - 2;
    const float top = std::floor(rect.top - liftPx) - 2;
    const float right = std::ceil(rect.right() + shadowPx * 0.5f) + 3;
    const float bottom = std::ceil(std::max(rect.bottom() + shadowPx, rect.bottom() - liftPx)) + 3;
    return {left, top, right - left, bottom - top};
}

// A card in its place; `widthScale` < 1 narrows it about its middle (a card turning over),
// `opacity` < 1 fades it and its shadow (a card fading in, with reduced motion).
void TableRenderer::drawCard(sf::RenderTarget& target, const Rect& place, std::optional<Card> faceUpCard, float liftPx,
                             float opacity, float widthScale) const {
    Rect rect = m_art.fitted(place);
    if (widthScale < 1) {
        const float width = std::max(1.0f, rect.width * widthScale);
        rect = {rect.center().x - width / 2, rect.top, width, rect.height};
    }
    const float shadowPx = cardShadowPx(place, liftPx);
    sf::Color shadow = liftPx > 0 ? sfColour(palette::kLiftedShadow) : kShadow;
    shadow.a = static_cast<sf::Uint8>(static_cast<float>(shadow.a) * opacity);
    target.draw(roundedRect({rect.left + shadowPx * 0.5f, rect.top + shadowPx, rect.width, rect.height},
                            std::min(radiusFor(rect), rect.width / 2), shadow));
    sf::Sprite sprite(m_art.texture(), faceUpCard ? m_art.faceRect(*faceUpCard) : m_art.backRect());
    const sf::IntRect source = sprite.getTextureRect();
    sprite.setScale(rect.width / static_cast<float>(source.width), rect.height / static_cast<float>(source.height));
    sprite.setPosition(widthScale < 1 ? rect.left : std::round(rect.left), std::round(rect.top - liftPx));
    if (opacity < 1) sprite.setColor(sf::Color(255, 255, 255, static_cast<sf::Uint8>(255 * std::clamp(opacity, 0.0f, 1.0f))));
    target.draw(sprite);
}

// A loss: the table dims over kDefeatDimMs, under the banner.
void TableRenderer::addDefeatDim(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const {
    if (!scene.ending || scene.ending->kind != EndingKind::Lost) return;
    const float t = std::clamp(static_cast<float>(scene.now - scene.ending->startMs) / static_cast<float>(kDefeatDimMs), 0.0f, 1.0f);
    sf::Color dim = sfColour(palette::kDefeatDim);
    dim.a = static_cast<sf::Uint8>(static_cast<float>(dim.a) * t);
    const Rect table = layout.table;
    pieces.push_back({table, LookDigest().add(PieceKind::Dim).add(table).add(dim.a).value(), [table, dim](sf::RenderTarget& target) {
                          sf::RectangleShape shade({table.width, table.height});
                          shade.setPosition(table.left, table.top);
                          shade.setFillColor(dim);
                          target.draw(shade);
                      }});
}

// A win: confetti falls over the table for kCelebrationMs, each piece turning and swaying on a
// path of its own, the same for the same game.
void TableRenderer::drawConfetti(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    if (!scene.ending || scene.ending->kind != EndingKind::Won || scene.reducedMotion) return;
    const TimeMs age = scene.now - scene.ending->startMs;
    if (age < 0 || age >= kCelebrationMs) return;
    constexpr int kPieces = 90;
    const Rect& table = layout.table;
    const float size = std::max(4.0f, layout.cardWidthPx * 0.09f);
    std::uint64_t state = scene.ending->seed * 0x9E3779B97F4A7C15ULL + 1;
    const auto next = [&state] { // a small seeded generator: 0..1
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        return static_cast<float>(state % 10000) / 10000.0f;
    };
    const float seconds = static_cast<float>(age) / 1000.0f;
    const float fadeFrom = 0.75f * static_cast<float>(kCelebrationMs) / 1000.0f;
    const float fade = seconds < fadeFrom ? 1.0f : std::max(0.0f, 1.0f - (seconds - fadeFrom) / (static_cast<float>(kCelebrationMs) / 1000.0f - fadeFrom));
    sf::RectangleShape piece({size, size * 0.45f});
    piece.setOrigin(size / 2, size * 0.225f);
    for (int i = 0; i < kPieces; ++i) {
        const float x0 = table.left + next() * table.width;
        const float delay = next() * static_cast<float>(kConfettiStaggerMs) / 1000.0f;
        const float speed = table.height * (0.35f + next() * 0.35f); // px per second, then gravity
        const float sway = size * (1.5f + next() * 2.5f);
        const float spin = 180.0f + next() * 540.0f;
        const Rgba colour = palette::kConfetti[static_cast<std::size_t>(next() * 5.999f)];
        const float t = seconds - delay;
        if (t <= 0) continue;
        const float y = table.top - size + speed * t + table.height * 0.25f * t * t;
        if (y > table.bottom()) continue;
        piece.setPosition(x0 + sway * std::sin(t * 4.0f + static_cast<float>(i)), y);
        piece.setRotation(spin * t);
        piece.setScale(1.0f, std::abs(std::cos(t * 6.0f + static_cast<float>(i)))); // tumbling
        piece.setFillColor(sf::Color(colour.r, colour.g, colour.b, static_cast<sf::Uint8>(255 * fade)));
        target.draw(piece);
    }
}

void TableRenderer::drawHighlight(sf::RenderTarget& target, const Rect& rect, bool strong) const {
    const sf::Color glow = strong ? kHighlight : kSelection;
    const float thickness = std::max(3.0f, rect.width * 0.05f);
    for (int ring = 3; ring >= 1; --ring) { // soft outer glow, solid inner rim
        const float grow = thickness * static_cast<float>(ring) * 0.8f;
        target.draw(roundedRect(rect.inflated(grow), radiusFor(rect) + grow,
                                sf::Color(glow.r, glow.g, glow.b, static_cast<sf::Uint8>(ring == 1 ? 255 : 140 / ring))));
    }
}

void TableRenderer::drawDeckCount(sf::RenderTarget& target, const Rect& deck, int count) const {
    const float size = deck.width * 0.42f;
    const Rect badge{deck.center().x - size / 2, deck.center().y - size / 2, size, size};
    target.draw(roundedRect(badge, size / 2, sfColour(palette::kBadge)));
    drawText(target, std::to_string(count), true, size * 0.5f, sfColour(palette::kBackBlue), toVector(badge.center()), true);
}

// A deck of `shown` cards: an outline when it is empty, else a few backs stacked up and to the
// left, the count on top.
void TableRenderer::drawDeck(sf::RenderTarget& target, const Rect& deckRect, int shown) const {
    if (shown <= 0) {
        drawDottedOutline(target, deckRect, radiusFor(deckRect), kMarkOnFelt, std::max(2.0f, deckRect.width * 0.03f));
        return;
    }
    const int layers = std::min(3, 1 + shown / 10);
    const float step = deckStep(deckRect);
    for (int layer = layers - 1; layer >= 0; --layer) {
        drawCard(target, deckRect.movedTo({deckRect.left - step * static_cast<float>(layer), deckRect.top - step * static_cast<float>(layer)}),
                 std::nullopt);
    }
    drawDeckCount(target, deckRect.movedTo({deckRect.left - step * static_cast<float>(layers - 1), deckRect.top - step * static_cast<float>(layers - 1)}),
                  shown);
}

void TableRenderer::drawSlot(sf::RenderTarget& target, const Rect& rect, const SlotLook& look) const {
    if (look.highlighted) drawHighlight(target, rect, true);
    if (!look.card) {
        drawDottedOutline(target, rect, radiusFor(rect), kMarkOnFelt, std::max(2.0f, rect.width * 0.03f));
        return;
    }
    if (look.selected) drawHighlight(target, rect.movedTo({rect.left, rect.top - rect.height * 0.1f}), false);
    // A card the player may play rises a little under the pointer: "this one can go".
    drawCard(target, rect, *look.card, look.selected ? rect.height * 0.1f : look.hovered ? rect.height * 0.06f : 0);
}

void TableRenderer::addSide(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene, int seat) const {
    const GameState& state = *scene.state;
    const PlayerArea& area = state.player(seat);
    const Timeline& timeline = *scene.timeline;
    const Rect deckRect = m_art.fitted(layout.deck[static_cast<std::size_t>(seat)]); // the deck's own shape
    const bool deckHeld = scene.drag->phase() == DragPhase::Dragging && scene.drag->holds(Place::deck(seat));
    const int shownDeck = area.deck.size() - (deckHeld ? 1 : 0);
    const Rect deckBox = cardBounds(deckRect);
    const float step = 2 * deckStep(deckRect); // the stack's upper layers
    // A deck is lit by a lesson or the hint key: the refill it stands for.
    const bool deckLit = std::find(scene.highlights.begin(), scene.highlights.end(), Place::deck(seat)) != scene.highlights.end();
    pieces.push_back({{deckBox.left - step, deckBox.top - step, deckBox.width + step, deckBox.height + step},
                      LookDigest().add(PieceKind::Deck).add(deckRect).add(shownDeck).add(deckLit).value(),
                      [this, deckRect, shownDeck, deckLit](sf::RenderTarget& target) {
                          if (deckLit) drawHighlight(target, deckRect, true); // a glow round the stack
                          drawDeck(target, deckRect, shownDeck);
                      }});
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const Place place = Place::handSlot(seat, slot);
        const Rect rect = m_art.fitted(rectOf(layout, place)); // outlines and glows hug the card as drawn
        SlotLook look;
        look.highlighted = std::find(scene.highlights.begin(), scene.highlights.end(), place) != scene.highlights.end();
        const auto& card = area.hand[static_cast<std::size_t>(slot)];
        const bool hidden = scene.drag->holds(place) && scene.drag->phase() == DragPhase::Dragging;
        if (card && !hidden && timeline.pendingArrivals(place, scene.now) == 0) {
            look.card = *card;
            look.selected = scene.selected == place || scene.otherSelected == place;
            look.hovered = !look.selected && scene.hovered == place;
        }
        // Lifted (selected) cards and their glow reach a tenth of a card higher.
        Rect box = cardBounds(rect);
        box.top -= rect.height * 0.1f;
        box.height += rect.height * 0.1f;
        pieces.push_back({box,
                          LookDigest().add(PieceKind::Slot).add(rect).add(look.highlighted).add(look.selected).add(look.hovered)
                              .add(look.card ? look.card->code() : std::string()).value(),
                          [this, rect, look](sf::RenderTarget& target) { drawSlot(target, rect, look); }});
    }
    const int cardsLeft = area.deck.size() + area.handCount();
    const std::string& who = seat == scene.localSeat ? scene.localName : scene.opponentName;
    const std::string name = cardsLeft == 1 ? trf("screen.table.cards_left_one", who, cardsLeft)
                                            : trf("screen.table.cards_left", who, cardsLeft);
    const sf::Text label = makeText(name, false, std::max(layout.cardWidthPx * 0.17f, layout.wordsPx), kLabel,
                                    toVector(layout.nameAnchor[static_cast<std::size_t>(seat)]), false);
    pieces.push_back({textBounds(label), LookDigest().add(PieceKind::Name).add(name).add(textBounds(label)).value(),
                      [label](sf::RenderTarget& target) { target.draw(label); }});
}

void TableRenderer::drawPile(sf::RenderTarget& target, const Rect& rect, const PileLook& look) const {
    target.draw(roundedRect(rect.inflated(rect.width * 0.06f), radiusFor(rect) * 1.3f, sfColour(palette::kPileWell)));
    if (look.highlighted) drawHighlight(target, rect, true);
    if (!look.top) {
        drawDottedOutline(target, rect, radiusFor(rect), kMarkOnFelt, std::max(2.0f, rect.width * 0.03f));
        return;
    }
    if (look.under) { // a hint of the cards below, slightly turned
        drawCard(target, rect.movedTo({rect.left + rect.width * 0.03f, rect.top + rect.width * 0.02f}), *look.under);
    }
    drawCard(target, rect, *look.top);
}

void TableRenderer::addPiles(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const {
    for (int index = 0; index < kFieldPiles; ++index) {
        const Place place = Place::pile(index);
        const Rect rect = m_art.fitted(rectOf(layout, place));
        const CardStack& pile = scene.state->pile(index);
        const int shown = pile.size() - scene.timeline->pendingArrivals(place, scene.now);
        PileLook look;
        look.highlighted = std::find(scene.highlights.begin(), scene.highlights.end(), place) != scene.highlights.end();
        if (shown > 0) look.top = pile[shown - 1];
        if (shown > 1) look.under = pile[shown - 2];
        pieces.push_back({cardBounds(rect).inflated(rect.width * 0.03f),
                          LookDigest().add(PieceKind::Pile).add(rect).add(look.highlighted).add(look.top ? look.top->code() : std::string())
                              .add(look.under ? look.under->code() : std::string()).value(),
                          [this, rect, look](sf::RenderTarget& target) { drawPile(target, rect, look); }});
    }
}

void TableRenderer::drawFlights(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    for (const CardFlight& flight : scene.timeline->flights()) {
        if (!flight.flying(scene.now)) continue; // a deal's later cards are still in the deck
        const Rect rect = flightRect(flight, rectOf(layout, flight.to), scene.now);
        const FlightLook look = flightLook(flight, scene.now);
        drawCard(target, rect, look.faceUp ? std::optional<Card>(flight.card) : std::nullopt, flightLift(flight, rect, scene.now),
                 look.opacity, look.widthScale);
    }
}

void TableRenderer::drawHeldCard(sf::RenderTarget& target, const TableLayout& /*layout*/, const TableScene& scene) const {
    if (scene.drag->phase() != DragPhase::Dragging) return;
    const Place source = scene.drag->source();
    std::optional<Card> face;
    if (source.kind == PlaceKind::HandSlot) face = scene.state->player(source.seat).hand[static_cast<std::size_t>(source.index)];
    drawCard(target, heldRect(scene), face, heldLift(scene));
}

// The game's time (its label over it, the match's score under it): a part of the still table
// that changes once a second.
void TableRenderer::addClock(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const {
    const Rect& box = layout.clock;
    if (box.width < layout.cardWidthPx * 0.5f) return;
    const sf::Vector2f center{box.left + box.width * 0.45f, box.center().y};
    const float room = box.width * 0.9f; // the words over and under the clock stay in its box
    std::vector<sf::Text> lines;
    // The words over and under the time keep to the UI scale's size: they move away from the
    // time as they grow.
    const float card = layout.cardWidthPx;
    const float wordsPx = std::max(card * 0.15f, layout.wordsPx);
    lines.push_back(makeText(scene.clockLabel, false, wordsPx, sfColour(palette::kClockLabel),
                             center - sf::Vector2f{0, std::max(card * 0.32f, card * 0.2f + wordsPx * 0.8f)}, true, room));
    const std::string time = formatClock(scene.elapsedMs);
    lines.push_back(makeText(time, true, card * 0.36f, sfColour(palette::kWhite), center + sf::Vector2f{0, card * 0.08f}, true));
    if (!scene.matchScore.empty()) {
        lines.push_back(makeText(scene.matchScore, false, wordsPx, sfColour(palette::kClockLabel),
                                 center + sf::Vector2f{0, std::max(card * 0.45f, card * 0.3f + wordsPx * 0.8f)}, true, room));
    }
    Rect bounds = box;
    for (const sf::Text& line : lines) bounds = bounds.joined(textBounds(line));
    pieces.push_back({bounds, LookDigest().add(PieceKind::Clock).add(box).add(scene.clockLabel).add(time).add(scene.matchScore).value(),
                      [lines](sf::RenderTarget& target) {
                          for (const sf::Text& line : lines) target.draw(line);
                      }});
}

// Two players on one keyboard: each key's name on a small dark cap beside what it plays.
void TableRenderer::addKeyCaps(std::vector<StillPiece>& pieces, const TableScene& scene) const {
    for (const KeyCap& cap : scene.keyCaps) {
        const sf::Text label = makeText(cap.label, true, cap.box.height * 0.7f, sfColour(palette::kWhite),
                                        toVector(cap.box.center()), true);
        const Rect box = cap.box;
        pieces.push_back({box.inflated(1), LookDigest().add(PieceKind::Banner).add(box).add(cap.label).value(),
                          [box, label](sf::RenderTarget& target) {
                              target.draw(roundedRect(box.inflated(1), box.height * 0.25f, sfColour(palette::kLabel)));
                              target.draw(roundedRect(box, box.height * 0.22f, sfColour(palette::kStatusStrip)));
                              target.draw(label);
                          }});
    }
}

void TableRenderer::addBanner(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const {
    if (scene.bannerHidden) return; // under the start screen's panel it would show by halves
    MatchNotice notice;
    sf::Color color = kHighlight;
    sf::Color band = sfColour(palette::kBannerShade);
    switch (scene.info) {
    case GameInfo::Win: case GameInfo::ExtGame: case GameInfo::Draw: case GameInfo::Defeat: {
        const Outcome outcome = shownOutcome(scene.info, scene.state->result, scene.localSeat);
        const bool draw = outcome == Outcome::Draw;
        if (scene.twoPlayers && !draw) { // somebody here won: the banner names them
            const std::string& winner = outcome == Outcome::Won ? scene.localName : scene.opponentName;
            notice.headline = trf("screen.hotseat.wins", winner);
            notice.detail = trf("screen.hotseat.won_in", winner, formatClock(scene.elapsedMs), scene.nextGameHint);
            band = sfColour(palette::kWinBand);
            break;
        }
        const bool won = outcome == Outcome::Won;
        notice.headline = tr(draw ? "screen.banner.draw" : won ? "screen.banner.win" : "screen.banner.lose");
        // A win in gold on a warm band, a loss in quiet grey-blue on the dimmed table.
        color = draw ? sfColour(palette::kWhite) : won ? kHighlight : sfColour(palette::kDefeatWords);
        notice.detail = trf(draw ? "screen.banner.draw_in" : won ? "screen.banner.won_in" : "screen.banner.lost_in",
                            formatClock(scene.elapsedMs), scene.nextGameHint);
        if (won) band = sfColour(palette::kWinBand);
        break;
    }
    case GameInfo::Pause0: case GameInfo::Pause1:
        notice = scene.notice;
        if (notice.headline.empty()) notice = {tr("screen.banner.paused"), tr("screen.banner.resume"), {}, false};
        break;
    default:
        notice = scene.notice;
        if (notice.headline.empty()) {
            if (!scene.speedCalled || layout.call.width <= 0) return;
            const std::string word = tr("screen.table.speed");
            pieces.push_back({layout.call.inflated(layout.call.height * 0.25f + 4),
                              LookDigest().add(PieceKind::Banner).add(layout.call).add(word).value(),
                              [this, &layout, word](sf::RenderTarget& target) { drawCall(target, layout, word); }});
            return;
        }
    }
    pieces.push_back({layout.banner.inflated(2),
                      LookDigest().add(PieceKind::Banner).add(layout.banner).add(notice.headline).add(notice.detail).add(color).add(band).value(),
                      [this, &layout, notice, color, band](sf::RenderTarget& target) { drawNotice(target, layout, notice, color, band); }});
}

// A dark label over the top of the card it is about (the field row above stays clear).
void TableRenderer::addNote(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableNote& note) const {
    const Rect card = rectOf(layout, note.at);
    if (card.width <= 0) return;
    sf::Text text(utf8(note.text), m_fonts.bold(),
                  static_cast<unsigned>(std::max(12.0f, layout.cardWidthPx * 0.15f)));
    const sf::FloatRect bounds = text.getLocalBounds();
    const float padding = static_cast<float>(text.getCharacterSize()) * 0.5f;
    const float width = bounds.width + 2 * padding;
    const float height = static_cast<float>(text.getCharacterSize()) * 1.7f;
    const float left = std::clamp(card.center().x - width / 2, layout.table.left + 4, layout.table.right() - width - 4);
    // In the strip between the card's row and the field piles when it fits there, so that it
    // covers neither the card's corner nor a pile; else over the top of the card.
    const float pilesTop = std::min(layout.pile[0].top, layout.pile[1].top);
    const float pilesBottom = std::max(layout.pile[0].bottom(), layout.pile[1].bottom());
    const float gapTop = card.top >= pilesBottom ? pilesBottom : card.bottom();
    const float gapBottom = card.top >= pilesBottom ? card.top : pilesTop;
    const float top = gapBottom - gapTop >= height + 4 ? (gapTop + gapBottom - height) / 2 : card.top + card.height * 0.12f;
    const Rect box{left, top, width, height};
    text.setFillColor(sfColour(palette::kWhite));
    centerText(text, {left + width / 2, top + height / 2});
    pieces.push_back({box.inflated(2).joined(textBounds(text)),
                      LookDigest().add(PieceKind::Note).add(box).add(note.text).value(), [box, text](sf::RenderTarget& target) {
                          target.draw(roundedRect(box, box.height * 0.3f, sfColour(palette::kBannerShade)));
                          target.draw(text);
                      }});
}

// The SPEED! call beside the piles, as large as its box allows.
void TableRenderer::drawCall(sf::RenderTarget& target, const TableLayout& layout, const std::string& word) const {
    const Rect box = layout.call;
    if (box.width <= 0) return;
    sf::Text call(utf8(word), m_fonts.bold(), static_cast<unsigned>(std::max(kSmallestWordsPx, box.height * 0.5f)));
    const float fit = call.getLocalBounds().width > 0 ? box.width * 0.92f / call.getLocalBounds().width : 1.0f;
    if (fit < 1) call.setCharacterSize(static_cast<unsigned>(std::max(kSmallestWordsPx, box.height * 0.5f * fit)));
    call.setFillColor(kHighlight);
    call.setOutlineColor(kShadow);
    call.setOutlineThickness(2);
    centerText(call, toVector(box.center()));
    target.draw(call);
}

void TableRenderer::drawNotice(sf::RenderTarget& target, const TableLayout& layout, const MatchNotice& notice,
                               sf::Color color, sf::Color bandColour) const {
    const std::string& headline = notice.headline;
    const std::string& detail = notice.detail;
    const Rect band = layout.banner;
    sf::RectangleShape shade({band.width, band.height});
    shade.setPosition(band.left, band.top);
    shade.setFillColor(bandColour);
    target.draw(shade);
    const sf::Vector2f middle = toVector(band.center());
    const float room = band.width * 0.94f; // a long line (wide words) is drawn smaller, never cut
    if (detail.empty()) {
        drawText(target, headline, true, band.height * 0.62f, color, middle, true, room);
        return;
    }
    drawText(target, headline, true, band.height * 0.4f, color, middle - sf::Vector2f{0, band.height * 0.13f}, true, room);
    // A detail too long for the band takes two lines, broken where its language allows (a
    // Japanese sentence between characters, never inside an address), each drawn smaller only
    // if it still does not fit.
    const float detailPx = band.height * kBannerDetailShare;
    const auto width = [&](std::string_view piece) {
        return sf::Text(utf8(std::string(piece)), m_fonts.regular(), static_cast<unsigned>(std::max(kSmallestWordsPx, detailPx))).getLocalBounds().width;
    };
    const std::vector<std::string_view> lines = breakLines(detail, room, width);
    if (lines.size() < 2) {
        drawText(target, detail, false, detailPx, kLabel, middle + sf::Vector2f{0, band.height * 0.29f}, true, room);
        return;
    }
    const std::string rest(detail.substr(static_cast<std::size_t>(lines[1].data() - detail.data())));
    drawText(target, std::string(lines[0]), false, detailPx, kLabel, middle + sf::Vector2f{0, band.height * 0.21f}, true, room);
    drawText(target, rest, false, detailPx, kLabel, middle + sf::Vector2f{0, band.height * 0.38f}, true, room);
}

namespace {

// The key hints that apply now, most useful first.
std::vector<std::string> hintPieces(const TableScene& scene) {
    if (!scene.hasTable) return {};
    if (gameFinished(scene.info)) return {scene.nextGameHint};
    if (scene.info != GameInfo::Play) return {};
    if (scene.twoPlayers) return {tr("screen.hint.drag"), tr("screen.hint.hotseat"), tr("screen.hint.pause"), tr("screen.hint.help")};
    return {tr("screen.hint.drag"), trf("screen.hint.play", scene.state->rules.handSize), tr("screen.hint.refill"),
            tr("hint.key"), tr("screen.hint.pause"), tr("screen.hint.help")};
}

// The status pill's colour: green in play; after a game, gold for a win, a muted red for a loss,
// neutral for a draw, so the result shows at a glance; the pauses' and waits' orange otherwise.
Rgba pillColour(const TableScene& scene) {
    if (scene.info == GameInfo::Play) return palette::kStatusPlaying;
    if (!gameFinished(scene.info) || scene.state == nullptr) return palette::kStatusOther;
    switch (outcomeFor(scene.state->result, scene.localSeat)) {
    case Outcome::Won: return palette::kStatusWon;
    case Outcome::Lost: return palette::kStatusLost;
    case Outcome::Draw: case Outcome::Playing: break;
    }
    return palette::kStatusDrawn;
}

// The room a text takes on its line, spaces included (its bounds leave out leading and
// trailing blanks, so they would underrate "  ·  ").
float advanceWidth(const sf::Text& text) {
    const float end = text.findCharacterPos(text.getString().getSize()).x - text.findCharacterPos(0).x;
    const sf::FloatRect bounds = text.getLocalBounds();
    return std::max(end, bounds.left + bounds.width);
}

} // namespace

void TableRenderer::addStatusBar(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const {
    StatusLook look;
    look.word = scene.statusWord;
    look.detail = scene.statusDetail;
    look.hints = hintPieces(scene);
    look.pill = sfColour(pillColour(scene));
    LookDigest digest;
    digest.add(PieceKind::StatusBar).add(layout.statusBar).add(look.word).add(look.detail).add(look.pill);
    for (const std::string& hint : look.hints) digest.add(hint);
    // The words end where the speaker starts; the strip runs under it.
    const Rect words{layout.statusBar.left, layout.statusBar.top, std::max(0.0f, layout.speaker.left - layout.statusBar.left),
                     layout.statusBar.height};
    pieces.push_back({layout.statusBar, digest.value(), [this, bar = layout.statusBar, words, look](sf::RenderTarget& target) {
                          sf::RectangleShape strip({bar.width, bar.height});
                          strip.setPosition(bar.left, bar.top);
                          strip.setFillColor(sfColour(palette::kStatusStrip));
                          target.draw(strip);
                          drawStatusBar(target, words, look);
                      }});
}

namespace {

// A band between two radii around `centre`, from angle `from` to `to` (radians): a sound wave.
void addArc(sf::VertexArray& strip, sf::Vector2f centre, float radius, float thickness, float from, float to) {
    constexpr int kSteps = 10;
    for (int i = 0; i <= kSteps; ++i) {
        const float angle = from + (to - from) * static_cast<float>(i) / kSteps;
        const sf::Vector2f direction{std::cos(angle), std::sin(angle)};
        strip.append(sf::Vertex(centre + direction * (radius - thickness / 2)));
        strip.append(sf::Vertex(centre + direction * (radius + thickness / 2)));
    }
}

// A thick line from `a` to `b`, as two triangles.
void addBar(sf::VertexArray& triangles, sf::Vector2f a, sf::Vector2f b, float thickness, sf::Color colour) {
    const sf::Vector2f along = b - a;
    const float length = std::max(0.001f, std::hypot(along.x, along.y));
    const sf::Vector2f side{-along.y / length * thickness / 2, along.x / length * thickness / 2};
    for (const sf::Vector2f corner : {a + side, a - side, b - side, a + side, b - side, b + side}) triangles.append(sf::Vertex(corner, colour));
}

} // namespace

// The speaker: on (its waves), muted (a cross) or without an audio device (greyed, struck
// through); for a moment after a change, the new state in words above it.
void TableRenderer::addSpeaker(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const {
    const Rect box = layout.speaker;
    if (box.width <= 0 || box.height <= 0) return;
    const SoundShown sound = scene.sound;
    pieces.push_back({box, LookDigest().add(PieceKind::StatusBar).add(box).add(static_cast<int>(sound)).value(),
                      [box, sound](sf::RenderTarget& target) {
                          const float size = box.height * 0.62f;
                          const sf::Vector2f origin{box.left + (box.width - size * 1.25f) / 2, box.center().y - size / 2};
                          const sf::Color ink = sound == SoundShown::On      ? sfColour(palette::kStatusHint)
                                                : sound == SoundShown::Muted ? sfColour(palette::kWhite)
                                                                             : sf::Color(120, 130, 124);
                          sf::ConvexShape body(6); // the magnet and the cone, one outline
                          body.setPoint(0, origin + sf::Vector2f{0, size * 0.32f});
                          body.setPoint(1, origin + sf::Vector2f{size * 0.22f, size * 0.32f});
                          body.setPoint(2, origin + sf::Vector2f{size * 0.55f, 0});
                          body.setPoint(3, origin + sf::Vector2f{size * 0.55f, size});
                          body.setPoint(4, origin + sf::Vector2f{size * 0.22f, size * 0.68f});
                          body.setPoint(5, origin + sf::Vector2f{0, size * 0.68f});
                          body.setFillColor(ink);
                          target.draw(body);
                          const float stroke = std::max(1.5f, size * 0.1f);
                          const sf::Vector2f right = origin + sf::Vector2f{size * 0.62f, size / 2};
                          if (sound == SoundShown::On) {
                              for (const float radius : {size * 0.22f, size * 0.45f}) {
                                  sf::VertexArray wave(sf::TriangleStrip);
                                  addArc(wave, right, radius, stroke, -0.8f, 0.8f);
                                  for (std::size_t i = 0; i < wave.getVertexCount(); ++i) wave[i].color = ink;
                                  target.draw(wave);
                              }
                          } else {
                              sf::VertexArray marks(sf::Triangles);
                              if (sound == SoundShown::Muted) {
                                  const sf::Vector2f cross = right + sf::Vector2f{size * 0.32f, 0};
                                  const float arm = size * 0.2f;
                                  addBar(marks, cross + sf::Vector2f{-arm, -arm}, cross + sf::Vector2f{arm, arm}, stroke, ink);
                                  addBar(marks, cross + sf::Vector2f{-arm, arm}, cross + sf::Vector2f{arm, -arm}, stroke, ink);
                              } else {
                                  addBar(marks, origin + sf::Vector2f{-size * 0.05f, size * 1.02f},
                                         origin + sf::Vector2f{size * 1.15f, -size * 0.02f}, stroke, sfColour(palette::kStatusOther));
                              }
                              target.draw(marks);
                          }
                      }});
    if (scene.soundFlash.empty()) return;
    sf::Text words(utf8(scene.soundFlash), m_fonts.bold(), static_cast<unsigned>(std::max(11.0f, box.height * 0.5f)));
    const sf::FloatRect bounds = words.getLocalBounds();
    const float padding = static_cast<float>(words.getCharacterSize()) * 0.6f;
    const float width = bounds.width + 2 * padding;
    const float height = static_cast<float>(words.getCharacterSize()) * 1.8f;
    const Rect label{std::max(layout.window.left + 2, box.right() - width - 4), box.top - height - 6, width, height};
    words.setFillColor(sfColour(palette::kWhite));
    centerText(words, toVector(label.center()));
    pieces.push_back({label.inflated(2), LookDigest().add(PieceKind::Note).add(label).add(scene.soundFlash).value(),
                      [label, words](sf::RenderTarget& target) {
                          target.draw(roundedRect(label, label.height * 0.3f, sfColour(palette::kBannerShade)));
                          target.draw(words);
                      }});
}

// The status bar's words inside `bar` (the strip under them is drawn by the caller).
void TableRenderer::drawStatusBar(sf::RenderTarget& target, const Rect& bar, const StatusLook& look) const {
    const auto textPx = static_cast<unsigned>(std::max(kSmallestWordsPx, bar.height * 0.5f));
    sf::Text word(utf8(look.word), m_fonts.bold(), textPx);
    sf::Text detail(utf8(look.detail), m_fonts.regular(), textPx);
    const std::vector<std::string>& pieces = look.hints;
    StatusLineWidths widths;
    widths.barWidth = bar.width;
    widths.pillText = advanceWidth(word);
    widths.detail = advanceWidth(detail);
    const std::string separator = "  \xC2\xB7  ";
    widths.hintSeparator = advanceWidth(sf::Text(utf8(separator), m_fonts.regular(), textPx));
    for (const std::string& piece : pieces) widths.hintPieces.push_back(advanceWidth(sf::Text(utf8(piece), m_fonts.regular(), textPx)));
    const StatusLinePlacement placed = placeStatusLine(widths);

    target.draw(roundedRect({bar.left + placed.pillLeft, bar.top + bar.height * 0.15f, placed.pillWidth, bar.height * 0.7f},
                            bar.height * 0.2f, look.pill));
    word.setFillColor(sfColour(palette::kWhite));
    centerText(word, {bar.left + placed.pillLeft + placed.pillWidth / 2, bar.center().y});
    target.draw(word);
    if (placed.detailCut) { // shorten to what fits, with an ellipsis
        const std::string ellipsis = "\xE2\x80\xA6";
        const auto width = [&](std::string_view piece) {
            return advanceWidth(sf::Text(utf8(std::string(piece)), m_fonts.regular(), textPx));
        };
        // Where a line could break (an address or a number stays whole), else anywhere.
        const float room = placed.detailWidth - width(ellipsis);
        const std::string_view first = breakLines(look.detail, room, width).front();
        if (first.size() < look.detail.size() && width(first) <= room) {
            detail.setString(utf8(std::string(first) + ellipsis));
        } else {
            sf::String text = detail.getString();
            while (text.getSize() > 0 && advanceWidth(detail) > placed.detailWidth) {
                text.erase(text.getSize() - 1);
                detail.setString(text + utf8(ellipsis));
            }
        }
    }
    detail.setFillColor(kLabel);
    detail.setPosition(std::round(bar.left + placed.detailLeft), std::round(bar.top + bar.height * 0.22f));
    target.draw(detail);
    std::string shown;
    for (std::size_t i = 0; i < placed.hintsShown; ++i) shown += (i > 0 ? separator : "") + pieces[i];
    if (shown.empty()) return;
    sf::Text hint(utf8(shown), m_fonts.regular(), textPx);
    hint.setFillColor(sfColour(palette::kStatusHint));
    hint.setPosition(std::round(bar.left + placed.hintsLeft), std::round(bar.top + bar.height * 0.22f));
    target.draw(hint);
}

sf::Text TableRenderer::makeText(const std::string& text, bool bold, float sizePx, sf::Color color, sf::Vector2f at,
                                 bool centered, float maxWidthPx) const {
    const float shownPx = std::max(kSmallestWordsPx, sizePx);
    sf::Text label(utf8(text), bold ? m_fonts.bold() : m_fonts.regular(), static_cast<unsigned>(shownPx));
    const float width = label.getLocalBounds().width;
    if (maxWidthPx > 0 && width > maxWidthPx) {
        label.setCharacterSize(static_cast<unsigned>(std::max(kSmallestWordsPx, shownPx * maxWidthPx / width)));
    }
    label.setFillColor(color);
    if (centered) centerText(label, at);
    else label.setPosition(std::round(at.x), std::round(at.y));
    return label;
}

void TableRenderer::drawText(sf::RenderTarget& target, const std::string& text, bool bold, float sizePx, sf::Color color,
                             sf::Vector2f at, bool centered, float maxWidthPx) const {
    target.draw(makeText(text, bold, sizePx, color, at, centered, maxWidthPx));
}

} // namespace speed::client
