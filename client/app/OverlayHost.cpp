#include "app/OverlayHost.hpp"
#include "app/CardDeckChoice.hpp"
#include "match/TutorialMatch.hpp"
#include "table/LevelWords.hpp"

#include <algorithm>

#include "speed/net/HostPort.hpp"
#include "speed/settings/Settings.hpp"

namespace speed::client {
namespace {

// Offline, the measurement dialog starts with setup.ini's peer (or this machine) on its port.
std::string defaultMeasureTarget(const Settings& settings) {
    const std::string host = settings.network.peer.empty() ? "127.0.0.1" : settings.network.peer;
    return formatHostPort({host, settings.network.port});
}

bool isMouseEvent(sf::Event::EventType type) {
    return type == sf::Event::MouseButtonPressed || type == sf::Event::MouseButtonReleased ||
           type == sf::Event::MouseWheelScrolled;
}

bool isKeyboardEvent(sf::Event::EventType type) {
    return type == sf::Event::KeyPressed || type == sf::Event::KeyReleased || type == sf::Event::TextEntered;
}

} // namespace

std::string measureTargetOf(const MatchDriver& match) {
    const NetworkView* network = match.network();
    return network != nullptr ? network->measureTarget() : std::string();
}

OverlayHost::OverlayHost(sf::RenderWindow& window, const ClientOptions& options, const Fonts& fonts, const FontChoice& fontFiles,
                         const std::vector<deck::DeckInfo>& decks, const std::string& matchMeasureTarget,
                         std::function<ui::StatisticsView()> statistics) {
    const Settings settings = loadSettings(options.configPath).settings.value_or(Settings{});
    ui::OverlaySetup setup{fontFiles.latinRegular, fontFiles.japanese, fonts.latinName(), fonts.japaneseName(),
                           options.configPath, defaultMeasureTarget(settings), settings.network.port, decks, deckCacheFolder()};
    m_overlay = std::make_unique<ui::UiOverlay>(window, setup);
    m_overlay->setStatisticsSource(std::move(statistics));
    m_overlay->setLogShown(options.showDialog == "log"); // closed by default: L or the menu opens it
    if (const auto dialog = ui::parseStartDialog(options.showDialog)) m_overlay->open(*dialog);
    if (options.settingsProblem) m_overlay->showConfigProblem(*options.settingsProblem);
    if (options.measureNow) m_overlay->startMeasurement(matchMeasureTarget);
}

bool OverlayHost::takes(const sf::Event& event, TimeMs now, bool tableDragActive) {
    if (m_overlay->processEvent(event, now)) return true;
    if (isMouseEvent(event.type)) {
        const bool tableDrag = event.type == sf::Event::MouseButtonReleased && tableDragActive;
        return m_overlay->wantsMouse() && !tableDrag;
    }
    return isKeyboardEvent(event.type) && m_overlay->wantsKeyboard();
}

bool OverlayHost::key(const sf::Event::KeyEvent& key) {
    if (key.code == sf::Keyboard::L && !key.control) {
        m_overlay->toggleLog(m_commands);
    } else if (key.code == sf::Keyboard::F1) {
        m_overlay->open(ui::StartDialog::Help);
    } else if (key.code == sf::Keyboard::Q && key.control) {
        m_commands.push_back({ui::UiAction::Quit});
    } else {
        return false;
    }
    return true;
}

ui::OverlayFrame OverlayHost::frame(const MatchDriver& match, const TableLayout& layout) const {
    ui::OverlayFrame frame;
    frame.info = match.info();
    frame.measureTarget = measureTargetOf(match);
    if (const NetworkView* network = match.network()) frame.linkClock = network->linkClock();
    const float paneWidth = m_overlay->logPaneWidthPx(layout.window.width);
    const float top = m_overlay->menuBarHeightPx();
    frame.logArea = {layout.window.width - paneWidth, top, paneWidth, layout.statusBar.top - top};
    frame.field = layout.table;
    frame.banner = layout.banner;
    frame.resultRoom = ui::resultPanelRoom(layout);
    frame.waiting = waitingForPlayer(match);
    frame.rematch = rematchOffered(match);
    frame.rematchAsked = frame.rematch && match.network()->nextGameAsks().mine;
    if (const auto* lesson = dynamic_cast<const TutorialMatch*>(&match)) frame.tutorial = tutorialFacts(*lesson, layout);
    return frame;
}

// The lesson's panel beside the field piles, between the two rows of hands.
ui::TutorialFacts tutorialFacts(const TutorialMatch& lesson, const TableLayout& layout) {
    ui::TutorialFacts facts;
    facts.step = lesson.course().step();
    facts.stepNumber = lesson.course().stepNumber();
    facts.firstOpponent = botTitleWords(ladderLevels().front());
    facts.area = ui::tutorialPanelArea(layout, static_cast<std::size_t>(lesson.localSeat()), lesson.course().done());
    return facts;
}

void OverlayHost::draw(const ui::OverlayFrame& frame, TimeMs now) {
    for (ui::UiCommand& command : m_overlay->draw(frame, now)) m_commands.push_back(std::move(command));
}

} // namespace speed::client
