#include "match/NetworkDriver.hpp"

#include "text/Words.hpp"

#include "speed/common/Outcome.hpp"
#include "speed/common/Referee.hpp"
#include "speed/net/ConnectionPolicy.hpp"
#include "speed/net/HostPort.hpp"
#include "speed/net/LocalAddresses.hpp"
#include "speed/net/SessionLog.hpp"
#include "speed/protocol/TableView.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <iterator>
#include <utility>

namespace speed::client {

using protocol::Session;
using protocol::SessionEvent;
using protocol::SessionEventKind;

namespace {

constexpr std::size_t kMaxWireLog = 4000; // undrained message log: keep the newest
constexpr TimeMs kSecondMs = 1000;

} // namespace

NetworkDriver::NetworkDriver(NetworkSetup setup, TimeMs now) : m_connection(std::move(setup)) {
    m_blankTable.rules = m_connection.setup().connect.session.rules;
    begin(now);
}

void NetworkDriver::begin(TimeMs now) {
    const std::vector<std::string> addresses = lanAddresses();
    m_lanAddress = addresses.empty() ? std::string() : addresses.front();
    m_offsetMs = now - m_connection.nowMs();
    m_waitBegunAt = now;
    m_connection.begin();
    takeMail();
    noteFailure();
}

// What the window shows once the connector failed.
void NetworkDriver::noteFailure() {
    const bool failedNow = m_mirror.failure.failed() || !m_mirror.networkError.empty();
    if (!m_failure.failed() && m_networkError.empty() && failedNow) {
        m_failure = m_mirror.failure;
        m_networkError = m_mirror.networkError;
        m_portTaken = m_connection.policy().portHeldByAnotherProgram(m_mirror.failure.kind);
        spdlog::error("no game: {}", m_portTaken || !m_networkError.empty() ? failure() : describe(m_failure));
    }
}

// Worded when asked, so the window, the terminal and --json each get the language of the moment.
std::string NetworkDriver::failure() const {
    if (m_portTaken) return trf("play.fail.port_taken", m_connection.policy().configured().hostPort);
    if (!m_networkError.empty()) return trf("play.fail.network_error", m_networkError);
    return failureWords(m_failure);
}

std::string NetworkDriver::endReason() const { return m_endEvent ? describeEnd(*m_endEvent) : std::string(); }

// Window thread: what the network thread left since the last turn.
void NetworkDriver::takeMail() {
    NetworkMail mail = m_connection.takeMail();
    m_mirror = std::move(mail.mirror);
    m_newsNs = mail.sentNs;
    if (!mail.threadError.empty()) { // a handler threw: the match cannot go on
        m_mirror.finished = true;
        if (!m_mirror.failure.failed()) m_mirror.networkError = mail.threadError;
    }
    m_events.insert(m_events.end(), std::make_move_iterator(mail.events.begin()),
                    std::make_move_iterator(mail.events.end()));
}

std::vector<AppliedMove> NetworkDriver::tick(TimeMs now) {
    m_offsetMs = now - m_connection.nowMs();
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
    const protocol::ProposalOutcome outcome = m_connection.onNetwork([this, &move, at] {
        protocol::Session* session = m_connection.session();
        if (session == nullptr) return protocol::ProposalOutcome{false, {MatchRefusal::NotDealt, MoveError::None}, {}};
        const protocol::ProposalOutcome proposed = session->proposeMove(at, move);
        m_connection.pump();
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
    return m_connection.onNetwork([this, at] {
        Session* session = m_connection.session();
        if (session == nullptr || !gameFinished(session->gameInfo())) return false;
        session->startNextGame(at);
        m_connection.pump();
        return true;
    });
}

bool NetworkDriver::togglePause(TimeMs now) {
    if (!live()) return false;
    const TimeMs at = toSession(now);
    return m_connection.onNetwork([this, at] {
        Session* session = m_connection.session();
        if (session == nullptr) return false;
        const GameInfo current = session->gameInfo();
        if (current == GameInfo::Play) session->pause(at);
        else if (protocol::isPaused(current) && !session->peerSilent() && !session->localResumeRequested()) session->resume(at);
        else return false;
        m_connection.pump();
        return true;
    });
}

void NetworkDriver::absorbEvents(TimeMs now, std::vector<AppliedMove>& applied) {
    for (const SessionEvent& event : std::exchange(m_events, {})) onEvent(event, now, applied);
    recordGameOver(now);
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
        m_peerName = event.peerName;
        m_lastPeerAddress = m_mirror.peerAddress;
        spdlog::info("connected to {} at {} as {}", m_peerName, m_lastPeerAddress, isHost() ? "host" : "client");
        break;
    case SessionEventKind::GameStarted:
        recordGameOver(now); // the last game's, before this one's table replaces it
        spdlog::info("game {} {}", event.game, event.movesBefore > 0 ? "taken back from the journal" : "dealt");
        m_takenBackGame = isHost() && event.movesBefore > 0 ? static_cast<int>(event.game) : 0;
        m_shown.follow(event, applied, m_blankTable);
        m_racesLost = 0;
        m_racesWon = 0;
        break;
    case SessionEventKind::MoveApplied:
    case SessionEventKind::Rewound: m_shown.follow(event, applied); break;
    case SessionEventKind::TableJumped: catchUp(applied); break;
    case SessionEventKind::MoveRejected: onRejected(event); break;
    case SessionEventKind::MoveTakenBack: onTakenBack(event); break;
    case SessionEventKind::GameOver: m_gameOver = event; break;
    case SessionEventKind::PeerMoveRefused:
        // The other player's card was legal on its table, but ours reached the pile first.
        if (event.play.error == MoveError::NotAdjacent) ++m_racesWon;
        break;
    case SessionEventKind::PeerAskedNextGame: spdlog::info("{} asks for a rematch (game {})", m_peerName, event.game); break;
    case SessionEventKind::JoinRefused:
        m_lastRefusal = JoinRefusal{event.peerAddress, event.peerName, event.denial, event.peerVersion};
        break;
    case SessionEventKind::Rejoined:
        if (!m_mirror.peerAddress.empty()) m_lastPeerAddress = m_mirror.peerAddress;
        spdlog::info("{} is back in the match, at {}", event.peerName, m_lastPeerAddress);
        if (m_takenBackGame != 0) m_rejoinedGames.push_back(std::exchange(m_takenBackGame, 0));
        break;
    case SessionEventKind::MatchGone: spdlog::info("{}", protocol::kJoiningAsNewPlayer); break;
    case SessionEventKind::RttSample: m_roundTrips.add(event.rttMs); break;
    case SessionEventKind::Ended:
        spdlog::info("session ended: {}", protocol::describe(protocol::stopOf(event)));
        if (hostsAnewAfter(m_mirror.role, event)) { // the port waits for a new player
            m_previousEnd = event;
            m_connected = false;
            m_waitBegunAt = now;
            forgetOpponent();
            m_lastRefusal.reset();
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

// Fair arbitration took one of the host's plays back: an earlier card came late. The host's
// session says so of its own seat, the client's from the UPDATE that says it. Either seat's card
// slides home, told with the card now on its pile (the one that came first) and by how much.
void NetworkDriver::onTakenBack(const SessionEvent& event) {
    if (!event.move) return; // logged with the session's events (logSessionEvent)
    if (event.move->seat == localSeat() && event.play.error == MoveError::NotAdjacent) ++m_racesLost;
    std::optional<Card> beater;
    if (event.move->kind == MoveKind::Play && event.raceLeadUs && event.move->pile >= 0 && event.move->pile < kFieldPiles) {
        const CardStack& pile = m_shown.table().pile(event.move->pile);
        if (!pile.empty()) beater = pile.top();
    }
    m_takenBack.push_back({*event.move, event.play, event.raceLeadUs, beater});
}

// A game that ended is recorded once the events handed over with its end are taken in: a host
// tells of the move that ended the game just after the end, and the game counts it.
void NetworkDriver::recordGameOver(TimeMs now) {
    if (!m_gameOver || !m_mirror.hasSession) return;
    const SessionEvent event = *std::exchange(m_gameOver, std::nullopt);
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
    m_connection.end();
    m_connection.dropMail(); // the old connection's last words are not the new one's
    m_events.clear();
    m_gameOver.reset();
    m_connected = false;
    m_endEvent.reset();
    m_failure = {};
    m_networkError.clear();
    m_portTaken = false;
    m_lastRefusal.reset();
    m_previousEnd.reset();
    m_shown = ShownTable{};
    forgetOpponent();
    spdlog::info("trying again");
    begin(now);
    return true;
}

void NetworkDriver::forgetOpponent() {
    m_peerName.clear();
    m_matchFirstGame = m_finished.size();
}

RetryOffer NetworkDriver::retryOffer() const {
    const ConnectOptions& configured = m_connection.policy().configured();
    RetryOffer offer;
    if (!configured.peer) offer.hosts = true;
    else if (configured.joinOnly) offer.joins = m_peerName.empty() ? formatHostPort(*configured.peer) : m_peerName;
    return offer;
}

// A host that waits until cancelled (started from the start screen) still does with the
// settings saved since.
void NetworkDriver::connectNextWith(const ConnectOptions& connect) {
    ConnectOptions next = connect;
    if (m_connection.policy().configured().waitMs == kNever && !next.peer) next.waitMs = kNever;
    m_connection.connectNextWith(next);
}

// The window closes: the other side is told (WindowConnection::sayGoodbye), and what the
// session said until then is taken in, unshown, for the report.
void NetworkDriver::close() {
    if (!m_connection.active() || m_closing) return;
    m_closing = true;
    m_connection.sayGoodbye();
    takeMail();
    std::vector<AppliedMove> unshown; // the window is gone
    absorbEvents(m_connection.nowMs() + m_offsetMs, unshown);
    noteFailure();
}

const GameState& NetworkDriver::state() const {
    return m_mirror.hasSession && m_mirror.gameNumber > 0 ? shownTableOf(m_mirror) : m_blankTable;
}

int NetworkDriver::localSeat() const { return protocol::seatOf(m_mirror.role); }


// Only the host knows its deal seed.
std::uint64_t NetworkDriver::gameSeed() const {
    if (!isHost() || gameNumber() == 0) return 0;
    return m_connection.setup().seed + static_cast<std::uint64_t>(gameNumber() - 1);
}

std::uint64_t NetworkDriver::firstSeed() const {
    return isHost() ? m_connection.setup().seed : 0;
}

// In CON_WAIT the clock counts the wait down (whole seconds, rounded up), or, for a host that
// waits until cancelled, the time waited so far (whole seconds); in a game it shows the game time.
TimeMs NetworkDriver::elapsedMs(TimeMs now) const {
    if (info() == GameInfo::ConWait) {
        if (waitsUntilCancelled()) return std::max<TimeMs>(0, now - m_waitBegunAt) / kSecondMs * kSecondMs;
        const TimeMs left = std::max<TimeMs>(0, toWindow(m_connection.policy().giveUpAt()) - now);
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
    if (waitsUntilCancelled()) return now + kSecondMs - std::max<TimeMs>(0, now - m_waitBegunAt) % kSecondMs;
    const TimeMs left = toWindow(m_connection.policy().giveUpAt()) - now;
    return left > 0 ? now + ((left - 1) % kSecondMs) + 1 : kNever;
}

std::string NetworkDriver::measureTarget() const {
    return m_mirror.hasSession && protocol::isConnected(m_mirror.info) ? m_mirror.peerAddress : std::string();
}

bool NetworkDriver::matchEnded() const {
    return !m_connection.active() || m_mirror.finished;
}

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
    if (info() == GameInfo::ConWait && now != kNever && !waitsUntilCancelled())
        facts.waitLeftMs = std::max<TimeMs>(0, toWindow(m_connection.policy().giveUpAt()) - now);
    facts.comingBack = m_mirror.comingBack;
    facts.awaitingReturn = m_mirror.hasSession && m_mirror.awaitingReturn && protocol::isConnected(info());
    facts.previousEnd = m_previousEnd ? describeEnd(*m_previousEnd) : std::string();
    facts.keeperProblem = m_mirror.keeperProblem;
    facts.gameNumber = gameNumber();
    facts.failure = failure();
    facts.lastRefusal = m_lastRefusal ? refusalWords(*m_lastRefusal) : std::string();
    facts.endReason = endReason();
    facts.matchEnded = matchEnded();
    const ConnectOptions& configured = m_connection.policy().configured();
    facts.peer = configured.peer;
    facts.joinOnly = configured.joinOnly;
    facts.port = configured.hostPort;
    facts.lanAddress = m_lanAddress;
    return facts;
}

} // namespace speed::client
