// Fair arbitration (docs/PROTOCOL.md, "Fair races"): both seats' plays wait the same local lag,
// the plays on one pile are taken in the order they were made, a tie (closer than the clocks'
// resolution) goes to a coin that alternates seats, a late play within the rewind window takes
// its place back, and the host's seat sees the table as late as the client's does.
#include "SessionPair.hpp"

#include "speed/common/Random.hpp"
#include "speed/protocol/ClockOffset.hpp"
#include "speed/protocol/FairOrder.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

namespace speed::protocol::test {
namespace {

TimedPlay playOf(int seat, int pile, std::int64_t keyUs, WireNumber proposal = 0) {
    TimedPlay play;
    play.seat = seat;
    play.move = Move::play(seat, 0, Card::fromIndex(pile + 2 * seat), pile);
    play.keyUs = keyUs;
    play.arrivalUs = keyUs;
    play.proposal = proposal;
    return play;
}

// The header of the newest UPDATE the host sent.
std::optional<SnapshotHeader> lastUpdate(const SessionPair& pair) {
    for (auto it = pair.sentToClient.rbegin(); it != pair.sentToClient.rend(); ++it) {
        const auto message = SessionPair::sentMessage(*it);
        if (!message) continue;
        if (const auto* update = std::get_if<Update>(&message->body); update && update->header) return update->header;
    }
    return std::nullopt;
}

long long okMovesSent(const SessionPair& pair, WireNumber id) {
    return std::count_if(pair.sentToClient.begin(), pair.sentToClient.end(), [&](const std::string& bytes) {
        const auto message = SessionPair::sentMessage(bytes);
        if (!message) return false;
        const auto* ok = std::get_if<Ok>(&message->body);
        return ok != nullptr && ok->subject == Subject::Move && ok->id == id;
    });
}

// A fair host and its client, connected over an instant link, the first game dealt and flipped.
std::unique_ptr<SessionPair> fairPairDealt() {
    auto pair = std::make_unique<SessionPair>(fairConfigFor(SessionRole::Host), fairConfigFor(SessionRole::Client));
    pair->connectAndDeal();
    return pair;
}

// Connects over a link with `oneWayMs` each way and deals the first game, past the opening
// flip and the exchanges the lag is chosen from.
void dealOverDelay(SessionPair& pair, TimeMs oneWayMs) {
    pair.oneWayMs = oneWayMs;
    pair.host.listen(pair.now);
    pair.client.connect(pair.now, kHost);
    pair.advance(100, 1);
    REQUIRE(pair.host.gameNumber() == 0);
    pair.host.startNextGame(pair.now);
    pair.advance(pair.host.config().timing.match.speedCallMs + 200, 1);
}

// A client whose INPUT lies: its session clock reads `liftUs` early while it proposes.
struct LyingClock {
    const SessionPair* pair = nullptr;
    std::int64_t liftUs = 0;
};

// A fair race on an instant link (trips of 0: the host believes an INPUT up to 2 ms before the
// arrival): the host plays at once, the lying client `laterMs` after it with its INPUT `liftUs`
// early. Whether the client's card took the pile.
bool liarWins(TimeMs laterMs, std::int64_t liftUs) {
    auto clock = std::make_shared<LyingClock>();
    for (std::uint64_t seed = 1; seed < 200; ++seed) {
        SessionConfig clientConfig = fairConfigFor(SessionRole::Client, seed);
        clientConfig.preciseClockUs = [clock] { return clock->pair->now * 1000 - clock->liftUs; };
        SessionPair pair(fairConfigFor(SessionRole::Host, seed), std::move(clientConfig));
        clock->pair = &pair;
        clock->liftUs = 0;
        pair.connectAndDeal();
        const auto race = raceOn(pair.host.confirmedState());
        if (!race) continue;
        const auto [hostMove, clientMove] = *race;
        REQUIRE(pair.host.proposeMove(pair.now, hostMove).sent);
        pair.advance(laterMs, 1);
        clock->liftUs = liftUs;
        const bool proposed = pair.client.proposeMove(pair.now, clientMove).sent;
        clock->liftUs = 0;
        if (!proposed) return false; // it already saw the host's card taken
        pair.pump(); // on an instant link, it arrives as it leaves
        pair.advance(300, 1);
        REQUIRE(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
        return onPile(pair.host.confirmedState(), clientMove);
    }
    FAIL("no deal with a race");
    return false;
}

} // namespace

TEST_CASE("fair order: plays are taken in the order made, each once its lag and tie window have passed", "[fair]") {
    FairOrder order;
    order.reset(3000, 500, 0, 500);
    order.add(playOf(1, 0, 2000, 1)); // made later, came first
    order.add(playOf(0, 1, 1000));
    REQUIRE(order.nextDueUs() == std::optional<std::int64_t>(4500));
    CHECK_FALSE(order.takeDue(4499));
    const auto first = order.takeDue(4500);
    REQUIRE(first);
    CHECK(first->keyUs == 1000);
    CHECK_FALSE(order.takeDue(5499));
    CHECK(order.holds(1));
    const auto second = order.takeDue(5500);
    REQUIRE(second);
    CHECK(second->proposal == 1);
    CHECK(order.empty());
    CHECK_FALSE(order.holds(1));
    CHECK(order.ties() == 0);
}

TEST_CASE("fair order: two seats on one pile within the coin window go to a coin that alternates", "[fair]") {
    FairOrder order;
    order.reset(3000, 500, 1, 500); // the coin starts with the client's seat
    std::vector<int> winners;
    for (int round = 0; round < 4; ++round) {
        const std::int64_t at = round * 100'000;
        order.add(playOf(0, 0, at));       // the host 0.3 ms earlier: too close to tell
        order.add(playOf(1, 0, at + 300));
        const auto taken = order.takeDue(at + 10'000);
        REQUIRE(taken);
        winners.push_back(taken->seat);
        REQUIRE(order.takeDue(at + 10'000));
    }
    CHECK(winners == std::vector<int>{1, 0, 1, 0});
    CHECK(order.ties() == 4);
    // Different piles, or the same seat, or further apart than the window: never a tie.
    order.add(playOf(1, 0, 1'000'300));
    order.add(playOf(0, 1, 1'000'000));
    CHECK(order.takeDue(2'000'000)->seat == 0);
    CHECK(order.takeDue(2'000'000)->seat == 1);
    order.add(playOf(1, 0, 2'000'600));
    order.add(playOf(0, 0, 2'000'000));
    CHECK(order.takeDue(3'000'000)->seat == 0);
    CHECK(order.ties() == 4);
    order.add(playOf(0, 1, 1'500'000)); // made before the one still waiting: taken before it
    const auto rest = order.takeAll();
    REQUIRE(rest.size() == 2);
    CHECK(rest[0].keyUs < rest[1].keyUs);
}

TEST_CASE("fair order: within the tie window, plays further apart than the coin window keep their order", "[fair]") {
    FairOrder order;
    order.reset(3000, 5000, 1, 500); // a 5 ms tie window (a jittery link); the coin would pick the client
    order.add(playOf(1, 0, 3000, 1)); // the client 3 ms after the host: apart, though within the window
    order.add(playOf(0, 0, 0));
    CHECK(order.takeDue(100'000)->seat == 0);
    CHECK(order.takeDue(100'000)->seat == 1);
    order.add(playOf(0, 0, 202'000)); // and the other way round
    order.add(playOf(1, 0, 200'000, 2));
    CHECK(order.takeDue(300'000)->seat == 1);
    CHECK(order.takeDue(300'000)->seat == 0);
    CHECK(order.ties() == 0);
    // Within the coin window: the coin, starting with the client's seat.
    order.add(playOf(0, 0, 400'000));
    order.add(playOf(1, 0, 400'400, 3));
    CHECK(order.takeDue(500'000)->seat == 1);
    CHECK(order.ties() == 1);
    // The coin window never reaches past the tie window.
    order.reset(3000, 500, 1, 2000);
    order.add(playOf(0, 0, 0));
    order.add(playOf(1, 0, 1000, 4));
    CHECK(order.takeDue(100'000)->seat == 0);
    CHECK(order.ties() == 0);
}

TEST_CASE("fair: the host's own play is shown on its seat at once and taken after the local lag", "[fair][session]") {
    const auto owner = fairPairDealt();
    SessionPair& pair = *owner;
    const ArbitrationFigures figures = pair.host.arbitration();
    CHECK(figures.mode == Arbitration::Fair);
    CHECK(figures.lagUs == 3000); // an instant link: the lag's floor
    CHECK(figures.tieUs == 500);
    CHECK(figures.viewDelayMs == 0);
    const auto move = anyLegalMove(pair.host.state(), 0);
    REQUIRE(move);
    REQUIRE(move->kind == MoveKind::Play);
    const auto applied = eventsOf(pair.hostEvents, SessionEventKind::MoveApplied).size();
    REQUIRE(pair.host.proposeMove(pair.now, *move).sent);
    CHECK(onPile(pair.host.state(), *move));            // the seat sees its card go down
    CHECK_FALSE(onPile(pair.host.confirmedState(), *move)); // the match has not taken it yet
    pair.advance(3, 1);
    CHECK_FALSE(onPile(pair.host.confirmedState(), *move));
    pair.advance(1, 1); // 3.5 ms after it was made: on the next whole millisecond
    CHECK(onPile(pair.host.confirmedState(), *move));
    CHECK(eventsOf(pair.hostEvents, SessionEventKind::MoveApplied).size() == applied + 1);
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    // The client's view of the deal carries the host's choice.
    CHECK(pair.client.confirmedState().rules.arbitration == Arbitration::Fair);
}

TEST_CASE("fair: the play made first takes the pile though the other reached the host first", "[fair][session][race]") {
    auto [pairOwner, hostMove, clientMove] = raceTable(Arbitration::Fair);
    REQUIRE(pairOwner);
    SessionPair& pair = *pairOwner;
    REQUIRE(pair.client.proposeMove(pair.now, clientMove).sent); // made first, held on the way
    auto held = pair.client.takeOutgoing();
    pair.now += 1;
    REQUIRE(pair.host.proposeMove(pair.now, hostMove).sent); // made 1 ms later, at the host itself
    pair.now += 1;
    pair.deliver(pair.host.takeOutgoing(), std::move(held)); // the client's comes 2 ms after it was made
    pair.pump();
    pair.advance(6, 1);
    CHECK(onPile(pair.host.confirmedState(), clientMove));
    const SessionEvent* rejected = SessionPair::last(pair.hostEvents, SessionEventKind::MoveRejected);
    REQUIRE(rejected != nullptr);
    CHECK(rejected->byHost); // the host's card goes home
    CHECK(rejected->move == hostMove);
    CHECK(rejected->play.error == MoveError::NotAdjacent);
    CHECK(rejected->raceLeadUs == std::optional<std::int64_t>(1'000)); // the client was 1 ms earlier
    CHECK(SessionPair::has(pair.clientEvents, SessionEventKind::MoveConfirmed));
    CHECK_FALSE(onPile(pair.host.state(), hostMove)); // and is back in the host's hand on its seat
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    CHECK(pair.host.arbitration().rollbacks == 0);
}

TEST_CASE("fair: a play that came late, within the trips the link has shown, takes its place back from a later one", "[fair][session][race]") {
    auto [pairOwner, hostMove, clientMove] = fairRaceOverJitter(20);
    REQUIRE(pairOwner);
    SessionPair& pair = *pairOwner;
    MemoryJournal journal;
    journal.write(pair.host.takeJournal());
    // Trips of 0..20 ms: the lag and the tie window are shorter than the longest way here the
    // host believes (20 ms, half the spread again, the margin), so a play 30 ms on its way is
    // late for its turn and still believed.
    const ArbitrationFigures figures = pair.host.arbitration();
    REQUIRE(figures.lagUs + figures.tieUs < 29'000);
    const TimeMs madeAt = pair.now;
    auto held = clientFirstOnItsWay(pair, hostMove, clientMove); // 30 ms on its way
    pair.advance(madeAt + 30 - pair.now, 1);
    REQUIRE(onPile(pair.host.confirmedState(), hostMove)); // taken: nothing earlier had come
    journal.write(pair.host.takeJournal());
    pair.deliver({}, std::move(held));
    pair.pump();
    pair.advance(100, 1);
    // The client's play was made 1 ms before the host's: the host's is taken back.
    CHECK(onPile(pair.host.confirmedState(), clientMove));
    const auto back = eventsOf(pair.hostEvents, SessionEventKind::MoveTakenBack);
    REQUIRE(back.size() == 1);
    CHECK(back[0]->move == hostMove);
    CHECK(back[0]->raceLeadUs == std::optional<std::int64_t>(1'000));
    CHECK(back[0]->play.error == MoveError::NotAdjacent);
    // Told first: the table the rewind starts again from, and how many plays went back.
    const SessionEvent* rewound = SessionPair::last(pair.hostEvents, SessionEventKind::Rewound);
    REQUIRE(rewound != nullptr);
    CHECK(rewound->undone == 1);
    REQUIRE(rewound->table);
    CHECK_FALSE(onPile(*rewound->table, hostMove));
    CHECK(rewound < back[0]);
    CHECK(SessionPair::has(pair.clientEvents, SessionEventKind::MoveConfirmed));
    CHECK(pair.host.arbitration().rollbacks == 1);
    CHECK_FALSE(onPile(pair.host.state(), hostMove)); // back in the host's hand on its seat
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    // A host restarted from its journal deals the same table: the rewind is kept there too.
    journal.write(pair.host.takeJournal());
    REQUIRE(journal.match);
    HostSession restored(fairConfigFor(SessionRole::Host));
    REQUIRE(restored.restore(pair.now, *journal.match, pair.now).empty());
    CHECK(sameTable(restored.match().state(), pair.host.confirmedState()));
    // A journal that takes back a move the game never made does not replay.
    MatchRecord broken = *journal.match;
    JournalEntry bogus = broken.entries.back();
    bogus.change = JournalChange::Rewind;
    bogus.move = Move::play(0, 0, Card::fromIndex(52), 0);
    for (const JournalEntry& entry : broken.entries) {
        if (entry.change == JournalChange::Move && entry.move.card == bogus.move.card) bogus.move.card = Card::fromIndex(51);
    }
    broken.entries.push_back(bogus);
    HostSession refused(fairConfigFor(SessionRole::Host));
    CHECK(refused.restore(pair.now, broken, pair.now).find("takes back a move") != std::string::npos);
}

TEST_CASE("fair: on a jittery link, a play made 3 ms first takes the pile whatever the coin", "[fair][session][race]") {
    // The jitter makes a tie window wider than 3 ms; the estimate still tells 3 ms apart, and a
    // coin over the whole window would give the later play the pile in one deal of two.
    std::set<int> coinSeats;
    for (std::uint64_t firstSeed = 1; coinSeats.size() < 2 && firstSeed < 40; ++firstSeed) {
        auto [pairOwner, hostMove, clientMove] = fairRaceOverJitter(20, firstSeed);
        REQUIRE(pairOwner);
        SessionPair& pair = *pairOwner;
        const int coinSeat = static_cast<int>(pair.host.match().seed() & 1U);
        if (!coinSeats.insert(coinSeat).second) continue;
        INFO("the coin starts with seat " << coinSeat);
        REQUIRE(pair.host.arbitration().tieUs > 3'000);
        REQUIRE(pair.host.proposeMove(pair.now, hostMove).sent);
        pair.advance(3, 1);
        REQUIRE(pair.client.proposeMove(pair.now, clientMove).sent);
        pair.advance(100, 1);
        CHECK(onPile(pair.host.confirmedState(), hostMove));
        CHECK(pair.host.arbitration().ties == 0);
        const SessionEvent* rejected = SessionPair::last(pair.clientEvents, SessionEventKind::MoveRejected);
        REQUIRE(rejected != nullptr);
        CHECK(rejected->move == clientMove);
        CHECK(rejected->raceLeadUs == std::optional<std::int64_t>(3'000)); // the host was 3 ms earlier
        CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    }
    CHECK(coinSeats.size() == 2);
}

TEST_CASE("fair: a jittery link's trips do not push an honest INPUT later than it was made", "[fair][clock]") {
    // 16 exchanges over 1-11 ms there and 4-54 ms back (uniform jitter), the far clock 7 s ahead;
    // then 20,000 datagrams back over the same link. Each INPUT, put on this clock with the
    // estimate, is no earlier than its arrival less the bound (so it is believed, never moved).
    SplitMix64 rng(7);
    const auto trip = [&](std::int64_t baseMs, std::int64_t jitterMs) {
        return (baseMs * 1000 + static_cast<std::int64_t>(rng.next() % static_cast<std::uint64_t>(jitterMs * 1000 + 1))) * 1000;
    };
    const std::int64_t farAheadNs = 7'000'000'000;
    ClockOffsetEstimator estimator;
    for (int i = 0; i < 16; ++i) {
        const std::int64_t sentNs = i * 250'000'000LL;
        const std::int64_t t2 = sentNs + trip(1, 10) + farAheadNs;
        REQUIRE(estimator.add(ClockSample{sentNs, t2, t2 + 50'000, t2 - farAheadNs + 50'000 + trip(4, 50)}));
    }
    const auto offset = estimator.estimate();
    const auto delays = estimator.delays();
    const auto ways = estimator.waysBack();
    REQUIRE(offset);
    REQUIRE(delays);
    REQUIRE(ways);
    const std::int64_t boundNs = wayBackBoundNs(*ways, *delays);
    std::int64_t closestNs = boundNs;
    for (int i = 0; i < 20'000; ++i) {
        const std::int64_t madeNs = 10'000'000'000LL + i * 1'000'000LL; // this clock
        const std::int64_t arrivalNs = madeNs + trip(4, 50);
        const double inputHere = static_cast<double>(madeNs + farAheadNs) - offset->offsetNs;
        const double roomNs = inputHere - static_cast<double>(arrivalNs - boundNs);
        REQUIRE(roomNs >= 0);
        closestNs = std::min(closestNs, static_cast<std::int64_t>(roomNs));
    }
    // And the bound is not loose by more than the jitter and the margin.
    CHECK(boundNs <= (54 + 4 + 50 / 2 + 2) * 1'000'000LL);
    CHECK(closestNs < boundNs);
}

TEST_CASE("fair: a play claimed earlier than its way here could take counts at its arrival", "[fair][session][race]") {
    auto [pairOwner, hostMove, clientMove] = raceTable(Arbitration::Fair);
    REQUIRE(pairOwner);
    SessionPair& pair = *pairOwner;
    REQUIRE(pair.client.proposeMove(pair.now, clientMove).sent); // made first...
    auto held = pair.client.takeOutgoing();
    pair.now += 1;
    REQUIRE(pair.host.proposeMove(pair.now, hostMove).sent); // the host 1 ms later
    pair.now += 4; // ...but 5 ms on an instant link's way: more than its trips and the margin
    pair.deliver(pair.host.takeOutgoing(), std::move(held));
    pair.pump();
    pair.advance(20, 1);
    CHECK(onPile(pair.host.confirmedState(), hostMove));
    const SessionEvent* rejected = SessionPair::last(pair.clientEvents, SessionEventKind::MoveRejected);
    REQUIRE(rejected != nullptr);
    CHECK(rejected->move == clientMove);
    CHECK(rejected->play.error == MoveError::NotAdjacent);
    CHECK(rejected->raceLeadUs == std::optional<std::int64_t>(4'000)); // counted at its arrival
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
}

TEST_CASE("fair: a client that lies about when it played takes back no more than the bound allows", "[fair][session][race][attack]") {
    // Honest, a play 1 ms after the host's loses.
    CHECK_FALSE(liarWins(1, 0));
    // The most its INPUT can gain is the 2 ms margin of an instant link: a play 1 ms late wins
    // with an INPUT 2 ms early, a play 3 ms late never does, whatever it claims.
    CHECK(liarWins(1, 2'000));
    for (const std::int64_t liftUs : {0LL, 2'000LL, 3'000LL, 5'000LL, 20'000LL, 100'000LL, 150'000LL, 300'000LL}) {
        INFO("INPUT " << liftUs << " us early");
        CHECK_FALSE(liarWins(3, liftUs));
    }
    // Claiming a first copy lost (its INPUT a resend interval or two before the copy): counted
    // at the arrival, it does not even win a race it was only 1 ms late for.
    CHECK_FALSE(liarWins(1, 150'000));
    CHECK_FALSE(liarWins(1, 300'000));
}

TEST_CASE("fair: a play later than the rewind window counts as made when it came", "[fair][session][race]") {
    auto [pairOwner, hostMove, clientMove] = raceTable(Arbitration::Fair);
    REQUIRE(pairOwner);
    SessionPair& pair = *pairOwner;
    const TimeMs madeAt = pair.now;
    pair.toHostDown = true; // every copy of the MOVE and its first resend are lost
    REQUIRE(pair.client.proposeMove(pair.now, clientMove).sent);
    pair.pump();
    pair.now += 1;
    REQUIRE(pair.host.proposeMove(pair.now, hostMove).sent);
    pair.advance(2 * pair.host.config().timing.resendIntervalMs - 10, 1);
    pair.toHostDown = false;
    pair.advance(madeAt + 2 * pair.host.config().timing.resendIntervalMs + 10 - pair.now, 1);
    CHECK(onPile(pair.host.confirmedState(), hostMove)); // kept: too late to take back
    CHECK_FALSE(SessionPair::has(pair.hostEvents, SessionEventKind::MoveTakenBack));
    const SessionEvent* rejected = SessionPair::last(pair.clientEvents, SessionEventKind::MoveRejected);
    REQUIRE(rejected != nullptr);
    CHECK(rejected->move == clientMove);
    CHECK(rejected->play.error == MoveError::NotAdjacent);
    CHECK(pair.host.arbitration().rollbacks == 0);
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
}

TEST_CASE("fair: a resent proposal still waiting its turn is neither answered nor taken twice", "[fair][session]") {
    const auto owner = fairPairDealt();
    SessionPair& pair = *owner;
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
    pair.pump();
    const auto sent = SessionPair::sentMessage(pair.sentToHost.back());
    REQUIRE(sent);
    const auto* request = std::get_if<MoveRequest>(&sent->body);
    REQUIRE(request != nullptr);
    pair.now += 1;
    pair.host.receive(pair.now, kClient, pair.nextFromClient(*request)); // a copy under a new SEQ
    pair.pump();
    CHECK(okMovesSent(pair, request->id) == 0); // still waiting its turn
    pair.advance(5, 1);
    CHECK(okMovesSent(pair, request->id) == 1);
    CHECK(pair.host.stats().proposalsSent == 0); // none of the host's own
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
}

TEST_CASE("fair: an UPDATE's LAST names the last proposal decided, not one still waiting", "[fair][session]") {
    const auto owner = fairPairDealt();
    SessionPair& pair = *owner;
    const auto hostMove = anyLegalMove(pair.host.state(), 0);
    REQUIRE(hostMove);
    REQUIRE(pair.host.proposeMove(pair.now, *hostMove).sent);
    pair.now += 1;
    const auto clientMove = anyLegalMove(pair.client.state(), 1);
    REQUIRE(clientMove);
    REQUIRE(pair.client.proposeMove(pair.now, *clientMove).sent);
    pair.pump();
    pair.advance(3, 1); // the host's play is taken (3.5 ms after it), the client's still waits
    REQUIRE(onPile(pair.host.confirmedState(), *hostMove));
    const auto header = lastUpdate(pair);
    REQUIRE(header);
    CHECK(header->lastProposal == 0);
    pair.advance(2, 1);
    CHECK(lastUpdate(pair)->lastProposal == 1);
}

TEST_CASE("fair: the host's seat sees the other player's play as late as the client sees the host's", "[fair][session]") {
    SessionPair pair(fairConfigFor(SessionRole::Host), fairConfigFor(SessionRole::Client));
    dealOverDelay(pair, 20);
    const ArbitrationFigures figures = pair.host.arbitration();
    // The 20 ms one-way trip (and the millisecond a side takes to answer) and its 10% margin.
    CHECK(figures.lagUs >= 22'000);
    CHECK(figures.lagUs <= 23'200);
    CHECK(figures.viewDelayMs >= 20);
    CHECK(figures.viewDelayMs <= 21);
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    REQUIRE(move->kind == MoveKind::Play);
    REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
    pair.pump();
    pair.advance(30, 1); // came at +20, taken a lag (and a tie window) after it was made
    CHECK(onPile(pair.host.confirmedState(), *move));
    CHECK_FALSE(onPile(pair.host.state(), *move)); // the host's seat has not seen it yet
    pair.advance(20, 1); // seen a one-way trip after it was taken
    CHECK(onPile(pair.host.state(), *move));
    // The host's own play: on its seat's table at once.
    const auto own = anyLegalMove(pair.host.state(), 0);
    REQUIRE(own);
    if (own->kind == MoveKind::Play) {
        REQUIRE(pair.host.proposeMove(pair.now, *own).sent);
        CHECK(onPile(pair.host.state(), *own));
    }
}

TEST_CASE("fair: a client that was stopped, then answered everything at once, does not stretch the lag", "[fair][session]") {
    const auto owner = fairPairDealt();
    SessionPair& pair = *owner;
    const ArbitrationFigures before = pair.host.arbitration();
    // The client's program is stopped for 20 s: the host's datagrams wait for it, then it reads
    // and answers them all at once (each answer an exchange of up to 20 s).
    std::vector<OutgoingDatagram> waiting;
    for (int step = 0; step < 2000; ++step) {
        pair.now += 10;
        pair.host.tick(pair.now);
        for (auto& datagram : pair.host.takeOutgoing()) waiting.push_back(std::move(datagram));
    }
    REQUIRE(pair.host.peerSilent());
    pair.client.tick(pair.now);
    pair.deliver(std::move(waiting), {});
    pair.pump();
    pair.advance(500, 10);
    CHECK_FALSE(pair.host.peerSilent());
    CHECK(pair.host.gameInfo() == GameInfo::Play);
    const ArbitrationFigures after = pair.host.arbitration();
    CHECK(after.lagUs == before.lagUs);
    CHECK(after.tieUs == before.tieUs);
    CHECK(after.viewDelayMs == before.viewDelayMs);
}

TEST_CASE("fair: the round trip shown is the network's, without the time the host held the play", "[fair][session]") {
    SessionPair pair(fairConfigFor(SessionRole::Host), fairConfigFor(SessionRole::Client));
    dealOverDelay(pair, 2);
    REQUIRE(pair.host.arbitration().lagUs >= 3000);
    pair.clientEvents.clear();
    pair.hostEvents.clear();
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
    pair.pump(); // on its way now
    pair.advance(50, 1);
    const auto confirmed = eventsOf(pair.clientEvents, SessionEventKind::MoveConfirmed);
    REQUIRE(confirmed.size() == 1);
    // Confirmed after the lag (counted from when it was made) and a trip back: at least 5 ms...
    CHECK(confirmed[0]->confirmMs >= 3 + 2);
    // ...but the round trip the client counts is the 4 ms out and back (the host's answer may
    // wait for its next 1 ms tick, which is holding time too).
    const auto samples = eventsOf(pair.clientEvents, SessionEventKind::RttSample);
    REQUIRE(samples.size() == 1);
    CHECK(samples[0]->rttMs == Approx(4.0).margin(0.001));
    CHECK(samples[0]->rttMs < static_cast<double>(confirmed[0]->confirmMs));
    // The host's, from the client's OKs, the same.
    const auto hostSamples = eventsOf(pair.hostEvents, SessionEventKind::RttSample);
    REQUIRE_FALSE(hostSamples.empty());
    for (const SessionEvent* sample : hostSamples) CHECK(sample->rttMs <= 4.0 + 1.0);
}

} // namespace speed::protocol::test
