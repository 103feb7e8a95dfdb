#pragma once

#include "table/Animation.hpp"
#include "render/CardArt.hpp"
#include "table/DragController.hpp"
#include "match/GameInfo.hpp"
#include "table/KeyCaps.hpp"
#include "table/Layout.hpp"
#include "table/TableMotion.hpp"
#include "match/NetworkView.hpp"
#include "text/Words.hpp"

#include "speed/common/GameState.hpp"

#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/Text.hpp>

#include <cstdint>
#include <functional>

#include <optional>
#include <string>
#include <vector>

namespace speed::client {

// The sound effects as the status bar's speaker shows them.
enum class SoundShown : std::uint8_t { On, Muted, NoDevice };

// Everything one frame shows, gathered by the window from the match and the input state.
struct TableScene {
    const GameState* state = nullptr;
    bool hasTable = true;              // false while no game runs: only the felt and the status bar
    int localSeat = 0;
    GameInfo info = GameInfo::Nothing;
    TimeMs elapsedMs = 0;
    TimeMs now = 0;
    bool speedCalled = false;
    std::string localName;
    std::string opponentName;
    std::string statusWord = tr("screen.table.ready"); // the status bar's pill: the state in a player's words
    std::string statusDetail;          // the rest of the status bar's sentence
    MatchNotice notice;                // a banner about the match (waiting, silent peer, the end)
    std::string clockLabel = tr("screen.table.time"); // over the clock ("WAIT" while a countdown runs)
    std::string nextGameHint = tr("screen.table.next_game"); // once a game is over: how the next one starts
    std::string matchScore;            // under the clock: "You 3 – 2 Kaito" (empty before a game ends)
    const DragController* drag = nullptr;
    const Timeline* timeline = nullptr;
    std::vector<Place> highlights;     // legal targets of the held or selected card
    std::optional<Place> selected;     // keyboard selection
    bool twoPlayers = false;           // two players on one keyboard: localName is Player 1, opponentName Player 2
    std::optional<Place> otherSelected; // ... and the top player's keyboard selection
    std::vector<KeyCap> keyCaps;       // ... and each player's keys, beside the cards they play
    std::optional<TableNote> note;     // why a move did not go, beside its card
    std::optional<Place> hovered;      // a card the player may play, under the pointer: it lifts
    std::optional<TableEnding> ending; // the game is over: a win's confetti, a loss's dimmed table
    bool reducedMotion = false;        // no confetti; flights are fades (the timeline's own)
    SoundShown sound = SoundShown::On; // the speaker at the status bar's right end
    bool bannerHidden = false;         // the start screen is over the table: it says why itself
    std::string soundFlash;            // for a moment after M or a click on it: the new state in words
};

// Draws the table. Stateless apart from the fonts and card art it borrows.
class TableRenderer {
public:
    TableRenderer(const Fonts& fonts, const CardArt& art) : m_fonts(fonts), m_art(art) {}
    // The whole frame: what stands still, then what moves.
    void draw(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const;
    // The table without the cards in flight or in the hand (the window's cached layer).
    void drawStill(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const;

    // One part of the still table (a deck, a hand's slot, a pile, a label, the banner, the
    // status bar): the box it may paint, a digest of everything that decides how it looks, and
    // how to draw it. A part draws only from what it captured, the values its digest holds, so
    // two parts with the same box and digest paint the same pixels: a cached still table needs
    // drawing anew only where a part appeared, went or changed.
    struct StillPiece {
        Rect bounds;
        std::uint64_t look = 0;
        std::function<void(sf::RenderTarget&)> draw;
    };
    // The parts of the still table, in the order they are drawn (later ones over earlier ones).
    // They draw from `layout` and this renderer's fonts and cards: valid for this frame.
    std::vector<StillPiece> stillPieces(const TableLayout& layout, const TableScene& scene) const;
    // The still table inside `box` alone (whole pixels), over what `target` holds elsewhere.
    void drawStillIn(sf::RenderTarget& target, const TableLayout& layout, const std::vector<StillPiece>& pieces,
                     const Rect& box) const;

    // The cards in flight and the one being dragged, over the still table.
    void drawMoving(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const;
    // Where drawMoving draws at this moment (shadows and lifts included): a frame that keeps
    // the last one redraws only these places and those of the frame before.
    std::vector<Rect> movingBounds(const TableLayout& layout, const TableScene& scene) const;

private:
    struct SlotLook {
        bool highlighted = false;
        std::optional<Card> card; // none: the slot's outline
        bool selected = false;
        bool hovered = false;
    };
    struct PileLook {
        bool highlighted = false;
        std::optional<Card> top;   // none: the pile's outline
        std::optional<Card> under; // the card below, peeking out
    };
    struct StatusLook {
        std::string word;
        std::string detail;
        std::vector<std::string> hints;
        sf::Color pill;
    };
    void addSide(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene, int seat) const;
    void addPiles(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const;
    void addNote(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableNote& note) const;
    void addDefeatDim(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const;
    void addBanner(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const;
    void addClock(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const;
    void addStatusBar(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const;
    void addSpeaker(std::vector<StillPiece>& pieces, const TableLayout& layout, const TableScene& scene) const;
    void addKeyCaps(std::vector<StillPiece>& pieces, const TableScene& scene) const;
    void drawDeck(sf::RenderTarget& target, const Rect& deckRect, int shown) const;
    void drawSlot(sf::RenderTarget& target, const Rect& rect, const SlotLook& look) const;
    void drawPile(sf::RenderTarget& target, const Rect& rect, const PileLook& look) const;
    void drawStatusBar(sf::RenderTarget& target, const Rect& bar, const StatusLook& look) const;
    void drawHeldCard(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const;
    void drawFlights(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const;
    void drawCall(sf::RenderTarget& target, const TableLayout& layout, const std::string& word) const;
    void drawNotice(sf::RenderTarget& target, const TableLayout& layout, const MatchNotice& notice, sf::Color color,
                    sf::Color bandColour) const;
    void drawCard(sf::RenderTarget& target, const Rect& rect, std::optional<Card> faceUpCard, float liftPx = 0,
                  float opacity = 1, float widthScale = 1) const;
    Rect cardPaint(const Rect& place, float liftPx) const;
    void drawConfetti(sf::RenderTarget& target, const TableLayout& layout, const TableScene& scene) const;
    void drawDeckCount(sf::RenderTarget& target, const Rect& deck, int count) const;
    void drawHighlight(sf::RenderTarget& target, const Rect& rect, bool strong) const;
    // `maxWidthPx` > 0: the text is made smaller until it is no wider.
    sf::Text makeText(const std::string& text, bool bold, float sizePx, sf::Color color, sf::Vector2f at, bool centered,
                      float maxWidthPx = 0) const;
    void drawText(sf::RenderTarget& target, const std::string& text, bool bold, float sizePx, sf::Color color,
                  sf::Vector2f at, bool centered, float maxWidthPx = 0) const;

    const Fonts& m_fonts;
    const CardArt& m_art;
};

} // namespace speed::client
