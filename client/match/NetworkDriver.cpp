#include "match/NetworkDriver.hpp"

#include "speed/protocol/ClientSession.hpp"

#include "speed/common/Outcome.hpp"
#include "speed/net/SessionLog.hpp"
#include "speed/net/LocalAddresses.hpp"
#include "speed/net/WakeLatency.hpp"
#include "speed/common/Referee.hpp"
#include "speed/protocol/TableView.hpp"

#include "text/Words.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <future>

#include <asio/post.hpp>

namespace speed::client {

using protocol::Session;
using protocol::SessionEvent;
using protocol::SessionEventKind;

namespace {

constexpr std::size_t kMaxWireLog = 4000; // undrained message log: keep the newest
constexpr auto kGoodbyeLimit = std::chrono::milliseconds(2500); // SHUTDOWN lingers 1 s; never hang
constexpr TimeMs kSecondMs = 1000;
constexpr std::size_t kMaxMailEvents = 20000; // events waiting for the window: keep the newest

} // namespace

NetworkDriver::NetworkDriver(NetworkSetup setup, TimeMs now) : m_setup(std::move(setup)) {
    m_setup.connect.session.reportDatagrams = true; // the message log needs them
    m_setup.connect.readDelays = &m_readDelays;
    if (!m_setup.stateDir.empty()) {
        // Called on the network thread (or before it starts): the news travels in the mirror.
        m_keeper = std::make_unique<store::FileMatchKeeper>(
            m_setup.stateDir,
            [this](const std::string& problem) {
                spdlog::warn("{}", problem);
                m_keeperNews = problem;
            },
            [this](const std::string& news) {
                spdlog::info("{}", news);
                m_keeperNews.clear();
            });
        m_setup.connect.keeper = m_keeper.get();
    }
    m_blankTable.rules = m_setup.connect.session.rules;
    begin(now);
}

NetworkDriver::~NetworkDriver() { teardown(); }

// A scripted match (--games N) asks for each next game by itself; otherwise the player chooses
// Rematch or Leave, even when the bot plays the cards (--bot).
bool NetworkDriver::choosesRematchItself() const { return m_setup.games > 0; }

void NetworkDriver::begin(TimeMs now) {
    const std::vector<std::string> addresses = lanAddresses();
    m_lanAddress = addresses.empty() ? std::string() : addresses.front();
    m_seat = std::make_unique<WindowSeat>(m_setup.localBot, m_setup.seed, m_setup.games, choosesRematchItself(),
                                          [this](const protocol::Session& live) { publish(&live); });
    m_connector = std::make_unique<Connector>(m_io, m_clock, m_setup.connect, *m_seat);
    m_connector->onFinished = [this] { publish(m_connector->session()); };
    m_offsetMs = now - m_clock.nowMs();
    m_giveUpAt = m_clock.nowMs() + m_setup.connect.waitMs;
    if (!m_connector->start() && !m_setup.connect.peer && m_connector->failureKind() == ConnectorFailure::PortInUse) {
        joinLocalHost();
    }
    publish(m_connector->session());
    takeMail();
    noteFailure();
    if (m_mirror.finished) return; // nothing to run: the failure is shown
    m_io.restart();
    m_keepRunning.emplace(m_io.get_executor());
    m_networkRuns = true;
    m_network = std::thread([this] { runNetwork(); });
}

void NetworkDriver::runNetwork() {
    askForPromptWakeups(); // a datagram is read at once even while the window draws
    try {
        m_io.run();
    } catch (const std::exception& error) { // a handler threw: the match cannot go on
        spdlog::error("the network thread stopped: {}", error.what());
        std::lock_guard lock(m_mailLock);
        m_mailMirror.finished = true;
        if (m_mailMirror.failure.empty()) m_mailMirror.failure = trf("play.fail.network_error", error.what());
    }
    m_networkRuns = false;
}

// No peer, and our port is taken: another copy on this machine hosts there (`make play`
// started twice with the default setup.ini). Join it instead of giving up.
void NetworkDriver::joinLocalHost() {
    spdlog::info("{}: another player on this machine hosts there; joining it", m_connector->failure());
    ConnectOptions local = m_setup.connect;
    local.peer = HostPort{"127.0.0.1", local.hostPort};
    local.joinOnly = true;
    // A Speed host on this machine answers within milliseconds: past a few seconds of silence
    // the port belongs to some other program.
    local.waitMs = std::min<TimeMs>(local.waitMs, kLocalHostAnswerMs);
    m_joinedLocalHost = true;
    teardown();
    m_seat = std::make_unique<WindowSeat>(m_setup.localBot, m_setup.seed, m_setup.games, choosesRematchItself(),
                                          [this](const protocol::Session& live) { publish(&live); });
    m_connector = std::make_unique<Connector>(m_io, m_clock, local, *m_seat);
    m_connector->onFinished = [this] { publish(m_connector->session()); };
    m_connector->start();
}

// What the window shows once the connector failed.
void NetworkDriver::noteFailure() {
    if (m_failure.empty() && !m_mirror.failure.empty()) {
        m_failure = m_mirror.failure;
        m_portTaken = m_joinedLocalHost && m_mirror.failureKind == ConnectorFailure::NoHostAnswered;
        spdlog::error("no game: {}", failure());
    }
}

// Worded when asked, so the window, the terminal and --json each get the language of the moment.
std::string NetworkDriver::failure() const {
    return m_portTaken ? trf("play.fail.port_taken", m_setup.connect.hostPort) : m_failure;
}

std::string NetworkDriver::endReason() const { return m_endEvent ? describeEnd(*m_endEvent) : std::string(); }

// The network thread stops after the connector closed its socket; the link's aborted handlers
// then run here (restart + poll) before the connector goes, so the link is released from a
// handler, never from the loop's own shutdown.
void NetworkDriver::teardown() {
    if (!m_connector) return;
    if (m_network.joinable()) {
        asio::post(m_io, [this] {
            m_stats = m_connector->session() != nullptr ? m_connector->session()->stats() : m_stats;
            m_connector->close();
        });
        asio::post(m_io, [this] { m_io.stop(); });
        m_keepRunning.reset();
        m_network.join();
    } else {
        if (m_connector->session() != nullptr) m_stats = m_connector->session()->stats();
        m_connector->close();
    }
    m_io.restart();
    m_io.poll();
    m_connector.reset();
    m_seat.reset();
}

// Runs `work` on the network thread, between two of its handlers, and returns its result; runs
// it here when that thread does not run.
template <class Work> auto NetworkDriver::onNetwork(Work&& work) -> decltype(work()) {
    if (!m_network.joinable() || !m_networkRuns) return work(); // (it stopped: nothing else runs the loop)
    std::packaged_task<decltype(work())()> task(std::forward<Work>(work));
    auto result = task.get_future();
    asio::post(m_io, [&task] { task(); });
    return result.get();
}

// Network thread: the session's news for the window, and a wake-up.
void NetworkDriver::publish(const protocol::Session* live) {
    SessionMirror mirror;
    if (m_connector) {
        mirror.finished = m_connector->finished();
        mirror.role = m_connector->role();
        mirror.failure = m_connector->failure();
        mirror.failureKind = m_connector->failureKind();
    }
    mirror.keeperProblem = m_keeperNews;
    if (live != nullptr) {
        const TimeMs now = m_clock.nowMs();
        mirror.hasSession = true;
        mirror.info = live->gameInfo();
        mirror.gameNumber = live->gameNumber();
        if (mirror.gameNumber > 0) {
            mirror.state = live->state();
            mirror.confirmed = live->confirmedState();
        }
        mirror.speedCallPending = live->speedCallPending();
        mirror.localResumeRequested = live->localResumeRequested();
        mirror.nextGameAsks = {live->localAskedNextGame(), live->peerAskedNextGame()};
        mirror.at = now;
        mirror.gameElapsedMs = live->gameElapsedMs(now);
        mirror.clockRuns = live->gameClockRuns();
        mirror.peerSilent = live->peerSilent();
        const TimeMs graceLeft = live->graceLeftMs(now);
        mirror.graceEndsAt = graceLeft == kNever ? kNever : now + graceLeft;
        if (const auto* client = dynamic_cast<const protocol::ClientSession*>(live)) mirror.comingBack = client->comingBack();
        mirror.rttMs = live->recentRttMs();
        mirror.clock = live->clockOffset();
        mirror.arbitration = live->confirmedState().rules.arbitration;
        if (const auto* host = dynamic_cast<const protocol::HostSession*>(live)) mirror.arbitrationFigures = host->arbitration();
        mirror.peerAddress = live->peerAddress();
    }
    std::vector<SessionEvent> events = m_seat ? m_seat->takeEvents() : std::vector<SessionEvent>{};
    {
        std::lock_guard lock(m_mailLock);
        m_mailMirror = std::move(mirror);
        m_mailEvents.insert(m_mailEvents.end(), std::make_move_iterator(events.begin()), std::make_move_iterator(events.end()));
        if (m_mailEvents.size() > kMaxMailEvents) { // an unread mailbox (no window turn for long): keep the newest
            m_mailEvents.erase(m_mailEvents.begin(), m_mailEvents.end() - kMaxMailEvents);
        }
        m_mailNs = monotonicNowNs();
    }
    m_mailArrived.notify_all();
    m_wake.raise();
}

// Window thread: what the network thread left since the last turn.
void NetworkDriver::takeMail() {
    m_wake.clear();
    std::lock_guard lock(m_mailLock);
    m_mirror = m_mailMirror;
    m_newsNs = m_mailNs;
    m_events.insert(m_events.end(), std::make_move_iterator(m_mailEvents.begin()), std::make_move_iterator(m_mailEvents.end()));
    m_mailEvents.clear();
}

std::vector<AppliedMove> NetworkDriver::tick(TimeMs now) {
    m_offsetMs = now - m_clock.nowMs();
    takeMail();
    noteFailure();
    std::vector<AppliedMove> applied;
    absorbEvents(now, applied);
    catchUp(applied);
    return applied;
}

MoveAnswer NetworkDriver::propose(const Move& move, TimeMs now) {
    if (!live()) return {{MatchRefusal::NotDealt, MoveError::None}};
    const TimeMs at = toSession(now);
    const bool legalAsShown = checkMove(state(), move) == MoveError::None;
    const protocol::ProposalOutcome outcome = onNetwork([this, &move, at] {
        protocol::Session* session = m_connector->session();
        if (session == nullptr) return protocol::ProposalOutcome{false, {MatchRefusal::NotDealt, MoveError::None}, {}};
        const protocol::ProposalOutcome proposed = session->proposeMove(at, move);
        m_connector->pump();
        return proposed;
    });
    if (outcome.sent) {
        m_shown.ownMoveShown(move);
        return {};
    }
    // Legal on the table shown, not on the session's newer one: the other card got there first.
    if (legalAsShown && outcome.play.error == MoveError::NotAdjacent) ++m_racesLost;
    return {outcome.play, outcome.link == protocol::LinkRefusal::TooManyInFlight, outcome.raceLeadUs};
}

bool NetworkDriver::startNextGame(TimeMs now) {
    if (!live() || !gameFinished(info())) return false;
    const TimeMs at = toSession(now);
    return onNetwork([this, at] {
        Session* session = m_connector->session();
        if (session == nullptr || !gameFinished(session->gameInfo())) return false;
        session->startNextGame(at);
        m_connector->pump();
        return true;
    });
}

bool NetworkDriver::togglePause(TimeMs now) {
    if (!live()) return false;
    const TimeMs at = toSession(now);
    return onNetwork([this, at] {
        Session* session = m_connector->session();
        if (session == nullptr) return false;
        const GameInfo current = session->gameInfo();
        if (current == GameInfo::Play) session->pause(at);
        else if (protocol::isPaused(current) && !session->peerSilent() && !session->localResumeRequested()) session->resume(at);
        else return false;
        m_connector->pump();
        return true;
    });
}

void NetworkDriver::absorbEvents(TimeMs now, std::vector<AppliedMove>& applied) {
    for (const SessionEvent& event : std::exchange(m_events, {})) onEvent(event, now, applied);
    if (m_wireLog.size() > kMaxWireLog) m_wireLog.erase(m_wireLog.begin(), m_wireLog.end() - kMaxWireLog);
}

void NetworkDriver::onEvent(const SessionEvent& event, TimeMs now, std::vector<AppliedMove>& applied) {
    logSessionEvent(event);
    switch (event.kind) {
    case SessionEventKind::DatagramSent:
    case SessionEventKind::DatagramReceived:
        m_wireLog.push_back({toWindow(event.at), event.kind == SessionEventKind::DatagramSent, event.text});
        break;
    case SessionEventKind::Connected:
        m_connected = true;
        m_peerName = event.text;
        m_lastPeerAddress = m_mirror.peerAddress;
        spdlog::info("connected to {} at {} as {}", m_peerName, m_lastPeerAddress, isHost() ? "host" : "client");
        break;
    case SessionEventKind::GameStarted:
        spdlog::info("game {} dealt", event.game);
        m_shown.startGame(event.game, event.table ? *event.table : m_blankTable);
        m_racesLost = 0;
        m_racesWon = 0;
        break;
    case SessionEventKind::MoveApplied:
        if (event.move) m_shown.applied(event.game, *event.move, applied);
        break;
    case SessionEventKind::TableJumped: catchUp(applied); break;
    case SessionEventKind::MoveRejected: onRejected(event); break;
    case SessionEventKind::Rewound:
        if (event.table) m_shown.rebase(event.game, *event.table, event.undone);
        break;
    case SessionEventKind::MoveTakenBack: onTakenBack(event); break;
    case SessionEventKind::GameOver: onGameOver(event, now); break;
    case SessionEventKind::PeerMoveRefused:
        // The other player's card was legal on its table, but ours reached the pile first.
        if (event.play.error == MoveError::NotAdjacent) ++m_racesWon;
        break;
    case SessionEventKind::PeerAskedNextGame: spdlog::info("{} asks for a rematch (game {})", m_peerName, event.game); break;
    case SessionEventKind::JoinRefused: m_lastRefusal = event.text; break;
    case SessionEventKind::Rejoined:
        if (!m_mirror.peerAddress.empty()) m_lastPeerAddress = m_mirror.peerAddress;
        spdlog::info("{} is back in the match, at {}", event.text, m_lastPeerAddress);
        break;
    case SessionEventKind::MatchGone: spdlog::info("{}", event.text); break;
    case SessionEventKind::RttSample: m_roundTrips.add(event.rttMs); break;
    case SessionEventKind::Ended:
        spdlog::info("session ended: {}", event.text);
        if (isHost() && event.cause == protocol::EndCause::PeerLost) { // the port waits for a new player
            m_previousEnd = describeEnd(event);
            m_connected = false;
            m_peerName.clear();
            m_lastRefusal.clear();
            break;
        }
        if (!m_closing && !m_endEvent) m_endEvent = event;
        break;
    default: break;
    }
}

// The table the window animated is not the host's (UPDATEs were lost on the way).
void NetworkDriver::catchUp(std::vector<AppliedMove>& applied) {
    if (m_mirror.hasSession && m_mirror.gameNumber > 0) m_shown.catchUp(m_mirror.gameNumber, m_mirror.confirmed, applied);
}

// A proposal the host refused after it was shown: it slides back (only those that were shown;
// one refused before it was sent never moved).
void NetworkDriver::onRejected(const SessionEvent& event) {
    if (!event.move || !event.byHost || !m_shown.refused(*event.move)) return;
    spdlog::info("refused by the host: {}: {}", describe(*event.move), describe(event.play));
    // It was a legal play on the table shown: another card reached the pile first.
    if (event.play.error == MoveError::NotAdjacent) ++m_racesLost;
    m_refused.push_back({*event.move, event.play, event.raceLeadUs});
}

// Fair arbitration took one of the host's plays back: an earlier card came late. Ours slides
// home with how much earlier the other was; the other player's is simply gone from the pile.
void NetworkDriver::onTakenBack(const SessionEvent& event) {
    if (!event.move) return;
    spdlog::info("taken back: {}: {}", describe(*event.move), event.text);
    if (event.move->seat != localSeat()) return;
    ++m_racesLost;
    m_refused.push_back({*event.move, event.play, event.raceLeadUs});
}

void NetworkDriver::onGameOver(const SessionEvent& event, TimeMs now) {
    if (!m_mirror.hasSession) return;
    GameRecord record;
    record.number = static_cast<int>(event.game);
    record.seed = gameSeed();
    record.result = event.result;
    record.info = protocol::gameInfoFor(outcomeFor(event.result, localSeat()));
    record.durationMs = elapsedMs(now);
    record.moves = m_shown.moves();
    record.flips = m_shown.flips();
    const GameState& table = state();
    record.cardsLeft = {table.player(0).cardsLeft(), table.player(1).cardsLeft()};
    record.racesLost = m_racesLost;
    if (isHost()) record.racesWon = m_racesWon; // a client is never told of the host's plays it beat
    m_finished.push_back(record);
}

bool NetworkDriver::retry(TimeMs now) {
    if (!matchEnded()) return false;
    teardown();
    {
        std::lock_guard lock(m_mailLock); // the old connection's last words are not the new one's
        m_mailEvents.clear();
    }
    m_events.clear();
    m_connected = false;
    m_endEvent.reset();
    m_failure.clear();
    m_portTaken = false;
    m_joinedLocalHost = false;
    m_lastRefusal.clear();
    m_previousEnd.clear();
    m_shown = ShownTable{};
    spdlog::info("trying again");
    begin(now);
    return true;
}

void NetworkDriver::connectNextWith(const ConnectOptions& connect) {
    const std::uint64_t dealSeed = m_setup.connect.session.dealSeed;
    m_setup.connect = connect;
    m_setup.connect.session.dealSeed = dealSeed;
}

// The window closes: SHUTDOWN to the other side, resent until answered (bounded), then go.
void NetworkDriver::close() {
    if (!m_connector || m_closing) return;
    m_closing = true;
    if (m_network.joinable()) {
        onNetwork([this] {
            if (m_connector->finished()) return 0;
            m_seat->endingHere();
            m_connector->shutdown(protocol::ShutdownReason::WindowClosed);
            return 0;
        });
        std::unique_lock lock(m_mailLock);
        m_mailArrived.wait_for(lock, kGoodbyeLimit, [this] { return m_mailMirror.finished; });
    }
    teardown();
    takeMail();
    std::vector<AppliedMove> unshown; // the window is gone
    absorbEvents(m_clock.nowMs() + m_offsetMs, unshown);
    noteFailure();
}


const GameState& NetworkDriver::state() const {
    return m_mirror.hasSession && m_mirror.gameNumber > 0 ? m_mirror.state : m_blankTable;
}

int NetworkDriver::localSeat() const { return protocol::seatOf(m_mirror.role); }


// Only the host knows its deal seed.
std::uint64_t NetworkDriver::gameSeed() const {
    if (!isHost() || gameNumber() == 0) return 0;
    return m_setup.seed + static_cast<std::uint64_t>(gameNumber() - 1);
}

std::uint64_t NetworkDriver::firstSeed() const { return isHost() ? m_setup.seed : 0; }


// In CON_WAIT the clock counts the wait down (whole seconds, rounded up); in a game it shows
// the game time.
TimeMs NetworkDriver::elapsedMs(TimeMs now) const {
    if (info() == GameInfo::ConWait) {
        const TimeMs left = std::max<TimeMs>(0, toWindow(m_giveUpAt) - now);
        return (left + kSecondMs - 1) / kSecondMs * kSecondMs;
    }
    if (!m_mirror.hasSession || m_mirror.gameNumber == 0) return 0;
    // The clock stands still once the game or the whole match is over.
    if (!m_mirror.clockRuns || now == kNever || matchEnded() || gameFinished(info())) return m_mirror.gameElapsedMs;
    return m_mirror.gameElapsedMs + std::max<TimeMs>(0, toSession(now) - m_mirror.at);
}

std::string NetworkDriver::clockLabel() const {
    return info() == GameInfo::ConWait ? tr("play.clock.wait") : tr("play.clock.time");
}

// The session's own timers run on the network thread; the window only redraws the waiting
// countdown's next second.
TimeMs NetworkDriver::nextWakeAt(TimeMs now) const {
    if (!m_mirror.hasSession || m_mirror.info != GameInfo::ConWait) return kNever;
    const TimeMs left = toWindow(m_giveUpAt) - now;
    return left > 0 ? now + ((left - 1) % kSecondMs) + 1 : kNever;
}

std::string NetworkDriver::measureTarget() const {
    return m_mirror.hasSession && protocol::isConnected(m_mirror.info) ? m_mirror.peerAddress : std::string();
}

bool NetworkDriver::matchEnded() const { return !m_connector || m_mirror.finished; }


ConnectionFacts NetworkDriver::facts(TimeMs now) const {
    ConnectionFacts facts;
    facts.host = isHost();
    facts.connected = m_connected;
    facts.info = info();
    facts.peerName = m_peerName;
    facts.peerAddress = m_lastPeerAddress;
    facts.rttMs = rttMs();
    facts.peerSilent = m_mirror.hasSession && m_mirror.peerSilent && protocol::isConnected(info());
    if (facts.peerSilent && now != kNever && m_mirror.graceEndsAt != kNever) {
        facts.graceLeftMs = std::max<TimeMs>(0, m_mirror.graceEndsAt - toSession(now));
    }
    if (info() == GameInfo::ConWait && now != kNever) facts.waitLeftMs = std::max<TimeMs>(0, toWindow(m_giveUpAt) - now);
    facts.comingBack = m_mirror.comingBack;
    facts.previousEnd = m_previousEnd;
    facts.keeperProblem = m_mirror.keeperProblem;
    facts.gameNumber = gameNumber();
    facts.failure = failure();
    facts.lastRefusal = m_lastRefusal;
    facts.endReason = endReason();
    facts.matchEnded = matchEnded();
    facts.peer = m_setup.connect.peer;
    facts.joinOnly = m_setup.connect.joinOnly;
    facts.port = m_setup.connect.hostPort;
    facts.lanAddress = m_lanAddress;
    return facts;
}

} // namespace speed::client
