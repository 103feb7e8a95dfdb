#pragma once

#include "app/CardDeckChoice.hpp"
#include "app/OverlayHost.hpp"
#include "app/SubBufferPresent.hpp"
#include "deck/DeckLoader.hpp"
#include "render/CardArt.hpp"
#include "render/TableRenderer.hpp"
#include "text/Words.hpp"

#include <SFML/Graphics/RenderTexture.hpp>
#include <SFML/Graphics/RenderWindow.hpp>
#include <spdlog/spdlog.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace speed::client {

// Puts frames on the window: the still table cached in a texture and drawn anew only where a
// part of it changed, the moving cards and the menus over it; where the driver keeps the last
// frame, only the boxes that changed are drawn and shown (software GL under Xvfb pays for every
// pixel); and screenshots of the frame as shown.
class WindowCanvas {
public:
    // `cacheFolder`: where drawn decks are kept (empty: nowhere).
    WindowCanvas(const Fonts& fonts, const std::filesystem::path& cacheFolder)
        : m_art(fonts), m_renderer(fonts, m_art), m_cache(cacheFolder), m_decks(deck::DeckCache(cacheFolder)),
          m_backs(deck::DeckCache(cacheFolder)) {}

    // (Re)draws the drawn cards for this card size, and asks for the chosen deck at it; false
    // when the texture cannot be made.
    bool prepare(float cardWidthPx, float cardHeightPx);
    // The deck to show (none: the drawn cards); it is asked for at the next prepare().
    void chooseDeck(std::optional<deck::DeckInfo> deck);
    // The back shown with a deck's faces; another deck's is drawn (or read) like a deck.
    void chooseBack(BackChoice back);
    // Takes a deck the loader finished: true when the cards shown changed (draw a full frame).
    // What a player should know (a deck that cannot be drawn, has no joker) goes to `notices`
    // in the window's language, and to the log in English, once per deck.
    bool followDeck(std::vector<std::string>& notices);
    // A deck is being drawn: the loop should look again soon.
    bool deckPending() const { return m_decks.busy() || m_backs.busy(); }
    bool showsDeck() const { return m_art.usesDeck(); }
    // --check-frames: each frame drawn in parts is compared with the same frame drawn whole.
    void setCheckPartial(bool check) { m_checkPartial = check; }
    long partialChecked() const { return m_partialChecked; }
    long partialWrong() const { return m_partialWrong; }

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
    // The last frame was drawn whole (else only the parts that changed were drawn).
    bool lastFrameWhole() const { return m_lastFrameWhole; }
    // The frame as on screen, menus and dialogs included, saved as PNG.
    bool screenshot(sf::RenderWindow& window, const Frame& frame, const std::string& path, bool quiet = false);

private:
    void drawOnto(sf::RenderWindow& window, const Frame& frame);
    void checkPartial(sf::RenderWindow& window, const Frame& frame, sf::Vector2u size);
    // `newOverlay`: build the menus' frame anew (something may have changed them);
    // `copyWhole`: the screen gets the whole window even when only parts were drawn anew.
    void drawFrame(sf::RenderWindow& window, const Frame& frame, bool newOverlay, bool copyWhole);
    bool show(sf::RenderWindow& window, const std::vector<Rect>* rects);
    bool updateStillLayer(sf::Vector2u size, const Frame& frame, std::vector<Rect>& damage);

    CardArt m_art;
    TableRenderer m_renderer;
    bool adopt(const deck::DeckLoader::Result& done);
    bool firstWordAbout(const std::string& deckName);
    // Said in the log (English) and, in the window's language, in the game log.
    template <typename... Args>
    void tell(std::string_view key, const Args&... args) {
        spdlog::warn("cards: {}", trfIn(Language::English, key, args...));
        m_notices.push_back(trf(key, args...));
    }
    bool adoptBack(const deck::DeckLoader::Result& done);
    bool showFaces();
    std::optional<deck::DeckLoader::Request> backRequest() const;
    bool drawnCards();

    deck::DeckCache m_cache; // read on the loop: a kept deck is shown on the first frame
    deck::DeckLoader m_decks;
    deck::DeckLoader m_backs; // another deck's back, drawn beside the faces
    BackChoice m_back;
    std::optional<deck::DeckImage> m_faces;         // the faces shown, kept to put another back on them
    std::optional<BackPicture> m_backPicture;        // that back, once drawn
    std::optional<deck::DeckLoader::Request> m_backShown;
    std::vector<std::string> m_notices; // for the game log, until followDeck hands them over
    std::optional<deck::DeckInfo> m_deck;
    float m_cardWidthPx = 0;
    float m_cardHeightPx = 0;
    std::optional<deck::DeckLoader::Request> m_shown; // the deck and size the table shows
    bool m_drawnCardsStale = true;                    // the drawn cards are not for this size
    std::vector<std::string> m_toldAbout; // the decks whose problems were said already
    // Partial frames: past this share of the window, one whole copy is cheaper.
    static constexpr float kMostPartialShare = 0.4f;
    // The check's slack: a channel a few steps off, and a handful of pixels, are rounding.
    static constexpr int kCheckTolerance = 8;
    static constexpr long kCheckMostPixels = 16;
    bool m_checkPartial = false;
    long m_partialChecked = 0;
    long m_partialWrong = 0;
    std::unique_ptr<SubBufferPresent> m_present; // made at the first frame, with the window's context
    bool m_backBufferWhole = false;  // the back buffer holds the last frame shown, whole
    sf::Vector2u m_swappedSize;      // the window's size at the last swap
    // After a resize the driver may give the window new (empty) buffers a frame or two after
    // the swap that should have done it: frames are whole for a while, then parts again.
    static constexpr TimeMs kWholeAfterResizeMs = 250;
    sf::Vector2u m_frameSize;
    TimeMs m_resizedAt = 0;
    bool m_lastFrameWhole = true;
    std::vector<Rect> m_lastMoving;  // where the last frame drew what moves
    sf::RenderTexture m_tableLayer; // the still table, clock included
    bool m_tableLayerValid = false; // false: draw it whole (new size, other cards, other words)
    // The still table's parts as the layer holds them: where each painted, and its digest.
    struct PieceLook {
        Rect bounds;
        std::uint64_t look = 0;
        bool operator==(const PieceLook&) const = default;
    };
    std::vector<PieceLook> m_stillLooks;
};

} // namespace speed::client
