#include "match/NetworkDriver.hpp"

#include "match/MoveInference.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>

namespace speed::client {

using protocol::Session;
using protocol::SessionEvent;
using protocol::SessionEventKind;
using protocol::SessionRole;

namespace {

constexpr std::size_t kMaxWireLog = 4000;      // undrained message log: keep the newest
constexpr std::size_t kMaxOwnMoves = 8;        // moves shown at once, awaiting the host's table
constexpr auto kGoodbyeLimit = std::chrono::milliseconds(2500); // SHUTDOWN lingers 1 s; never hang

// The session's words for how it ended, as the banner says them.
std::string describeEnd(const std::string& text) {
    const auto reason = text.substr(text.rfind(' ') + 1);
    if (text.starts_with("the peer")) {
        if (reason == "window_closed") return "the other player closed their window";
        if (reason == "match_over") return "the other side played its games and ended the match";
        return "the other side ended the match (" + reason + ")";
    }
    if (reason == "match_over") return "the games are played";
    return "ended here (" + reason + ")";
}


} // namespace

NetworkDriver::NetworkDriver(NetworkSetup setup, TimeMs now) : m_setup(std::move(setup)) {
    m_setup.connect.session.reportDatagrams = true; // the message log and the RTT need them
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
    if (!m_connector->start() && !m_setup.connect.peer && m_connector->failure().ends_with("already in use")) {
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

void NetworkDriver::pollNetwork() {
    if (m_io.stopped()) m_io.restart(); // poll() stops the context when it runs out of work
    m_io.poll();
}

bool NetworkDriver::waitForNetwork(TimeMs maxWaitMs) {
    if (!m_connector || m_connector->finished()) return false;
    if (m_io.stopped()) m_io.restart();
    const std::size_t handled = m_io.run_one_for(std::chrono::milliseconds(maxWaitMs));
    return handled > 0 || !m_io.stopped(); // stopped with nothing run: no work left to wait on
}

const Session* NetworkDriver::session() const { return m_connector ? m_connector->session() : nullptr; }

std::vector<AppliedMove> NetworkDriver::tick(TimeMs now) {
    m_offsetMs = now - m_clock.nowMs();
    pollNetwork();
    noteConnector();
    absorbEvents(now);
    followClock(now);
    return followTable();
}

// Runs `action` on the session now (the connector pumps the seat); false when there is no
// session to act on.
bool NetworkDriver::act(WindowSeat::Action action) {
    if (!m_connector || m_connector->finished() || session() == nullptr) return false;
    bool ran = false;
    m_seat->queue([&](Session& live, TimeMs at) {
        ran = true;
        action(live, at);
    });
    m_connector->pump();
    m_seat->clearQueue(); // never keep an action whose captures end here
    return ran;
}

MoveAnswer NetworkDriver::propose(const Move& move, TimeMs now) {
    protocol::ProposalOutcome outcome{false, MoveError::GameOver};
    if (!act([&](Session& live, TimeMs at) { outcome = live.proposeMove(at, move); })) return {{MatchRefusal::NotDealt}};
    absorbEvents(now);
    if (outcome.sent) {
        m_ownMoves.push_back(move);
        if (m_ownMoves.size() > kMaxOwnMoves) m_ownMoves.erase(m_ownMoves.begin());
        return {};
    }
    if (outcome.localError != MoveError::None) return {{MatchRefusal::None, outcome.localError}};
    spdlog::info("not sent: {} moves already wait for the host's answer", m_setup.connect.session.timing.maxProposalsInFlight);
    return {{}, true}; // nothing was shown: the window puts the card back itself
}

bool NetworkDriver::startNextGame(TimeMs /*now*/) {
    if (!gameFinished(info())) return false;
    return act([](Session& live, TimeMs at) { live.startNextGame(at); });
}

bool NetworkDriver::togglePause(TimeMs /*now*/) {
    const GameInfo current = info();
    if (current == GameInfo::Play) return act([](Session& live, TimeMs at) { live.pause(at); });
    if (!protocol::isPaused(current) || m_peerSilent) return false;
    return act([](Session& live, TimeMs at) {
        if (!live.localResumeRequested()) live.resume(at);
    });
}

void NetworkDriver::absorbEvents(TimeMs now) {
    if (!m_seat) return;
    for (const SessionEvent& event : m_seat->takeEvents()) onEvent(event, now);
    if (m_wireLog.size() > kMaxWireLog) m_wireLog.erase(m_wireLog.begin(), m_wireLog.end() - kMaxWireLog);
}

void NetworkDriver::onEvent(const SessionEvent& event, TimeMs now) {
    const Session* live = session();
    switch (event.kind) {
    case SessionEventKind::DatagramSent:
        m_rtt.sent(event.at, event.text);
        m_wireLog.push_back({toWindow(event.at), true, event.text});
        break;
    case SessionEventKind::DatagramReceived:
        m_rtt.received(event.at, event.text);
        m_wireLog.push_back({toWindow(event.at), false, event.text});
        break;
    case SessionEventKind::Connected:
        m_connected = true;
        m_peerName = event.text;
        m_lastPeerAddress = live != nullptr ? live->peerAddress() : std::string();
        spdlog::info("connected to {} at {} as {}", m_peerName, m_lastPeerAddress, isHost() ? "host" : "client");
        break;
    case SessionEventKind::MoveRejected: onRejected(event); break;
    case SessionEventKind::GameOver: onGameOver(event, now); break;
    case SessionEventKind::PeerSilent:
        m_peerSilent = true;
        spdlog::warn("the other side is silent: {}", event.text);
        break;
    case SessionEventKind::PeerBack:
        m_peerSilent = false;
        spdlog::info("the other side is back");
        break;
    case SessionEventKind::PeerLost:
        m_endReason = "lost the other side: " + event.text;
        spdlog::warn("{}", m_endReason);
        break;
    case SessionEventKind::Shutdown:
        if (!m_closing && m_endReason.empty()) m_endReason = describeEnd(event.text);
        spdlog::info("session ended: {}", event.text);
        break;
    case SessionEventKind::StateChanged: spdlog::debug("state {}", gameInfoName(event.info)); break;
    case SessionEventKind::ConnectFailed: spdlog::info("connection attempt: {}", event.text); break;
    case SessionEventKind::TransitionRefused: spdlog::debug("refused: {}", event.text); break;
    case SessionEventKind::DatagramIgnored: spdlog::debug("ignored: {}", event.text); break;
    default: break;
    }
}

// A proposal the host refused after it was shown: it slides back (only those that were shown;
// one refused before it was sent never moved).
void NetworkDriver::onRejected(const SessionEvent& event) {
    const auto shown = std::find_if(m_ownMoves.begin(), m_ownMoves.end(), [&](const Move& move) {
        if (move.slot != event.slot) return false;
        return event.card ? move.kind == MoveKind::Play && move.card == *event.card : move.kind == MoveKind::Refill;
    });
    if (shown == m_ownMoves.end()) return;
    spdlog::info("refused by the host: {}: {} | table: {}", describe(*shown), event.text, "taken back");
    m_refused.push_back(*shown);
    m_ownMoves.erase(shown);
}

void NetworkDriver::onGameOver(const SessionEvent& event, TimeMs now) {
    const Session* live = session();
    if (live == nullptr) return;
    followClock(now);
    m_endedElapsedMs = elapsedMs(now);
    GameRecord record;
    record.number = static_cast<int>(live->gameNumber());
    record.seed = gameSeed();
    record.result = event.result;
    record.info = protocol::gameInfoFor(outcomeFor(event.result, live->mySeat()));
    record.durationMs = *m_endedElapsedMs;
    record.moves = isHost() ? live->confirmedState().movesApplied : m_movesSeen; // the wire has no count
    record.flips = m_flips;
    m_finished.push_back(record);
}

// The game clock: runs from the deal, stops while paused and at the end.
void NetworkDriver::followClock(TimeMs now) {
    const Session* live = session();
    if (live == nullptr) return;
    if (live->gameNumber() != m_clockGame && live->gameNumber() > 0) {
        m_clockGame = live->gameNumber();
        m_gameStartAt = now;
        m_pausedTotalMs = 0;
        m_pausedAt.reset();
        m_endedElapsedMs.reset();
        m_flips = 0;
        m_movesSeen = 0;
    }
    const bool paused = protocol::isPaused(live->gameInfo());
    if (paused && !m_pausedAt) m_pausedAt = now;
    if (!paused && m_pausedAt) {
        m_pausedTotalMs += now - *m_pausedAt;
        m_pausedAt.reset();
    }
}

// The host's table moved on: the moves in between, minus the user's own (already shown).
std::vector<AppliedMove> NetworkDriver::followTable() {
    const Session* live = session();
    if (live == nullptr || live->gameNumber() == 0) return {};
    const GameState& confirmed = live->confirmedState();
    if (live->gameNumber() != m_shownGame) {
        m_shownGame = live->gameNumber();
        m_shownConfirmed = confirmed;
        m_ownMoves.clear();
        return {};
    }
    if (confirmed == m_shownConfirmed) return {};
    std::vector<AppliedMove> moves = inferMoves(m_shownConfirmed, confirmed);
    m_shownConfirmed = confirmed;
    std::vector<AppliedMove> shown;
    for (AppliedMove& record : moves) {
        if (record.move.kind == MoveKind::Flip) ++m_flips;
        else ++m_movesSeen;
        const auto own = std::find(m_ownMoves.begin(), m_ownMoves.end(), record.move);
        if (own != m_ownMoves.end()) {
            m_ownMoves.erase(own);
            continue;
        }
        shown.push_back(std::move(record));
    }
    return shown;
}

bool NetworkDriver::retry(TimeMs now) {
    if (!matchEnded()) return false;
    teardown();
    m_connected = false;
    m_peerSilent = false;
    m_endReason.clear();
    m_failure.clear();
    m_shownGame = 0;
    m_clockGame = 0;
    m_endedElapsedMs.reset();
    m_ownMoves.clear();
    spdlog::info("trying again");
    begin(now);
    return true;
}

// The window closes: SHUTDOWN to the other side, resent until answered (bounded), then go.
void NetworkDriver::close() {
    if (!m_connector || m_closing) return;
    m_closing = true;
    if (!m_connector->finished()) {
        m_seat->endingHere();
        m_connector->shutdown("window_closed");
        const auto limit = std::chrono::steady_clock::now() + kGoodbyeLimit;
        while (!m_connector->finished() && std::chrono::steady_clock::now() < limit) {
            if (m_io.stopped()) m_io.restart();
            m_io.run_one_for(std::chrono::milliseconds(50));
        }
    }
    absorbEvents(m_clock.nowMs() + m_offsetMs);
    noteConnector();
    teardown();
}

} // namespace speed::client
