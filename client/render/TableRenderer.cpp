#include "render/TableRenderer.hpp"

#include "render/FeltPainter.hpp"
#include "render/SfColour.hpp"
#include "table/StatusLine.hpp"
#include "table/TableText.hpp"
#include "text/LineBreak.hpp"
#include "text/Words.hpp"

#include "speed/common/Outcome.hpp"

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Sprite.hpp>
#include <SFML/Graphics/Text.hpp>

#include <algorithm>
#include <cmath>
#include <string_view>
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

} // namespace

void TableRenderer::draw(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene, bool withClock) const {
    drawStill(target, layout, scene, withClock);
    drawMoving(target, layout, scene);
}

void TableRenderer::drawStill(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene, bool withClock) const {
    target.clear(sfColour(palette::kFeltEdge));
    drawFelt(target, layout.table);
    if (!scene.hasTable) { // no game runs: the start screen is over the bare felt
        drawStatusBar(target, layout, scene);
        return;
    }
    for (int seat = 0; seat < kSeats; ++seat) drawSide(target, layout, scene, seat);
    drawPiles(target, layout, scene);
    if (scene.note) drawNote(target, layout, *scene.note);
    drawDefeatDim(target, layout, scene);
    drawBanner(target, layout, scene);
    if (withClock) drawClock(target, layout, scene);
    drawStatusBar(target, layout, scene);
}

// Cards in the air go over everything on the table, the one in the hand last.
void TableRenderer::drawMoving(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    drawFlights(target, layout, scene);
    drawHeldCard(target, layout, scene);
    if (scene.hasTable) drawConfetti(target, layout, scene);
}

std::vector<int> TableRenderer::stillKey(const TableScene& scene) {
    std::vector<int> key;
    const auto note = [&](const Place& place) { key.push_back(scene.timeline->pendingArrivals(place, scene.now)); };
    for (int index = 0; index < kFieldPiles; ++index) note(Place::pile(index));
    for (int seat = 0; seat < kSeats; ++seat) {
        for (int slot = 0; slot < scene.state->rules.handSize; ++slot) note(Place::handSlot(seat, slot));
    }
    // A loss's dimming changes the still table as it fades in.
    if (scene.ending && scene.ending->kind == EndingKind::Lost) {
        key.push_back(static_cast<int>(std::min<TimeMs>(scene.now - scene.ending->startMs, kDefeatDimMs) * 20 / kDefeatDimMs));
    }
    return key;
}

// A card in its place; `widthScale` < 1 narrows it about its middle (a card turning over),
// `opacity` < 1 fades it and its shadow (a card fading in, with reduced motion).
std::vector<Rect> TableRenderer::movingBounds(const TableLayout& layout, const TableScene& scene) const {
    std::vector<Rect> bounds;
    if (!scene.hasTable) return bounds;
    // A card drawn at `rect`: its lift above, its shadow below and to the right, a pixel around.
    const auto around = [&bounds](const Rect& rect) {
        const float margin = std::max(rect.width, rect.height) * 0.12f + 3;
        bounds.push_back(rect.inflated(margin));
    };
    for (const CardFlight& flight : scene.timeline->flights()) {
        if (!flight.flying(scene.now)) continue;
        around(flightRect(flight, rectOf(layout, flight.to), scene.now));
    }
    if (scene.drag->phase() == DragPhase::Dragging) around(scene.drag->cardRect().inflated(scene.drag->cardRect().width * 0.04f));
    if (scene.ending && scene.ending->kind == EndingKind::Won && !scene.reducedMotion && scene.now >= scene.ending->startMs &&
        scene.now < scene.ending->startMs + kCelebrationMs) {
        bounds.push_back(layout.table); // the confetti falls all over it
    }
    return bounds;
}

void TableRenderer::drawCard(sf::RenderTarget& target, const Rect& place, std::optional<Card> faceUpCard, float liftPx,
                             float opacity, float widthScale) const {
    Rect rect = m_art.fitted(place);
    if (widthScale < 1) {
        const float width = std::max(1.0f, rect.width * widthScale);
        rect = {rect.center().x - width / 2, rect.top, width, rect.height};
    }
    const float shadowPx = std::max(2.0f, place.width * 0.03f) + liftPx * 0.6f;
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
void TableRenderer::drawDefeatDim(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    if (!scene.ending || scene.ending->kind != EndingKind::Lost) return;
    const float t = std::clamp(static_cast<float>(scene.now - scene.ending->startMs) / static_cast<float>(kDefeatDimMs), 0.0f, 1.0f);
    sf::Color dim = sfColour(palette::kDefeatDim);
    dim.a = static_cast<sf::Uint8>(static_cast<float>(dim.a) * t);
    sf::RectangleShape shade({layout.table.width, layout.table.height});
    shade.setPosition(layout.table.left, layout.table.top);
    shade.setFillColor(dim);
    target.draw(shade);
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

void TableRenderer::drawSide(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene, int seat) const {
    const GameState& state = *scene.state;
    const PlayerArea& area = state.player(seat);
    const Timeline& timeline = *scene.timeline;
    const Rect deckRect = m_art.fitted(layout.deck[static_cast<std::size_t>(seat)]); // the deck's own shape
    const bool deckHeld = scene.drag->phase() == DragPhase::Dragging && scene.drag->holds(Place::deck(seat));
    const int shownDeck = area.deck.size() - (deckHeld ? 1 : 0);
    if (shownDeck <= 0) {
        drawDottedOutline(target, deckRect, radiusFor(deckRect), kMarkOnFelt, std::max(2.0f, deckRect.width * 0.03f));
    } else {
        const int layers = std::min(3, 1 + shownDeck / 10);
        const float step = std::max(1.0f, deckRect.width * 0.025f);
        for (int layer = layers - 1; layer >= 0; --layer) {
            drawCard(target, deckRect.movedTo({deckRect.left - step * static_cast<float>(layer), deckRect.top - step * static_cast<float>(layer)}),
                     std::nullopt);
        }
        drawDeckCount(target, deckRect.movedTo({deckRect.left - step * static_cast<float>(layers - 1), deckRect.top - step * static_cast<float>(layers - 1)}),
                      shownDeck);
    }
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const Place place = Place::handSlot(seat, slot);
        const Rect rect = m_art.fitted(rectOf(layout, place)); // outlines and glows hug the card as drawn
        const bool highlighted = std::find(scene.highlights.begin(), scene.highlights.end(), place) != scene.highlights.end();
        if (highlighted) drawHighlight(target, rect, true);
        const auto& card = area.hand[static_cast<std::size_t>(slot)];
        const bool hidden = scene.drag->holds(place) && scene.drag->phase() == DragPhase::Dragging;
        if (!card || hidden || timeline.pendingArrivals(place, scene.now) > 0) {
            drawDottedOutline(target, rect, radiusFor(rect), kMarkOnFelt, std::max(2.0f, rect.width * 0.03f));
            continue;
        }
        const bool selected = scene.selected == place;
        if (selected) drawHighlight(target, rect.movedTo({rect.left, rect.top - rect.height * 0.1f}), false);
        // A card the player may play rises a little under the pointer: "this one can go".
        const bool hovered = !selected && scene.hovered == place;
        drawCard(target, rect, *card, selected ? rect.height * 0.1f : hovered ? rect.height * 0.06f : 0);
    }
    const int cardsLeft = area.deck.size() + area.handCount();
    const std::string& who = seat == scene.localSeat ? scene.localName : scene.opponentName;
    const std::string name = cardsLeft == 1 ? trf("screen.table.cards_left_one", who, cardsLeft)
                                            : trf("screen.table.cards_left", who, cardsLeft);
    drawText(target, name, false, layout.cardWidthPx * 0.17f, kLabel, toVector(layout.nameAnchor[static_cast<std::size_t>(seat)]), false);
}

void TableRenderer::drawPiles(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    for (int index = 0; index < kFieldPiles; ++index) {
        const Place place = Place::pile(index);
        const Rect rect = m_art.fitted(rectOf(layout, place));
        const CardStack& pile = scene.state->pile(index);
        const int shown = pile.size() - scene.timeline->pendingArrivals(place, scene.now);
        target.draw(roundedRect(rect.inflated(rect.width * 0.06f), radiusFor(rect) * 1.3f, sfColour(palette::kPileWell)));
        if (std::find(scene.highlights.begin(), scene.highlights.end(), place) != scene.highlights.end()) {
            drawHighlight(target, rect, true);
        }
        if (shown <= 0) {
            drawDottedOutline(target, rect, radiusFor(rect), kMarkOnFelt, std::max(2.0f, rect.width * 0.03f));
            continue;
        }
        if (shown > 1) { // a hint of the cards below, slightly turned
            drawCard(target, rect.movedTo({rect.left + rect.width * 0.03f, rect.top + rect.width * 0.02f}), pile[shown - 2]);
        }
        drawCard(target, rect, pile[shown - 1]);
    }
}

void TableRenderer::drawFlights(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    for (const CardFlight& flight : scene.timeline->flights()) {
        if (!flight.flying(scene.now)) continue; // a deal's later cards are still in the deck
        const Rect rect = flightRect(flight, rectOf(layout, flight.to), scene.now);
        const FlightLook look = flightLook(flight, scene.now);
        const float lift = flight.fades ? 0 : (1.0f - flightProgress(flight, scene.now)) * rect.height * 0.06f;
        drawCard(target, rect, look.faceUp ? std::optional<Card>(flight.card) : std::nullopt, lift, look.opacity, look.widthScale);
    }
}

void TableRenderer::drawHeldCard(sf::RenderTarget& target, const TableLayout& /*layout*/, const TableScene& scene) const {
    if (scene.drag->phase() != DragPhase::Dragging) return;
    const Place source = scene.drag->source();
    const Rect home = scene.drag->cardRect();
    const Rect lifted = home.inflated(home.width * 0.04f);
    std::optional<Card> face;
    if (source.kind == PlaceKind::HandSlot) face = scene.state->player(source.seat).hand[static_cast<std::size_t>(source.index)];
    drawCard(target, lifted, face, home.height * 0.05f);
}

void TableRenderer::drawClock(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    const Rect& box = layout.clock;
    if (!scene.hasTable) return;
    if (box.width < layout.cardWidthPx * 0.5f) return;
    const sf::Vector2f center{box.left + box.width * 0.45f, box.center().y};
    const float room = box.width * 0.9f; // the words over and under the clock stay in its box
    drawText(target, scene.clockLabel, false, layout.cardWidthPx * 0.15f, sfColour(palette::kClockLabel),
             center - sf::Vector2f{0, layout.cardWidthPx * 0.32f}, true, room);
    drawText(target, formatClock(scene.elapsedMs), true, layout.cardWidthPx * 0.36f, sfColour(palette::kWhite), center + sf::Vector2f{0, layout.cardWidthPx * 0.08f}, true);
    if (!scene.matchScore.empty()) {
        drawText(target, scene.matchScore, false, layout.cardWidthPx * 0.15f, sfColour(palette::kClockLabel),
                 center + sf::Vector2f{0, layout.cardWidthPx * 0.45f}, true, room);
    }
}

void TableRenderer::drawBanner(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    std::string headline;
    std::string detail;
    sf::Color color = kHighlight;
    const std::string time = formatClock(scene.elapsedMs);
    switch (scene.info) {
    case GameInfo::Win: case GameInfo::ExtGame: case GameInfo::Draw: case GameInfo::Defeat: {
        const Outcome outcome = outcomeFor(scene.state->result, scene.localSeat);
        const bool draw = outcome == Outcome::Draw;
        const bool won = outcome == Outcome::Won;
        headline = tr(draw ? "screen.banner.draw" : won ? "screen.banner.win" : "screen.banner.lose");
        // A win in gold on a warm band, a loss in quiet grey-blue on the dimmed table.
        color = draw ? sfColour(palette::kWhite) : won ? kHighlight : sfColour(palette::kDefeatWords);
        detail = trf(draw ? "screen.banner.draw_in" : won ? "screen.banner.won_in" : "screen.banner.lost_in", time,
                     scene.nextGameHint);
        return drawNotice(target, layout, {headline, detail, {}, false}, color,
                          won ? sfColour(palette::kWinBand) : sfColour(palette::kBannerShade));
    }
    case GameInfo::Pause0: case GameInfo::Pause1:
        if (!scene.notice.headline.empty()) return drawNotice(target, layout, scene.notice, kHighlight);
        headline = tr("screen.banner.paused");
        detail = tr("screen.banner.resume");
        break;
    default:
        if (!scene.notice.headline.empty()) return drawNotice(target, layout, scene.notice, kHighlight);
        if (scene.speedCalled) drawCall(target, layout, tr("screen.table.speed"));
        return;
    }
    drawNotice(target, layout, {headline, detail, {}, false}, color);
}

// A dark label over the top of the card it is about (the field row above stays clear).
void TableRenderer::drawNote(sf::RenderTarget& target, const TableLayout& layout, const TableNote& note) const {
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
    target.draw(roundedRect({left, top, width, height}, height * 0.3f, sfColour(palette::kBannerShade)));
    text.setFillColor(sfColour(palette::kWhite));
    centerText(text, {left + width / 2, top + height / 2});
    target.draw(text);
}

// The SPEED! call beside the piles, as large as its box allows.
void TableRenderer::drawCall(sf::RenderTarget& target, const TableLayout& layout, const std::string& word) const {
    const Rect box = layout.call;
    if (box.width <= 0) return;
    sf::Text call(utf8(word), m_fonts.bold(), static_cast<unsigned>(std::max(8.0f, box.height * 0.5f)));
    const float fit = call.getLocalBounds().width > 0 ? box.width * 0.92f / call.getLocalBounds().width : 1.0f;
    if (fit < 1) call.setCharacterSize(static_cast<unsigned>(std::max(8.0f, box.height * 0.5f * fit)));
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
    const float detailPx = band.height * 0.15f;
    const auto width = [&](std::string_view piece) {
        return sf::Text(utf8(std::string(piece)), m_fonts.regular(), static_cast<unsigned>(std::max(8.0f, detailPx))).getLocalBounds().width;
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
    return {tr("screen.hint.drag"), trf("screen.hint.play", scene.state->rules.handSize), tr("screen.hint.refill"),
            tr("screen.hint.pause"), tr("screen.hint.help")};
}

// The room a text takes on its line, spaces included (its bounds leave out leading and
// trailing blanks, so they would underrate "  ·  ").
float advanceWidth(const sf::Text& text) {
    const float end = text.findCharacterPos(text.getString().getSize()).x - text.findCharacterPos(0).x;
    const sf::FloatRect bounds = text.getLocalBounds();
    return std::max(end, bounds.left + bounds.width);
}

} // namespace

void TableRenderer::drawStatusBar(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const {
    const Rect bar = layout.statusBar;
    sf::RectangleShape strip({bar.width, bar.height});
    strip.setPosition(bar.left, bar.top);
    strip.setFillColor(sfColour(palette::kStatusStrip));
    target.draw(strip);
    const auto textPx = static_cast<unsigned>(std::max(8.0f, bar.height * 0.5f));
    sf::Text word(utf8(scene.statusWord), m_fonts.bold(), textPx);
    sf::Text detail(utf8(scene.statusDetail), m_fonts.regular(), textPx);
    const std::vector<std::string> pieces = hintPieces(scene);
    StatusLineWidths widths;
    widths.barWidth = bar.width;
    widths.pillText = advanceWidth(word);
    widths.detail = advanceWidth(detail);
    const std::string separator = "  \xC2\xB7  ";
    widths.hintSeparator = advanceWidth(sf::Text(utf8(separator), m_fonts.regular(), textPx));
    for (const std::string& piece : pieces) widths.hintPieces.push_back(advanceWidth(sf::Text(utf8(piece), m_fonts.regular(), textPx)));
    const StatusLinePlacement placed = placeStatusLine(widths);

    const bool playing = scene.info == GameInfo::Play;
    const bool won = scene.ending && scene.ending->kind == EndingKind::Won && gameFinished(scene.info);
    const sf::Color pill = playing ? sfColour(palette::kStatusPlaying) : won ? sfColour(palette::kStatusWon) : sfColour(palette::kStatusOther);
    target.draw(roundedRect({bar.left + placed.pillLeft, bar.top + bar.height * 0.15f, placed.pillWidth, bar.height * 0.7f},
                            bar.height * 0.2f, pill));
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
        const std::string_view first = breakLines(scene.statusDetail, room, width).front();
        if (first.size() < scene.statusDetail.size() && width(first) <= room) {
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

void TableRenderer::drawText(sf::RenderTarget& target, const std::string& text, bool bold, float sizePx, sf::Color color,
                             sf::Vector2f at, bool centered, float maxWidthPx) const {
    const float shownPx = std::max(8.0f, sizePx);
    sf::Text label(utf8(text), bold ? m_fonts.bold() : m_fonts.regular(), static_cast<unsigned>(shownPx));
    const float width = label.getLocalBounds().width;
    if (maxWidthPx > 0 && width > maxWidthPx) {
        label.setCharacterSize(static_cast<unsigned>(std::max(8.0f, shownPx * maxWidthPx / width)));
    }
    label.setFillColor(color);
    if (centered) centerText(label, at);
    else label.setPosition(std::round(at.x), std::round(at.y));
    target.draw(label);
}

} // namespace speed::client
