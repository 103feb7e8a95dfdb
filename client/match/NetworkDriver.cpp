#include "match/NetworkDriver.hpp"

#include "speed/protocol/ClientSession.hpp"

#include "speed/common/Outcome.hpp"
#include "speed/net/SessionLog.hpp"
#include "speed/protocol/TableView.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

namespace speed::client {

using protocol::Session;
using protocol::SessionEvent;
using protocol::SessionEventKind;

namespace {

constexpr std::size_t kMaxWireLog = 4000; // undrained message log: keep the newest
constexpr auto kGoodbyeLimit = std::chrono::milliseconds(2500); // SHUTDOWN lingers 1 s; never hang
constexpr TimeMs kSecondMs = 1000;

} // namespace

NetworkDriver::NetworkDriver(NetworkSetup setup, TimeMs now) : m_setup(std::move(setup)) {
    m_setup.connect.session.reportDatagrams = true; // the message log needs them
    if (!m_setup.stateDir.empty()) {
        m_keeper = std::make_unique<store::FileMatchKeeper>(
            m_setup.stateDir,
            [this](const std::string& problem) {
                spdlog::warn("{}", problem);
                m_keeperProblem = problem;
            },
            [this](const std::string& news) {
                spdlog::info("{}", news);
                m_keeperProblem.clear();
            });
        m_setup.connect.keeper = m_keeper.get();
    }
    m_blankTable.rules = m_setup.connect.session.rules;
    begin(now);
}

NetworkDriver::~NetworkDriver() { teardown(); }

void NetworkDriver::begin(TimeMs now) {
    const bool autoNext = m_setup.localBot.has_value() || m_setup.games > 0;
    m_seat = std::make_unique<WindowSeat>(m_setup.localBot, m_setup.seed, m_setup.games, autoNext);
    m_connector = std::make_unique<Connector>(m_io, m_clock, m_setup.connect, *m_seat);
    m_offsetMs = now - m_clock.nowMs();
    m_giveUpAt = m_clock.nowMs() + m_setup.connect.waitMs;
    if (!m_connector->start() && !m_setup.connect.peer && m_connector->failureKind() == ConnectorFailure::PortInUse) {
        joinLocalHost();
    }
    noteConnector();
}

// No peer, and our port is taken: another copy on this machine hosts there (`make play`
// started twice with the default setup.ini). Join it instead of giving up.
void NetworkDriver::joinLocalHost() {
    spdlog::info("{}: another player on this machine hosts there; joining it", m_connector->failure());
    ConnectOptions local = m_setup.connect;
    local.peer = HostPort{"127.0.0.1", local.hostPort};
    local.joinOnly = true;
    teardown();
    m_seat = std::make_unique<WindowSeat>(m_setup.localBot, m_setup.seed, m_setup.games,
                                          m_setup.localBot.has_value() || m_setup.games > 0);
    m_connector = std::make_unique<Connector>(m_io, m_clock, local, *m_seat);
    m_connector->start();
}

// What outlives the connector: the role, and why it failed.
void NetworkDriver::noteConnector() {
    if (!m_connector) return;
    m_role = m_connector->role();
    if (m_failure.empty() && !m_connector->failure().empty()) {
        m_failure = m_connector->failure();
        spdlog::error("no game: {}", m_failure);
    }
}

// The link's handlers must run (aborted) before the connector goes: restart + poll.
void NetworkDriver::teardown() {
    if (!m_connector) return;
    m_connector->close();
    m_io.restart();
    m_io.poll();
    m_connector.reset();
    m_seat.reset();
}

bool NetworkDriver::waitForNetwork(TimeMs maxWaitMs) {
    if (!m_connector || m_connector->finished()) return false;
    if (m_io.stopped()) m_io.restart();
    const std::size_t handled = m_io.run_one_for(std::chrono::milliseconds(maxWaitMs));
    return handled > 0 || !m_io.stopped(); // stopped with nothing run: no work left to wait on
}

std::vector<AppliedMove> NetworkDriver::tick(TimeMs now) {
    m_offsetMs = now - m_clock.nowMs();
    if (m_io.stopped()) m_io.restart(); // poll() stops the context when it runs out of work
    m_io.poll();
    noteConnector();
    std::vector<AppliedMove> applied;
    absorbEvents(now, applied);
    catchUp(applied);
    return applied;
}

MoveAnswer NetworkDriver::propose(const Move& move, TimeMs now) {
    if (!live()) return {{MatchRefusal::NotDealt, MoveError::None}};
    const protocol::ProposalOutcome outcome = session()->proposeMove(toSession(now), move);
    m_connector->pump();
    if (outcome.sent) {
        m_shown.ownMoveShown(move);
        return {};
    }
    return {outcome.play, outcome.link == protocol::LinkRefusal::TooManyInFlight};
}

bool NetworkDriver::startNextGame(TimeMs now) {
    if (!live() || !gameFinished(info())) return false;
    session()->startNextGame(toSession(now));
    m_connector->pump();
    return true;
}

bool NetworkDriver::togglePause(TimeMs now) {
    if (!live()) return false;
    Session& live = *session();
    const GameInfo current = live.gameInfo();
    if (current == GameInfo::Play) live.pause(toSession(now));
    else if (protocol::isPaused(current) && !live.peerSilent() && !live.localResumeRequested()) live.resume(toSession(now));
    else return false;
    m_connector->pump();
    return true;
}

void NetworkDriver::absorbEvents(TimeMs now, std::vector<AppliedMove>& applied) {
    if (!m_seat) return;
    for (const SessionEvent& event : m_seat->takeEvents()) onEvent(event, now, applied);
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
        m_lastPeerAddress = session() != nullptr ? session()->peerAddress() : std::string();
        spdlog::info("connected to {} at {} as {}", m_peerName, m_lastPeerAddress, isHost() ? "host" : "client");
        break;
    case SessionEventKind::GameStarted: m_shown.startGame(event.game, event.table ? *event.table : m_blankTable); break;
    case SessionEventKind::MoveApplied:
        if (event.move) m_shown.applied(event.game, *event.move, applied);
        break;
    case SessionEventKind::TableJumped: catchUp(applied); break;
    case SessionEventKind::MoveRejected: onRejected(event); break;
    case SessionEventKind::GameOver: onGameOver(event, now); break;
    case SessionEventKind::JoinRefused: m_lastRefusal = event.text; break;
    case SessionEventKind::Rejoined:
        m_lastPeerAddress = session() != nullptr ? session()->peerAddress() : m_lastPeerAddress;
        spdlog::info("{} is back in the match, at {}", event.text, m_lastPeerAddress);
        break;
    case SessionEventKind::MatchGone: spdlog::info("{}", event.text); break;
    case SessionEventKind::Ended:
        spdlog::info("session ended: {}", event.text);
        if (isHost() && event.cause == protocol::EndCause::PeerLost) { // the port waits for a new player
            m_previousEnd = describeEnd(event);
            m_connected = false;
            m_peerName.clear();
            m_lastRefusal.clear();
            break;
        }
        if (!m_closing && m_endReason.empty()) m_endReason = describeEnd(event);
        break;
    default: break;
    }
}

// The table the window animated is not the host's (UPDATEs were lost on the way).
void NetworkDriver::catchUp(std::vector<AppliedMove>& applied) {
    if (const Session* live = session()) m_shown.catchUp(live->gameNumber(), live->confirmedState(), applied);
}

// A proposal the host refused after it was shown: it slides back (only those that were shown;
// one refused before it was sent never moved).
void NetworkDriver::onRejected(const SessionEvent& event) {
    if (!event.move || !event.byHost || !m_shown.refused(*event.move)) return;
    spdlog::info("refused by the host: {}: {}", describe(*event.move), describe(event.play));
    m_refused.push_back(*event.move);
}

void NetworkDriver::onGameOver(const SessionEvent& event, TimeMs now) {
    const Session* live = session();
    if (live == nullptr) return;
    GameRecord record;
    record.number = static_cast<int>(event.game);
    record.seed = gameSeed();
    record.result = event.result;
    record.info = protocol::gameInfoFor(outcomeFor(event.result, live->mySeat()));
    record.durationMs = live->gameElapsedMs(toSession(now));
    record.moves = m_shown.moves();
    record.flips = m_shown.flips();
    m_finished.push_back(record);
}

bool NetworkDriver::retry(TimeMs now) {
    if (!matchEnded()) return false;
    teardown();
    m_connected = false;
    m_endReason.clear();
    m_failure.clear();
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
    if (!m_connector->finished()) {
        m_seat->endingHere();
        m_connector->shutdown(protocol::ShutdownReason::WindowClosed);
        const auto limit = std::chrono::steady_clock::now() + kGoodbyeLimit;
        while (!m_connector->finished() && std::chrono::steady_clock::now() < limit) {
            if (m_io.stopped()) m_io.restart();
            m_io.run_one_for(std::chrono::milliseconds(50));
        }
    }
    std::vector<AppliedMove> unshown; // the window is gone
    absorbEvents(m_clock.nowMs() + m_offsetMs, unshown);
    noteConnector();
    teardown();
}

GameInfo NetworkDriver::info() const {
    const Session* live = session();
    return live != nullptr ? live->gameInfo() : GameInfo::Nothing;
}

const GameState& NetworkDriver::state() const {
    const Session* live = session();
    return live != nullptr && live->gameNumber() > 0 ? live->state() : m_blankTable;
}

int NetworkDriver::localSeat() const { return protocol::seatOf(m_role); }

int NetworkDriver::gameNumber() const {
    const Session* live = session();
    return live != nullptr ? static_cast<int>(live->gameNumber()) : 0;
}

// Only the host knows its deal seed.
std::uint64_t NetworkDriver::gameSeed() const {
    if (!isHost() || gameNumber() == 0) return 0;
    return m_setup.seed + static_cast<std::uint64_t>(gameNumber() - 1);
}

std::uint64_t NetworkDriver::firstSeed() const { return isHost() ? m_setup.seed : 0; }

bool NetworkDriver::speedCalled() const {
    const Session* live = session();
    return live != nullptr && live->speedCallPending();
}

// In CON_WAIT the clock counts the wait down (whole seconds, rounded up); in a game it shows
// the game time.
TimeMs NetworkDriver::elapsedMs(TimeMs now) const {
    const Session* live = session();
    if (info() == GameInfo::ConWait) {
        const TimeMs left = std::max<TimeMs>(0, toWindow(m_giveUpAt) - now);
        return (left + kSecondMs - 1) / kSecondMs * kSecondMs;
    }
    return live != nullptr && live->gameNumber() > 0 ? live->gameElapsedMs(toSession(now)) : 0;
}

std::string NetworkDriver::clockLabel() const { return info() == GameInfo::ConWait ? "WAIT" : "TIME"; }

TimeMs NetworkDriver::nextWakeAt(TimeMs now) const {
    const Session* live = session();
    if (live == nullptr) return kNever;
    TimeMs wake = toWindow(std::min(live->nextWakeMs(toSession(now)), m_seat ? m_seat->wakeAt() : kNever));
    if (live->gameInfo() == GameInfo::ConWait) { // the countdown's next second
        const TimeMs left = toWindow(m_giveUpAt) - now;
        if (left > 0) wake = std::min(wake, now + ((left - 1) % kSecondMs) + 1);
    }
    return wake;
}

std::string NetworkDriver::measureTarget() const {
    const Session* live = session();
    return live != nullptr && protocol::isConnected(live->gameInfo()) ? live->peerAddress() : std::string();
}

bool NetworkDriver::matchEnded() const { return !m_connector || m_connector->finished(); }

std::optional<double> NetworkDriver::rttMs() const {
    const Session* live = session();
    return live != nullptr ? live->smoothedRttMs() : std::nullopt;
}

ConnectionFacts NetworkDriver::facts(TimeMs now) const {
    ConnectionFacts facts;
    facts.host = isHost();
    facts.connected = m_connected;
    facts.info = info();
    facts.peerName = m_peerName;
    facts.peerAddress = m_lastPeerAddress;
    facts.rttMs = rttMs();
    facts.peerSilent = session() != nullptr && session()->peerSilent() && protocol::isConnected(info());
    if (facts.peerSilent && now != kNever) facts.graceLeftMs = session()->graceLeftMs(toSession(now));
    if (const auto* client = dynamic_cast<const protocol::ClientSession*>(session())) facts.comingBack = client->comingBack();
    facts.previousEnd = m_previousEnd;
    facts.keeperProblem = m_keeperProblem;
    facts.gameNumber = gameNumber();
    facts.failure = m_failure;
    facts.lastRefusal = m_lastRefusal;
    facts.endReason = m_endReason;
    facts.matchEnded = matchEnded();
    facts.peer = m_setup.connect.peer;
    facts.joinOnly = m_setup.connect.joinOnly;
    facts.port = m_setup.connect.hostPort;
    return facts;
}

} // namespace speed::client
