#include "speed/sim/Simulation.hpp"

#include "speed/common/Invariant.hpp"
#include "speed/protocol/BotPlayer.hpp"
#include "speed/protocol/ClientSession.hpp"
#include "speed/protocol/HostSession.hpp"
#include "speed/protocol/TableView.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>
#include <cstdint>
#include <map>
#include <queue>

namespace speed::sim {

using namespace speed::protocol;

namespace {

const PeerAddress kHostAddress = "host:50001";
const PeerAddress kClientAddress = "client:50002";

// Whether the event may come with a change of a table the simulator checks (the host's, the
// client's and its prediction). Not: datagrams and round trips, and a proposal refused before
// anything was shown (the host's own, decided at once; the client's kept back while others are
// in flight), which is most of the refusals when a bot keeps trying.
bool changesTables(const SessionEvent& event, bool isHost) {
    switch (event.kind) {
    case SessionEventKind::DatagramSent:
    case SessionEventKind::DatagramReceived:
    case SessionEventKind::DatagramIgnored:
    case SessionEventKind::RttSample: return false;
    case SessionEventKind::MoveRejected: return !isHost && event.link != LinkRefusal::TooManyInFlight;
    default: return true;
    }
}

// Whether everything conservationError reads is the same in `a` and `b`: the joker count and
// the hand size it counts by, and each card's place in the decks, the hands and the piles. A
// difference is never missed; bytes that differ only where no card is make a count again.
bool sameCards(const GameState& a, const GameState& b) {
    const auto sameStack = [](const CardStack& x, const CardStack& y) {
        static_assert(sizeof(Card) == 1 && std::is_trivially_copyable_v<Card>);
        return x.size() == y.size() && std::memcmp(x.begin(), y.begin(), static_cast<std::size_t>(x.size())) == 0;
    };
    if (a.rules.jokers != b.rules.jokers || a.rules.handSize != b.rules.handSize) return false;
    for (std::size_t seat = 0; seat < a.players.size(); ++seat) {
        if (a.players[seat].hand != b.players[seat].hand || !sameStack(a.players[seat].deck, b.players[seat].deck)) return false;
    }
    for (std::size_t pile = 0; pile < a.field.size(); ++pile) {
        if (!sameStack(a.field[pile], b.field[pile])) return false;
    }
    return true;
}

std::uint64_t derivedSeed(std::uint64_t seed, std::uint64_t purpose) {
    SplitMix64 mix(seed ^ (0x5151515151ULL * (purpose + 1)));
    return mix.next();
}

// A datagram on its way. Its bytes wait in a slot of their own (SimulatedMatch::m_bytes), so that
// the queue orders small entries and moves no string.
struct InFlight {
    TimeMs at = 0;
    long long order = 0; // ties resolved by sending order: the run is deterministic
    bool toHost = false;
    std::uint32_t slot = 0; // where its bytes are
    bool operator>(const InFlight& other) const { return at != other.at ? at > other.at : order > other.order; }
};

// Host and client sessions, their bots and the two directions of the hostile network.
class SimulatedMatch {
public:
    explicit SimulatedMatch(const SimulationSetup& setup);
    SimulationReport run();

private:
    // Which side a step wakes: one that was handed a datagram, or whose own timer is due. A
    // side that is neither is left alone: its tick and its bot's poll would do nothing.
    struct Woken {
        bool host = false;
        bool client = false;
    };
    Woken deliverDue();
    TimeMs actAndSend(Woken& woken);
    void transmit(Session& from, FaultModel& faults, bool toHost);
    void collectEvents(Session& session, bool isHost);
    void followRaces(const SessionEvent& event);
    void proposed(int seat, const Move& move, const BotPlayer::AimedAt& aimed);
    void followPlays(const SessionEvent& event, bool isHost);
    void judgeRaces();
    struct PlayTruth;
    PlayTruth* latestPlay(const Move& move); // the last proposal of that card by that seat
    void checkTables();
    void recordViolation(const std::string& where, const std::string& error);
    bool gameOverOnBothSides() const;

    const SimulationSetup& m_setup;
    HostSession m_host;
    ClientSession m_client;
    BotPlayer m_hostBot;
    BotPlayer m_clientBot;
    FaultModel m_toClient;
    FaultModel m_toHost;
    std::priority_queue<InFlight, std::vector<InFlight>, std::greater<>> m_inFlight;
    std::vector<std::string> m_bytes;         // the bytes of the datagrams in flight, by slot
    std::vector<std::uint32_t> m_freeSlots;   // slots whose datagram was delivered
    // What a session handed over last, kept so that their room is reused step after step.
    std::vector<OutgoingDatagram> m_outgoing;
    std::vector<SessionEvent> m_events;
    std::vector<Delivery> m_deliveries;
    long long m_sentOrder = 0;
    TimeMs m_now = 0;
    // When each session's timers and each bot ask to be woken next (what nextWakeMs and poll
    // said last); a step before that wakes them only for a datagram.
    TimeMs m_hostWake = 0;
    TimeMs m_clientWake = 0;
    TimeMs m_hostBotWake = 0;
    TimeMs m_clientBotWake = 0;
    bool m_closing = false;
    // What the tables' last check saw: the tables change only with a revision, a bot's proposal
    // or an event about the game, so a step that brought none of them is not checked again.
    struct TableMarks {
        WireNumber hostGame = 0;
        WireNumber hostRevision = 0;
        WireNumber clientGame = 0;
        WireNumber clientRevision = 0;
        long long proposals = 0;
        long long gameEvents = 0;
        bool operator==(const TableMarks&) const = default;
    };
    std::optional<TableMarks> m_checked;
    // conservationError of one of the three tables, counted again only when a card moved since
    // the last count: a step that changed one table leaves the other two as they were.
    class CardCheck {
    public:
        std::string errorOf(const GameState& table) {
            if (m_counted && sameCards(table, m_table)) return m_error;
            m_table = table;
            m_counted = true;
            m_error = conservationError(table);
            return m_error;
        }

    private:
        GameState m_table;
        bool m_counted = false;
        std::string m_error;
    };
    CardCheck m_hostCheck;
    CardCheck m_clientCheck;
    CardCheck m_predictionCheck;
    long long m_gameEvents = 0; // events of either session other than datagrams and round trips
    SimulationReport m_report;
    std::array<std::int64_t, kFieldPiles> m_pileChangedUs{}; // true virtual time of each pile's last change
    // Every play proposed, by card (a card is played once a game): who, when in virtual time,
    // on which pile's which top, and what became of it.
    struct PlayTruth {
        int seat = 0;
        int card = 0;
        std::int64_t madeUs = 0;
        int pile = 0;
        int aimedAt = -1; // the top on the proposer's table: its place on the pile (piles only grow)
        int aimedTop = -1; // and that top card (Card::index()); -1 for an empty pile
        bool taken = false;
        bool lostRace = false; // refused NOT_ADJACENT, or taken back
    };
    std::vector<PlayTruth> m_plays; // in the order proposed (a refused card may be played again)
};

SessionConfig sessionConfig(const SimulationSetup& setup, SessionRole role) {
    SessionConfig config;
    config.playerName = role == SessionRole::Host ? "host_bot" : "client_bot";
    config.timing = setup.timing;
    config.rules = setup.rules;
    config.dealSeed = setup.seed;
    config.reportDatagrams = static_cast<bool>(setup.trace);
    config.describeEvents = static_cast<bool>(setup.trace); // only the trace reads an event's words
    // Untraced, the simulator reads none of the most frequent events (collectEvents: they change
    // no table and decide no play), so the sessions do not make them.
    const bool traced = static_cast<bool>(setup.trace);
    config.events = EventInterest{traced, traced, traced};
    config.random = [mix = SplitMix64(derivedSeed(setup.seed, role == SessionRole::Host ? 5 : 6))]() mutable { return mix.next(); };
    config.passwordKey = setup.passwordKey;
    return config;
}

SimulatedMatch::SimulatedMatch(const SimulationSetup& setup)
    : m_setup(setup), m_host(sessionConfig(setup, SessionRole::Host)),
      m_client(sessionConfig(setup, SessionRole::Client)),
      m_hostBot(setup.levels[0], derivedSeed(setup.seed, 1), 0),
      m_clientBot(setup.levels[1], derivedSeed(setup.seed, 2), 1),
      m_toClient(setup.hostToClient, derivedSeed(setup.seed, 3)), m_toHost(setup.clientToHost, derivedSeed(setup.seed, 4)) {
    m_hostBot.onProposed = [this](const Move& move, const BotPlayer::AimedAt& aimed) { proposed(0, move, aimed); };
    m_clientBot.onProposed = [this](const Move& move, const BotPlayer::AimedAt& aimed) { proposed(1, move, aimed); };
}

void SimulatedMatch::proposed(int seat, const Move& move, const BotPlayer::AimedAt& aimed) {
    ++m_report.plays;
    ++m_report.seats[static_cast<std::size_t>(seat)].actions;
    if (move.kind != MoveKind::Play || move.pile < 0 || move.pile >= kFieldPiles) return;
    PlayTruth truth;
    truth.seat = seat;
    truth.card = move.card.index();
    truth.madeUs = m_now * 1000;
    truth.pile = move.pile;
    truth.aimedAt = aimed.pileSize == 0 ? -1 : static_cast<int>(aimed.pileSize);
    truth.aimedTop = aimed.top ? aimed.top->index() : -1;
    m_plays.push_back(truth);
}

// What became of each play, from the host's events (the host decides; the client is told).
void SimulatedMatch::followPlays(const SessionEvent& event, bool isHost) {
    if (!isHost || !event.move || event.move->kind != MoveKind::Play) return;
    if (event.kind == SessionEventKind::MoveTakenBack) {
        ++m_report.rollbacks;
        if (event.move->seat >= 0 && event.move->seat < kSeats) {
            ++m_report.seats[static_cast<std::size_t>(event.move->seat)].rollbacks;
        }
    }
    PlayTruth* const play = latestPlay(*event.move);
    if (play == nullptr) return;
    switch (event.kind) {
    case SessionEventKind::MoveApplied: play->taken = true; break;
    case SessionEventKind::MoveTakenBack:
        play->taken = false;
        play->lostRace = true;
        break;
    case SessionEventKind::MoveRejected:
    case SessionEventKind::PeerMoveRefused:
        if (event.play.error == MoveError::NotAdjacent) play->lostRace = true;
        break;
    default: break;
    }
}

SimulatedMatch::PlayTruth* SimulatedMatch::latestPlay(const Move& move) {
    const auto play = std::find_if(m_plays.rbegin(), m_plays.rend(), [&](const PlayTruth& p) {
        return p.seat == move.seat && p.card == move.card.index();
    });
    return play == m_plays.rend() ? nullptr : &*play;
}

// Two seats aimed at one top: the play taken won, the other seat's refused one lost.
void SimulatedMatch::judgeRaces() {
    std::map<std::pair<int, int>, std::array<const PlayTruth*, kSeats>> winners; // (pile, top) -> taken, by seat
    for (const PlayTruth& play : m_plays) {
        if (play.taken && play.aimedAt >= 0) winners[{play.pile, play.aimedAt}][static_cast<std::size_t>(play.seat)] = &play;
    }
    for (const PlayTruth& play : m_plays) {
        if (!play.lostRace || play.aimedAt < 0) continue;
        const auto won = winners.find({play.pile, play.aimedAt});
        if (won == winners.end()) continue;
        const PlayTruth* winner = won->second[static_cast<std::size_t>(1 - play.seat)];
        // A race is two plays onto the same card. A play chained on the proposer's own play that
        // was refused aims at that card, which never lay there: it lost with its base, to no
        // race of its own, whatever the other seat played at that height meanwhile.
        if (winner == nullptr || winner->aimedTop != play.aimedTop) continue;
        const PlayTruth& host = play.seat == 0 ? play : *winner;
        const PlayTruth& client = play.seat == 0 ? *winner : play;
        m_report.races.push_back({client.madeUs - host.madeUs, winner->seat == 0});
        ++m_report.seats[static_cast<std::size_t>(winner->seat)].racesWon;
        ++m_report.seats[static_cast<std::size_t>(play.seat)].racesLost;
    }
    for (const PlayTruth& play : m_plays) {
        if (play.taken) ++m_report.seats[static_cast<std::size_t>(play.seat)].cardsPlayed;
    }
}

SimulationReport SimulatedMatch::run() {
    m_host.listen(0);
    m_client.connect(0, kHostAddress);
    while (m_report.steps < m_setup.stepLimit && m_now < m_setup.gameTimeLimitMs) {
        ++m_report.steps;
        Woken woken = deliverDue();
        woken.host = woken.host || m_now >= m_hostWake;
        woken.client = woken.client || m_now >= m_clientWake;
        if (woken.host) m_host.tick(m_now);
        if (woken.client) m_client.tick(m_now);
        TimeMs next = actAndSend(woken); // `woken` now also says which session its bot acted on
        checkTables();
        if (m_host.finished() && m_client.finished()) break;
        if (!m_inFlight.empty()) next = std::min(next, m_inFlight.top().at);
        // A session this step left alone (no datagram, no tick, no bot) keeps the timers it had:
        // its earliest is still ahead (it was not due), and no timer moves with the clock alone.
        if (woken.host) m_hostWake = m_host.nextWakeMs(m_now);
        if (woken.client) m_clientWake = m_client.nextWakeMs(m_now);
        next = std::min({next, m_hostWake, m_clientWake});
        if (next == kNever) break; // nothing will ever happen again
        m_now = std::max(m_now, next);
    }
    const SessionStats& hostStats = m_host.stats();
    const SessionStats& clientStats = m_client.stats();
    m_report.datagramsSent = hostStats.datagramsSent + clientStats.datagramsSent;
    m_report.resends = hostStats.resends + clientStats.resends;
    m_report.proposals = clientStats.proposalsSent;
    m_report.rejections = clientStats.proposalsRejected;
    m_report.refusedTransitions = hostStats.refusedTransitions + clientStats.refusedTransitions;
    m_report.seats[0].proposals = hostStats.proposalsSent;
    m_report.seats[0].refusals = hostStats.proposalsRejected;
    m_report.seats[1].proposals = clientStats.proposalsSent;
    m_report.seats[1].refusals = clientStats.proposalsRejected;
    m_report.cleanShutdown = m_closing && m_host.finished() && m_client.finished() &&
                             !m_report.hostStop && !m_report.clientStop;
    m_report.durationMs = m_now;
    judgeRaces();
    const ArbitrationFigures figures = m_host.arbitration();
    m_report.lagUs = figures.lagUs;
    m_report.tieUs = figures.tieUs;
    return m_report;
}

SimulatedMatch::Woken SimulatedMatch::deliverDue() {
    Woken woken;
    while (!m_inFlight.empty() && m_inFlight.top().at <= m_now) {
        const InFlight datagram = m_inFlight.top();
        m_inFlight.pop();
        // The slot is not reused before the next transmit: nothing is sent while delivering.
        const std::string& bytes = m_bytes[datagram.slot];
        if (datagram.toHost) m_host.receive(m_now, kClientAddress, bytes);
        else m_client.receive(m_now, kHostAddress, bytes);
        m_freeSlots.push_back(datagram.slot);
        (datagram.toHost ? woken.host : woken.client) = true;
    }
    return woken;
}

// Lets the bots act, then passes on what the sessions sent and collects their events. A session
// left alone this step has neither: it is skipped. On return `woken` also names the sessions a
// bot (or the end of the game) acted on.
TimeMs SimulatedMatch::actAndSend(Woken& woken) {
    if (m_host.gameInfo() == GameInfo::Connect && m_host.gameNumber() == 0) {
        m_host.startNextGame(m_now);
        woken.host = true;
    }
    TimeMs wake = kNever;
    if (!m_closing) {
        // A bot sees only its session's table: unless that session was woken, or the bot's own
        // time came, the table is the one it last looked at and its answer would be the same.
        if (woken.host || m_now >= m_hostBotWake) {
            m_hostBotWake = m_hostBot.poll(m_host, m_now);
            woken.host = true;
        }
        if (woken.client || m_now >= m_clientBotWake) {
            m_clientBotWake = m_clientBot.poll(m_client, m_now);
            woken.client = true;
        }
        wake = std::min(m_hostBotWake, m_clientBotWake);
        if (gameOverOnBothSides()) {
            m_report.finished = true;
            m_report.result = m_host.confirmedState().result;
            m_report.diverged = m_report.diverged || !sameTable(m_host.confirmedState(), m_client.confirmedState());
            m_closing = true;
            m_client.shutdown(m_now, ShutdownReason::MatchOver);
            woken.client = true;
        }
    }
    if (woken.host) transmit(m_host, m_toClient, false);
    if (woken.client) transmit(m_client, m_toHost, true);
    if (woken.host) collectEvents(m_host, true);
    if (woken.client) collectEvents(m_client, false);
    return wake;
}

bool SimulatedMatch::gameOverOnBothSides() const {
    return m_host.gameNumber() > 0 && m_host.confirmedState().result != GameResult::Playing &&
           m_client.gameNumber() == m_host.gameNumber() && m_client.revision() == m_host.revision();
}

void SimulatedMatch::transmit(Session& from, FaultModel& faults, bool toHost) {
    const bool blackout = m_now >= m_setup.blackoutFromMs && m_now < m_setup.blackoutUntilMs;
    from.takeOutgoing(m_outgoing);
    for (OutgoingDatagram& datagram : m_outgoing) {
        if (blackout) continue;
        faults.transmit(m_now, std::move(datagram.bytes), m_deliveries);
        for (Delivery& delivery : m_deliveries) {
            std::uint32_t slot = 0;
            if (m_freeSlots.empty()) {
                slot = static_cast<std::uint32_t>(m_bytes.size());
                m_bytes.push_back(std::move(delivery.bytes));
            } else {
                slot = m_freeSlots.back();
                m_freeSlots.pop_back();
                m_bytes[slot] = std::move(delivery.bytes);
            }
            m_inFlight.push({delivery.at, m_sentOrder++, toHost, slot});
        }
    }
}

void SimulatedMatch::collectEvents(Session& session, bool isHost) {
    session.takeEvents(m_events);
    for (const SessionEvent& event : m_events) {
        if (changesTables(event, isHost)) ++m_gameEvents;
        if (m_setup.trace) {
            m_setup.trace(std::to_string(event.at) + (isHost ? " host   " : " client ") +
                          std::string(toString(session.gameInfo())) + " [" + std::to_string(static_cast<int>(event.kind)) +
                          "] " + event.text);
        }
        std::optional<protocol::SessionStop>& stop = isHost ? m_report.hostStop : m_report.clientStop;
        if (isHost) followRaces(event);
        followPlays(event, isHost);
        switch (event.kind) {
        case SessionEventKind::MoveConfirmed:
            if (!isHost) m_report.confirmMs.push_back(event.confirmMs);
            break;
        case SessionEventKind::Connected: m_report.connected = true; break;
        case SessionEventKind::ConnectFailed:
            if (!stop) stop = protocol::stopOf(event);
            break;
        case SessionEventKind::Ended:
            if (!stop && (event.cause == EndCause::PeerLost || !m_closing)) stop = protocol::stopOf(event);
            break;
        default: break;
        }
    }
}

// The truth about races, from the host's events and virtual time: when each pile really last
// changed (a host play when it was made, a client play at its INPUT, the deal and the flip when
// they happened), and for each client play refused NOT_ADJACENT how much earlier the winner was.
void SimulatedMatch::followRaces(const SessionEvent& event) {
    constexpr std::int64_t kUsPerMs = 1000;
    const std::int64_t atUs = event.at * kUsPerMs;
    if (event.kind == SessionEventKind::GameStarted) m_pileChangedUs.fill(atUs);
    if (event.kind == SessionEventKind::MoveApplied && event.move) {
        const Move& move = *event.move;
        if (move.kind == MoveKind::Flip) m_pileChangedUs.fill(atUs);
        if (move.kind == MoveKind::Play && move.pile >= 0 && move.pile < kFieldPiles) {
            // When the play was really made: its bot's proposal on virtual time (under fair
            // arbitration a play is taken a lag after it was made).
            const PlayTruth* const made = latestPlay(move);
            m_pileChangedUs[static_cast<std::size_t>(move.pile)] = made != nullptr ? made->madeUs : atUs;
        }
    }
    if (event.kind == SessionEventKind::PeerMoveRefused && event.move && event.play.error == MoveError::NotAdjacent &&
        event.inputUs && event.raceLeadUs && event.move->pile >= 0 && event.move->pile < kFieldPiles) {
        const std::int64_t trueLead =
            static_cast<std::int64_t>(*event.inputUs) - m_pileChangedUs[static_cast<std::size_t>(event.move->pile)];
        m_report.clientLostRaces.push_back({trueLead, *event.raceLeadUs});
    }
}

void SimulatedMatch::checkTables() {
    const TableMarks marks{m_host.gameNumber(), m_host.revision(), m_client.gameNumber(), m_client.revision(),
                           m_report.plays, m_gameEvents};
    if (m_checked == marks) return; // the very tables checked last time
    m_checked = marks;
    if (m_host.gameNumber() == 0) return;
    if (std::string error = m_hostCheck.errorOf(m_host.confirmedState()); !error.empty()) recordViolation("host", error);
    if (m_client.gameNumber() == 0) return;
    if (std::string error = m_clientCheck.errorOf(m_client.confirmedState()); !error.empty()) {
        recordViolation("client table", error);
    }
    if (std::string error = m_predictionCheck.errorOf(m_client.state()); !error.empty()) {
        recordViolation("client prediction", error);
    }
    // At the same revision the two sides must hold the very same table.
    if (m_client.gameNumber() == m_host.gameNumber() && m_client.revision() == m_host.revision() &&
        !sameTable(m_client.confirmedState(), m_host.confirmedState())) {
        m_report.diverged = true;
    }
}

void SimulatedMatch::recordViolation(const std::string& where, const std::string& error) {
    if (m_report.invariantViolations++ == 0) m_report.firstViolation = where + ": " + error;
}

} // namespace

SimulationReport simulateGame(const SimulationSetup& setup) { return SimulatedMatch(setup).run(); }

} // namespace speed::sim
