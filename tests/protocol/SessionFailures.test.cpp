// One named test per failure mode of docs/PROTOCOL.md's "ignore the datagram if" list.
#include "SessionPair.hpp"

#include "speed/common/Deal.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::protocol;
using namespace speed::protocol::test;

namespace {

std::string lastOfVerb(const std::vector<std::string>& datagrams, std::string_view verb) {
    for (auto it = datagrams.rbegin(); it != datagrams.rend(); ++it) {
        if (it->rfind(std::string(verb) + " ", 0) == 0) return *it;
    }
    return {};
}

// A deal where the client can play a card on a pile that the host can cover with a card
// the client's card does not fit: the host's move makes the client's proposal illegal.
struct Race {
    std::uint64_t seed = 0;
    Move clientMove;
    Move hostMove;
};

std::optional<Race> findRace() {
    for (std::uint64_t seed = 1; seed < 2000; ++seed) {
        GameState state = deal(RuleOptions{}, seed);
        applyMove(state, Move::flip());
        for (int slot = 0; slot < 4; ++slot) {
            for (int hostSlot = 0; hostSlot < 4; ++hostSlot) {
                for (int pile = 0; pile < kFieldPiles; ++pile) {
                    const Move client = Move::play(1, slot, *state.player(1).hand[static_cast<std::size_t>(slot)], pile);
                    const Move host = Move::play(0, hostSlot, *state.player(0).hand[static_cast<std::size_t>(hostSlot)], pile);
                    if (checkMove(state, client) != MoveError::None || checkMove(state, host) != MoveError::None) continue;
                    GameState after = state;
                    applyMove(after, host);
                    if (checkMove(after, client) != MoveError::None) return Race{seed, client, host};
                }
            }
        }
    }
    return std::nullopt;
}

} // namespace

TEST_CASE("failure: a duplicate datagram is ignored", "[session][failure]") {
    SessionPair pair;
    pair.connectAndDeal();
    const std::string update = lastOfVerb(pair.sentToClient, "UPDATE");
    REQUIRE_FALSE(update.empty());
    const auto revision = pair.client.revision();
    const auto duplicates = pair.client.stats().duplicates; // a new table's copies, sent at once
    pair.client.receive(pair.now, kHost, update);
    CHECK(pair.client.stats().duplicates == duplicates + 1);
    CHECK(pair.client.revision() == revision);
}

TEST_CASE("failure: a stale (reordered) UPDATE is ignored", "[session][failure]") {
    SessionPair pair;
    pair.connectAndDeal();
    const GameState current = pair.client.confirmedState();
    // The deal's first UPDATE (revision 1), re-sent later with a fresh SEQ as a delayed copy would be.
    const std::string first = [&] {
        for (const std::string& datagram : pair.sentToClient) {
            if (datagram.rfind("UPDATE ", 0) == 0) return datagram;
        }
        return std::string{};
    }();
    const SessionKeys keys = pair.keys();
    auto message = decodeDatagram(first, &keys.hostToClient).message;
    REQUIRE(message);
    message->seq = 100000;
    pair.client.receive(pair.now, kHost, pair.asHost(*message));
    CHECK(sameTable(pair.client.confirmedState(), current));
    CHECK(pair.client.revision() > std::get<Update>(message->body).header->revision);
}

TEST_CASE("failure: a garbled datagram is never applied", "[session][failure]") {
    SessionPair pair;
    pair.connectAndDeal();
    const auto move = anyLegalMove(pair.host.state(), 0);
    REQUIRE(move);
    pair.toClientDown = true;
    pair.host.proposeMove(pair.now, *move);
    pair.pump();
    std::string update = lastOfVerb(pair.sentToClient, "UPDATE");
    const std::size_t cardAt = update.find(' ', update.find(' ', update.find(' ') + 1) + 1) + 2;
    update[cardAt] = update[cardAt] == '2' ? '3' : '2'; // another valid card code
    const GameState before = pair.client.confirmedState();
    pair.client.receive(pair.now, kHost, update);
    CHECK(sameTable(pair.client.confirmedState(), before));
    CHECK(pair.client.stats().unauthenticated == 1); // the tag no longer matches the line
    const auto replies = pair.client.takeOutgoing();
    REQUIRE(replies.size() == 1);
    CHECK(replies[0].bytes.rfind("NG ", 0) == 0); // "NG ... GARBLED": the host resends at once
    pair.toClientDown = false;
    pair.host.receive(pair.now, kClient, replies[0].bytes);
    pair.advance(10); // well within the resend interval: the NG made the host resend at once
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
}

TEST_CASE("failure: a resent proposal is never applied twice", "[session][failure]") {
    SessionPair pair;
    pair.connectAndDeal();
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    pair.toClientDown = true; // the host's OK and UPDATE are lost: the client resends its MOVE
    pair.client.proposeMove(pair.now, *move);
    pair.pump();
    const int applied = pair.host.confirmedState().movesApplied;
    pair.advance(3 * pair.client.config().timing.resendIntervalMs);
    CHECK(pair.client.stats().resends >= 2);
    CHECK(pair.host.confirmedState().movesApplied == applied);
    pair.toClientDown = false;
    pair.advance(pair.client.config().timing.resendIntervalMs);
    CHECK(pair.client.stats().proposalsConfirmed == 1);
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
    CHECK(sameTable(pair.client.state(), pair.host.confirmedState()));
}

TEST_CASE("failure: a datagram from another address is ignored", "[session][failure]") {
    SessionPair pair;
    pair.connectAndDeal();
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    const GameState before = pair.host.confirmedState();
    const std::string forged = encodeDatagram({1, 999, MoveRequest{1, 1, move->kind, move->slot, move->card, move->pile ^ 1}});
    pair.host.receive(pair.now, "intruder:4444", forged);
    pair.host.receive(pair.now, "intruder:4444", encodeDatagram({1, 1000, Hello{kProtocolVersion, "mallory"}}));
    CHECK(pair.host.stats().foreign == 1);
    const auto replies = pair.host.takeOutgoing(); // the HELLO: at most a DENY BUSY, never larger
    REQUIRE(replies.size() == 1);
    CHECK(replies[0].bytes.rfind("DENY ", 0) == 0);
    CHECK(sameTable(pair.host.confirmedState(), before));
    CHECK(pair.host.peerName() == "kenta");
}

TEST_CASE("failure: a silent peer pauses the game, which resumes when it is heard again", "[session][failure]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.linkDown = true;
    pair.advance(pair.host.config().timing.silenceTimeoutMs + 100);
    CHECK(pair.host.gameInfo() == GameInfo::Pause0);
    CHECK(pair.client.gameInfo() == GameInfo::Pause0);
    CHECK(SessionPair::has(pair.hostEvents, SessionEventKind::PeerSilent));
    CHECK(SessionPair::has(pair.clientEvents, SessionEventKind::PeerSilent));
    pair.linkDown = false;
    pair.advance(500);
    CHECK(pair.host.gameInfo() == GameInfo::Play);
    CHECK(pair.client.gameInfo() == GameInfo::Play);
    CHECK(SessionPair::has(pair.hostEvents, SessionEventKind::PeerBack));
    CHECK(sameTable(pair.client.confirmedState(), pair.host.confirmedState()));
}

TEST_CASE("failure: a peer silent for good ends both sessions with the reason", "[session][failure]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.linkDown = true;
    pair.advance(pair.host.config().timing.graceMs + 100, 50);
    CHECK(pair.host.gameInfo() == GameInfo::Nothing);
    CHECK(pair.client.gameInfo() == GameInfo::Nothing);
    for (const auto* events : {&pair.hostEvents, &pair.clientEvents}) {
        const SessionEvent* ended = SessionPair::last(*events, SessionEventKind::Ended);
        REQUIRE(ended);
        CHECK(ended->cause == EndCause::PeerLost);
    }
    CHECK(pair.host.nextWakeMs(pair.now) == kNever);
}

TEST_CASE("failure: SHUTDOWN ends both sides", "[session][failure]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.client.shutdown(pair.now, ShutdownReason::WindowClosed);
    pair.pump();
    CHECK(pair.client.gameInfo() == GameInfo::Nothing);
    CHECK(pair.host.gameInfo() == GameInfo::Nothing);
    CHECK(pair.client.finished()); // the host acknowledged
    CHECK(pair.host.finished());
    const SessionEvent* ended = SessionPair::last(pair.hostEvents, SessionEventKind::Ended);
    REQUIRE(ended);
    CHECK(ended->cause == EndCause::ShutdownThere);
    CHECK(ended->shutdown == ShutdownReason::WindowClosed);
    const SessionEvent* endedHere = SessionPair::last(pair.clientEvents, SessionEventKind::Ended);
    REQUIRE(endedHere);
    CHECK(endedHere->cause == EndCause::ShutdownHere);
}

TEST_CASE("failure: NG sends the card back to the proposer's hand", "[session][failure]") {
    const auto race = findRace();
    REQUIRE(race);
    SessionPair pair(race->seed);
    pair.connectAndDeal();
    REQUIRE(checkMove(pair.client.state(), race->clientMove) == MoveError::None);
    pair.host.proposeMove(pair.now, race->hostMove); // the host is first...
    REQUIRE(pair.client.proposeMove(pair.now, race->clientMove).sent); // ...before the client hears of it
    CHECK_FALSE(pair.client.state().player(1).hand[static_cast<std::size_t>(race->clientMove.slot)]);
    pair.pump();
    CHECK(pair.client.stats().proposalsRejected == 1);
    const SessionEvent* rejected = nullptr;
    for (const SessionEvent& event : pair.clientEvents) {
        if (event.kind == SessionEventKind::MoveRejected) rejected = &event;
    }
    REQUIRE(rejected);
    REQUIRE(rejected->move);
    CHECK(*rejected->move == race->clientMove);
    CHECK(rejected->byHost);
    CHECK_FALSE(rejected->play.accepted());
    CHECK(pair.client.state().player(1).hand[static_cast<std::size_t>(race->clientMove.slot)] == race->clientMove.card);
    CHECK(sameTable(pair.client.state(), pair.host.confirmedState()));
}

TEST_CASE("failure: a client with no host gives up within the hello timeout", "[session][failure]") {
    ClientSession client(configFor(SessionRole::Client));
    client.connect(0, kHost);
    TimeMs now = 0;
    while (client.gameInfo() == GameInfo::ConWait && now < 100'000) {
        now = client.nextWakeMs(now);
        client.tick(now);
    }
    CHECK(client.gameInfo() == GameInfo::Nothing);
    CHECK(now == client.config().timing.helloTimeoutMs);
    CHECK(client.stats().resends > 0);
}

TEST_CASE("failure: a new table goes three times at once, so one lost copy does not hold it back; a resend once",
          "[session][failure]") {
    SessionPair pair;
    pair.connectAndDeal();
    const auto revisionsSent = [&](WireNumber revision, bool invisible) {
        int copies = 0;
        for (const std::string& bytes : pair.sentToClient) {
            const auto message = SessionPair::sentMessage(bytes);
            const auto* update = message ? std::get_if<Update>(&message->body) : nullptr;
            if (update != nullptr && update->header && update->header->revision == revision && update->invisible == invisible) {
                ++copies;
            }
        }
        return copies;
    };
    const WireNumber revision = pair.host.revision();
    CHECK(revisionsSent(revision, false) == 3);
    // Unacknowledged, it is resent once a resend interval.
    pair.toHostDown = true;
    pair.host.pause(pair.now); // a new revision
    pair.advance(pair.host.config().timing.resendIntervalMs + 5, 1);
    CHECK(revisionsSent(pair.host.revision(), false) == 3);
    CHECK(revisionsSent(pair.host.revision(), true) == 1);
}
