#include "render/CardArt.hpp"
#include "render/SfColour.hpp"

#include "render/FeltPainter.hpp"
#include "text/Words.hpp"
#include "table/Layout.hpp"

#include <SFML/Graphics/RectangleShape.hpp>
#include <SFML/Graphics/Sprite.hpp>
#include <SFML/Graphics/Text.hpp>
#include <SFML/Graphics/VertexArray.hpp>

#include <algorithm>
#include <array>
#include <cmath>

namespace speed::client {
namespace {

constexpr int kColumns = deck::kAtlasColumns;
constexpr int kRows = deck::kAtlasRows; // four suits, then the joker and the back
constexpr unsigned kPaddingPx = deck::kAtlasPaddingPx; // transparent gutter: mipmaps must not bleed between cards
constexpr unsigned kMinArtWidthPx = 80;
constexpr unsigned kMaxArtWidthPx = 280;

const sf::Color kRedInk = sfColour(palette::kRedInk);
const sf::Color kBlackInk = sfColour(palette::kBlackInk);
const sf::Color kJokerInk = sfColour(palette::kJokerInk);
const sf::Color kPaper = sfColour(palette::kPaper);
const sf::Color kBackBlue = sfColour(palette::kBackBlue);
const sf::Color kCardEdge = sfColour(palette::kCardEdge);

std::string rankText(int rank) {
    static const std::array<const char*, 14> names{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"};
    return names[static_cast<std::size_t>(rank)];
}

std::string suitGlyph(Suit suit) {
    switch (suit) {
    case Suit::Spade: return "\xE2\x99\xA0";   // U+2660
    case Suit::Heart: return "\xE2\x99\xA5";   // U+2665
    case Suit::Club: return "\xE2\x99\xA3";    // U+2663
    case Suit::Diamond: return "\xE2\x99\xA6"; // U+2666
    case Suit::Joker: return "\xE2\x98\x85";   // U+2605 star
    }
    return "?";
}

sf::Color inkOf(Card card) { return card.isJoker() ? kJokerInk : card.isRed() ? kRedInk : kBlackInk; }

} // namespace

bool CardArt::build(float cardWidthPx) {
    // Even sizes (and an even gutter): every cell of the halved atlas starts on a whole pixel.
    const unsigned wanted = std::clamp(static_cast<unsigned>(std::lround(cardWidthPx * 2)), kMinArtWidthPx, kMaxArtWidthPx) & ~1u;
    if (wanted == m_artWidthPx) return true;
    m_artWidthPx = wanted;
    m_artHeightPx = static_cast<unsigned>(std::lround(static_cast<float>(wanted) * kCardAspect)) & ~1u;
    const unsigned cellW = m_artWidthPx + 2 * kPaddingPx;
    const unsigned cellH = m_artHeightPx + 2 * kPaddingPx;
    if (!m_atlas.create(cellW * kColumns, cellH * kRows)) return false;
    m_atlas.clear(sf::Color::Transparent);
    for (int index = 0; index < Card::kDistinctCodes; ++index) {
        const Card card = Card::fromIndex(index);
        const deck::AtlasCell cellOfCard = deck::cellOf(card);
        const sf::IntRect at = cell(cellOfCard.column, cellOfCard.row);
        drawFace(card, {static_cast<float>(at.left), static_cast<float>(at.top)});
    }
    const sf::IntRect back = cell(deck::backCell().column, deck::backCell().row);
    drawBack({static_cast<float>(back.left), static_cast<float>(back.top)});
    m_atlas.display();
    m_atlas.setSmooth(true);
    m_atlas.generateMipmap();
    // Shown at half that size: halved here once through the mipmaps, the table samples a plain
    // texture at the size it is drawn (a software renderer pays for mipmapped sampling on every
    // pixel of every frame).
    if (!m_shownAtlas.create(cellW * kColumns / 2, cellH * kRows / 2)) return false;
    sf::Sprite halved(m_atlas.getTexture());
    halved.setScale(0.5f, 0.5f);
    m_shownAtlas.clear(sf::Color::Transparent);
    m_shownAtlas.draw(halved, sf::BlendNone);
    m_shownAtlas.display();
    m_shownAtlas.setSmooth(true);
    return true;
}

sf::IntRect CardArt::cell(int column, int row) const {
    const int cellW = static_cast<int>(m_artWidthPx + 2 * kPaddingPx);
    const int cellH = static_cast<int>(m_artHeightPx + 2 * kPaddingPx);
    return {column * cellW + static_cast<int>(kPaddingPx), row * cellH + static_cast<int>(kPaddingPx),
            static_cast<int>(m_artWidthPx), static_cast<int>(m_artHeightPx)};
}

sf::IntRect CardArt::deckCell(deck::AtlasCell at) const {
    const int cellW = m_deckCardWidthPx + 2 * deck::kAtlasPaddingPx;
    const int cellH = m_deckCardHeightPx + 2 * deck::kAtlasPaddingPx;
    return {at.column * cellW + deck::kAtlasPaddingPx, at.row * cellH + deck::kAtlasPaddingPx, m_deckCardWidthPx, m_deckCardHeightPx};
}

namespace {

sf::IntRect halved(const sf::IntRect& rect) { return {rect.left / 2, rect.top / 2, rect.width / 2, rect.height / 2}; }

} // namespace

sf::IntRect CardArt::faceRect(Card card) const {
    const deck::AtlasCell at = deck::cellOf(card);
    return m_deckShown ? deckCell(at) : halved(cell(at.column, at.row));
}

sf::IntRect CardArt::backRect() const {
    const deck::AtlasCell at = deck::backCell();
    return m_deckShown ? deckCell(at) : halved(cell(at.column, at.row));
}

Rect CardArt::fitted(const Rect& place) const {
    if (!m_deckShown || m_deckCardWidthPx <= 0) return place;
    const float aspect = static_cast<float>(m_deckCardHeightPx) / static_cast<float>(m_deckCardWidthPx);
    if (place.height / place.width < aspect) { // a taller card: the height decides
        const float width = place.height / aspect;
        return {place.left + (place.width - width) / 2, place.top, width, place.height};
    }
    const float height = place.width * aspect;
    return {place.left, place.top + (place.height - height) / 2, place.width, height};
}

bool CardArt::useDeck(const deck::DeckImage& image, const BackPicture* back) {
    if (image.empty()) return false;
    const bool lacksCards = std::find(image.missing.begin(), image.missing.end(), true) != image.missing.end();
    const bool drawnBack = back != nullptr && back->drawn;
    if ((lacksCards || drawnBack) && m_artWidthPx == 0) return false; // build() first: the drawn cards stand in
    const auto width = static_cast<unsigned>(image.atlasWidth());
    const auto height = static_cast<unsigned>(image.atlasHeight());
    if (!m_deckPictures.create(width, height)) return false;
    m_deckPictures.update(image.rgba.data());
    // Drawn at the size shown, so no mipmaps (under a software renderer they cost more than the
    // rest of this together); smoothing covers the moment a resize's new pictures are drawn.
    m_deckPictures.setSmooth(true);
    m_deckCardWidthPx = image.cardWidth;
    m_deckCardHeightPx = image.cardHeight;
    m_deckComposed = lacksCards || back != nullptr;
    if (m_deckComposed) {
        if (!m_deckAtlas.create(width, height)) return false;
        m_deckAtlas.clear(sf::Color::Transparent);
        m_deckAtlas.draw(sf::Sprite(m_deckPictures), sf::BlendNone); // the pixels as they are, alpha and all
        // The drawn card, scaled into a deck's cell: a card the deck lacks, or the drawn back.
        const auto drawnInto = [this](deck::AtlasCell at) {
            sf::Sprite drawn(m_atlas.getTexture(), cell(at.column, at.row));
            const sf::IntRect to = deckCell(at);
            drawn.setScale(static_cast<float>(to.width) / static_cast<float>(m_artWidthPx),
                           static_cast<float>(to.height) / static_cast<float>(m_artHeightPx));
            drawn.setPosition(static_cast<float>(to.left), static_cast<float>(to.top));
            m_deckAtlas.draw(drawn, sf::BlendNone);
        };
        for (int index = 0; index < Card::kDistinctCodes; ++index) {
            const deck::AtlasCell at = deck::cellOf(Card::fromIndex(index));
            if (image.isMissing(at)) drawnInto(at);
        }
        if (drawnBack) {
            drawnInto(deck::backCell());
        } else if (back != nullptr && back->width > 0 && !back->rgba.empty()) { // another deck's back, to this deck's size
            sf::Texture other;
            if (other.create(static_cast<unsigned>(back->width), static_cast<unsigned>(back->height))) {
                other.update(back->rgba.data());
                other.setSmooth(true);
                sf::Sprite picture(other);
                const sf::IntRect to = deckCell(deck::backCell());
                picture.setScale(static_cast<float>(to.width) / static_cast<float>(back->width),
                                 static_cast<float>(to.height) / static_cast<float>(back->height));
                picture.setPosition(static_cast<float>(to.left), static_cast<float>(to.top));
                m_deckAtlas.draw(picture, sf::BlendNone);
            }
        }
        m_deckAtlas.display();
        m_deckAtlas.setSmooth(true);
    }
    m_deckShown = true;
    return true;
}

void CardArt::drawFace(Card card, sf::Vector2f origin) {
    const float w = static_cast<float>(m_artWidthPx);
    const float h = static_cast<float>(m_artHeightPx);
    const Rect outer{origin.x, origin.y, w, h};
    m_atlas.draw(roundedRect(outer, w * 0.08f, kCardEdge));
    m_atlas.draw(roundedRect(outer.inflated(-std::max(1.0f, w * 0.012f)), w * 0.07f, kPaper));
    const sf::Color ink = inkOf(card);
    // A joker's corner is one big star, so it can never be mistaken for a jack.
    const std::string rank = card.isJoker() ? suitGlyph(Suit::Joker) : rankText(card.rank());
    const std::string suit = card.isJoker() ? "" : suitGlyph(card.suit());
    drawCorner(rank, suit, ink, origin + sf::Vector2f{w * 0.155f, h * 0.02f}, 0);
    drawCorner(rank, suit, ink, origin + sf::Vector2f{w * 0.845f, h * 0.98f}, 180);
    drawCenter(card, origin, ink);
}

// Rank above suit, centred on a column `at.x`, hanging down from `at.y` (rotated for the
// bottom-right corner).
void CardArt::drawCorner(const std::string& rank, const std::string& suit, sf::Color color, sf::Vector2f at, float angle) {
    const float w = static_cast<float>(m_artWidthPx);
    const bool twoDigits = rank == "10"; // must still fit the corner
    const float rankSize = twoDigits ? w * 0.22f : w * 0.27f;
    sf::Text rankLabel(sf::String::fromUtf8(rank.begin(), rank.end()), suit.empty() ? m_fonts.latinRegular : m_fonts.latinBold,
                       static_cast<unsigned>(rankSize));
    sf::Text suitLabel(sf::String::fromUtf8(suit.begin(), suit.end()), m_fonts.latinRegular, static_cast<unsigned>(w * 0.25f));
    if (twoDigits) rankLabel.setLetterSpacing(0.4f);
    for (sf::Text* text : {&rankLabel, &suitLabel}) text->setFillColor(color);
    const float direction = angle == 0 ? 1.0f : -1.0f;
    centerText(rankLabel, at + sf::Vector2f{0, direction * w * 0.19f});
    centerText(suitLabel, at + sf::Vector2f{0, direction * w * 0.45f});
    rankLabel.setRotation(angle);
    suitLabel.setRotation(angle);
    m_atlas.draw(rankLabel);
    m_atlas.draw(suitLabel);
}

void CardArt::drawCenter(Card card, sf::Vector2f origin, sf::Color color) {
    const float w = static_cast<float>(m_artWidthPx);
    const float h = static_cast<float>(m_artHeightPx);
    const sf::Vector2f middle = origin + sf::Vector2f{w / 2, h / 2};
    const bool courtCard = card.rank() >= 11;
    if (courtCard || card.isJoker()) {
        const Rect frame{middle.x - w * 0.23f, middle.y - h * 0.3f, w * 0.46f, h * 0.6f};
        m_atlas.draw(roundedRect(frame, w * 0.05f, sf::Color(color.r, color.g, color.b, 28)));
        const std::string letter = card.isJoker() ? "JOKER" : rankText(card.rank());
        sf::Text big(letter, m_fonts.latinBold, static_cast<unsigned>(card.isJoker() ? w * 0.13f : w * 0.34f));
        big.setFillColor(color);
        centerText(big, middle + sf::Vector2f{0, card.isJoker() ? h * 0.17f : -h * 0.07f});
        m_atlas.draw(big);
    }
    const std::string glyph = suitGlyph(card.suit());
    const float size = card.isJoker() ? 0.42f : courtCard ? 0.3f : card.rank() == 1 ? 0.62f : 0.5f;
    sf::Text pip(sf::String::fromUtf8(glyph.begin(), glyph.end()), m_fonts.latinRegular, static_cast<unsigned>(w * size));
    pip.setFillColor(color);
    centerText(pip, middle + sf::Vector2f{0, courtCard ? h * 0.14f : card.isJoker() ? -h * 0.05f : 0});
    m_atlas.draw(pip);
}

void CardArt::drawBack(sf::Vector2f origin) {
    const float w = static_cast<float>(m_artWidthPx);
    const float h = static_cast<float>(m_artHeightPx);
    const Rect outer{origin.x, origin.y, w, h};
    m_atlas.draw(roundedRect(outer, w * 0.08f, kCardEdge));
    m_atlas.draw(roundedRect(outer.inflated(-std::max(1.0f, w * 0.012f)), w * 0.07f, kPaper));
    const Rect inner = outer.inflated(-w * 0.07f);
    m_atlas.draw(roundedRect(inner, w * 0.04f, kBackBlue));
    // A diagonal lattice, clipped to the inner panel by construction.
    sf::VertexArray lattice(sf::Lines);
    const sf::Color line = sfColour(palette::kBackLine);
    const float step = w * 0.1f;
    for (float d = -inner.height; d < inner.width; d += step) {
        for (const float sign : {1.0f, -1.0f}) {
            const float x0 = sign > 0 ? inner.left + d : inner.right() - d;
            float t0 = std::max(0.0f, -d);
            float t1 = std::min(inner.height, inner.width - d);
            if (t1 <= t0) continue;
            lattice.append(sf::Vertex({x0 + sign * t0, inner.top + t0}, line));
            lattice.append(sf::Vertex({x0 + sign * t1, inner.top + t1}, line));
        }
    }
    m_atlas.draw(lattice);
    const Rect emblem{inner.center().x - w * 0.2f, inner.center().y - w * 0.2f, w * 0.4f, w * 0.4f};
    m_atlas.draw(roundedRect(emblem, w * 0.2f, kPaper));
    sf::Text mark("S", m_fonts.latinBold, static_cast<unsigned>(w * 0.26f));
    mark.setFillColor(kBackBlue);
    centerText(mark, {emblem.center().x, emblem.center().y});
    m_atlas.draw(mark);
}

} // namespace speed::client
