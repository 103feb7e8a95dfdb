#pragma once

#include "app/ClientOptions.hpp"
#include "app/FontLookup.hpp"
#include "deck/DeckCatalog.hpp"
#include "render/Fonts.hpp"
#include "match/MatchDriver.hpp"
#include "table/Layout.hpp"
#include "ui/UiOverlay.hpp"

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Window/Event.hpp>

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace speed::client {

// The window's side of the menus, dialogs and message log: it creates the overlay, lets it have
// the events it wants, draws it over the table, and keeps what the user chose until the window
// applies it (the overlay never touches the match).
class OverlayHost {
public:
    // The menus draw with the files of `fontFiles` (the About page names the faces of `fonts`,
    // loaded from them). `decks`: the installed card decks, for Settings > Cards. `statistics`:
    // what the Statistics dialog shows, read each time it opens.
    OverlayHost(sf::RenderWindow& window, const ClientOptions& options, const Fonts& fonts, const FontChoice& fontFiles,
                const std::vector<deck::DeckInfo>& decks, const std::string& matchMeasureTarget,
                std::function<ui::StatisticsView()> statistics);

    // Every event comes here first; true when it is the overlay's: a mouse event over a menu or
    // dialog (but the release of a drag that began on the table), a key typed into a field.
    bool takes(const sf::Event& event, TimeMs now, bool tableDragActive);
    // The window's own keys for the overlay: L (log), F1 (help), Ctrl+Q (quit).
    bool key(const sf::Event::KeyEvent& key);
    // A text field of a dialog or the start screen has the caret.
    bool typing() const { return m_overlay->typing(); }

    ui::OverlayFrame frame(const MatchDriver& match, const TableLayout& layout) const;
    void draw(const ui::OverlayFrame& frame, TimeMs now);
    // A frame of the menus built, not drawn: the boxes where it differs from the last one.
    std::vector<sf::FloatRect> build(const ui::OverlayFrame& frame, TimeMs now) { return m_overlay->build(frame, now, m_commands); }
    // The last frame built, over what is drawn; with `clips`, inside those boxes only.
    void render(sf::RenderTarget& target, const std::vector<sf::FloatRect>* clips = nullptr) { m_overlay->render(target, clips); }
    // Input or news keep the menus changing: build a frame each time one is drawn.
    bool active(TimeMs now) const { return m_overlay->active(now); }
    ui::UiCommands takeCommands() { return std::exchange(m_commands, {}); }
    void appendWireLog(std::vector<WireLogEntry> entries) { m_overlay->appendWireLog(std::move(entries)); }
    void addGameEvent(TimeMs now, ui::GameEventKind kind, std::string text) {
        m_overlay->addGameEvent({now, kind, std::move(text)});
    }

    bool frameDue(TimeMs now) const { return m_overlay->frameDue(now); }
    TimeMs nextFrameAt(TimeMs now) const { return m_overlay->nextFrameAt(now); }
    bool logShown() const { return m_overlay->logShown(); }
    void showStartScreen(ui::StartScreenFacts facts) { m_overlay->showStartScreen(std::move(facts)); }
    void hideStartScreen() { m_overlay->hideStartScreen(); }
    bool startScreenShown() const { return m_overlay->startScreenShown(); }
    void setLanHosts(std::vector<ui::LanHostRow> hosts, bool looking, std::string problem) {
        m_overlay->setLanHosts(std::move(hosts), looking, std::move(problem));
    }
    HoldReason holdReason() const { return m_overlay->holdReason(); }
    void showResult(ui::ResultModel model) { m_overlay->showResult(std::move(model)); }
    void hideResult() { m_overlay->hideResult(); }
    bool resultShown() const { return m_overlay->resultShown(); }
    // Something of the overlay is at this window pixel (ImGui learns of a pointer that jumped
    // there only in its next frame; this knows from the last one).
    bool covers(int x, int y) const { return m_overlay->covers(static_cast<float>(x), static_cast<float>(y)); }
    float menuBarHeightPx() const { return m_overlay->menuBarHeightPx(); }
    bool japaneseGlyphs() const { return m_overlay->japaneseGlyphs(); }
    void setScale(float scale) { m_overlay->setScale(scale); }
    float logPaneWidthPx(float windowWidthPx) const { return m_overlay->logPaneWidthPx(windowWidthPx); }

private:
    std::unique_ptr<ui::UiOverlay> m_overlay;
    ui::UiCommands m_commands; // chosen while drawing, applied in the next loop turn
};

class TutorialMatch;
// What the lesson's panel shows, and where on `layout` it goes.
ui::TutorialFacts tutorialFacts(const TutorialMatch& lesson, const TableLayout& layout);

// "host:port" that answers measurement probes for this match: the network peer, empty offline.
std::string measureTargetOf(const MatchDriver& match);

} // namespace speed::client
