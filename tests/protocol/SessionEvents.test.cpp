// The typed events a session hands to whoever plays and draws its seat: nothing above the
// protocol reads the wording of an event, so each of these is asserted on its fields.
#include "SessionPair.hpp"

#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace speed;
using namespace speed::protocol;
using namespace speed::protocol::test;

namespace {

} // namespace

TEST_CASE("events: the client is told each move the host applies, with the move itself", "[session][events]") {
    SessionPair pair;
    pair.connectAndDeal();
    REQUIRE_FALSE(eventsOf(pair.clientEvents, SessionEventKind::GameStarted).empty());
    const auto flips = eventsOf(pair.clientEvents, SessionEventKind::MoveApplied);
    REQUIRE(flips.size() == 1); // the opening flip
    CHECK(flips[0]->move->kind == MoveKind::Flip);
    pair.clientEvents.clear();
    const auto hostMove = anyLegalMove(pair.host.state(), 0);
    REQUIRE(hostMove);
    REQUIRE(pair.host.proposeMove(pair.now, *hostMove).sent);
    pair.pump();
    const auto applied = eventsOf(pair.clientEvents, SessionEventKind::MoveApplied);
    REQUIRE(applied.size() == 1);
    CHECK(*applied[0]->move == *hostMove);
    CHECK(applied[0]->revision == pair.host.revision());
    CHECK(eventsOf(pair.clientEvents, SessionEventKind::TableJumped).empty());
    const auto onHost = eventsOf(pair.hostEvents, SessionEventKind::MoveApplied);
    REQUIRE_FALSE(onHost.empty());
    CHECK(*onHost.back()->move == *hostMove);
}

TEST_CASE("events: the client's own move comes back applied with its absolute seat and pile", "[session][events]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.clientEvents.clear();
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
    pair.pump();
    const auto applied = eventsOf(pair.clientEvents, SessionEventKind::MoveApplied);
    REQUIRE(applied.size() == 1);
    CHECK(*applied[0]->move == *move);
    REQUIRE(eventsOf(pair.clientEvents, SessionEventKind::MoveConfirmed).size() == 1);
}

TEST_CASE("events: when UPDATEs are lost the client's table jumps, and says so with the table", "[session][events]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.toClientDown = true;
    for (int played = 0; played < 2; ++played) {
        const auto move = anyLegalMove(pair.host.state(), 0);
        REQUIRE(move);
        REQUIRE(pair.host.proposeMove(pair.now, *move).sent);
        pair.pump();
    }
    pair.clientEvents.clear();
    pair.toClientDown = false;
    pair.advance(pair.host.config().timing.resendIntervalMs + 10); // the latest revision is resent
    const auto jumped = eventsOf(pair.clientEvents, SessionEventKind::TableJumped);
    REQUIRE(jumped.size() == 1);
    REQUIRE(jumped[0]->table);
    CHECK(sameTable(*jumped[0]->table, pair.host.confirmedState()));
    CHECK(eventsOf(pair.clientEvents, SessionEventKind::MoveApplied).empty());
}

TEST_CASE("events: a round trip is timed from the send of what the answer answers to the answer", "[session][events]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.clientEvents.clear();
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
    for (const auto& datagram : pair.client.takeOutgoing()) pair.host.receive(pair.now + 15, kClient, datagram.bytes);
    for (const auto& datagram : pair.host.takeOutgoing()) pair.client.receive(pair.now + 40, kHost, datagram.bytes);
    pair.collectEvents();
    const auto samples = eventsOf(pair.clientEvents, SessionEventKind::RttSample);
    REQUIRE(samples.size() == 1);
    CHECK(samples[0]->rttMs == Approx(40.0));
    REQUIRE(pair.client.recentRttMs());
}

TEST_CASE("events: with a precise clock a round trip is timed in fractions of a millisecond", "[session][events]") {
    std::int64_t clientUs = 0;
    SessionConfig clientConfig = configFor(SessionRole::Client, 42);
    clientConfig.preciseClockUs = [&clientUs] { return clientUs; };
    SessionPair pair(configFor(SessionRole::Host, 42), clientConfig);
    pair.connectAndDeal();
    pair.clientEvents.clear();
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    clientUs = 5'000'000;
    REQUIRE(pair.client.proposeMove(pair.now, *move).sent);
    for (const auto& datagram : pair.client.takeOutgoing()) pair.host.receive(pair.now, kClient, datagram.bytes);
    clientUs += 137; // the answer came back 0.137 ms later, within the same millisecond
    for (const auto& datagram : pair.host.takeOutgoing()) pair.client.receive(pair.now, kHost, datagram.bytes);
    pair.collectEvents();
    const auto samples = eventsOf(pair.clientEvents, SessionEventKind::RttSample);
    REQUIRE(samples.size() == 1);
    CHECK(samples[0]->rttMs == Approx(0.137));
}

TEST_CASE("events: the round trip shown is the median of the recent ones, not moved by one slow answer",
          "[session][events]") {
    protocol::Link link(SessionTiming{}, false);
    CHECK_FALSE(link.recentRttMs());
    const TimeMs answers[] = {2, 3, 2, 250, 3}; // one answer waited for a resend
    TimeMs now = 1000;
    for (WireNumber number = 0; number < 5; ++number) {
        link.timeSent(TimedExchange::Move, 1, number, now);
        now += answers[number];
        link.timeAnswered(TimedExchange::Move, 1, number, now);
        now += 100;
    }
    REQUIRE(link.recentRttMs());
    CHECK(*link.recentRttMs() == Approx(3.0));
    link.timeSent(TimedExchange::Move, 1, 9, now);
    link.timeAnswered(TimedExchange::Move, 1, 9, now + 4); // six samples: the middle two are 3 and 3
    CHECK(*link.recentRttMs() == Approx(3.0));
}

TEST_CASE("events: an ignored datagram names its rule by number", "[session][events]") {
    SessionPair pair;
    pair.connectAndDeal();
    pair.hostEvents.clear();
    pair.host.receive(pair.now, "stranger:1", encodeDatagram(Message{1, 1, Alive{}}));
    pair.host.receive(pair.now, kClient, "ALIVE 1 2 #00000000");
    pair.collectEvents();
    const auto ignored = eventsOf(pair.hostEvents, SessionEventKind::DatagramIgnored);
    REQUIRE(ignored.size() == 2);
    CHECK(ignored[0]->rule == IgnoreRule::NotAuthenticated); // a session verb without the session's tag
    CHECK(ruleNumber(ignored[0]->rule) == 13);
    CHECK(ignored[1]->rule == IgnoreRule::Garbled);
}

TEST_CASE("events: refusals that are not rule errors say so in their own type", "[session][events]") {
    SessionPair pair;
    pair.connectAndDeal();
    const auto move = anyLegalMove(pair.client.state(), 1);
    REQUIRE(move);
    CHECK(pair.client.proposeMove(pair.now, Move::flip()).play.refusal == MatchRefusal::FlipIsAutomatic);
    Move hostsSeat = *move;
    hostsSeat.seat = 0;
    CHECK(pair.client.proposeMove(pair.now, hostsSeat).link == LinkRefusal::NotThisSeat);
    CHECK(pair.host.proposeMove(pair.now, Move::flip()).play.refusal == MatchRefusal::FlipIsAutomatic);
    pair.host.pause(pair.now);
    pair.pump();
    const ProposalOutcome paused = pair.client.proposeMove(pair.now, *move);
    CHECK(paused.play.refusal == MatchRefusal::Paused);
    CHECK(paused.play.error == MoveError::None);
    const ProposalOutcome hostPaused = pair.host.proposeMove(pair.now, *anyLegalMove(pair.host.state(), 0));
    CHECK(hostPaused.play.refusal == MatchRefusal::Paused);
    pair.host.resume(pair.now);
    pair.client.resume(pair.now);
    pair.pump();
    REQUIRE(pair.client.gameInfo() == GameInfo::Play);
    // Nothing reaches the host: proposals stay in flight until the limit holds the next one back.
    pair.linkDown = true;
    int sent = 0;
    ProposalOutcome held;
    for (int tries = 0; tries < 10; ++tries) {
        const auto next = anyLegalMove(pair.client.state(), 1);
        if (!next) break;
        held = pair.client.proposeMove(pair.now, *next);
        if (!held.sent) break;
        ++sent;
    }
    CHECK(sent == pair.client.config().timing.maxProposalsInFlight);
    CHECK(held.link == LinkRefusal::TooManyInFlight);
}

// The most frequent events are made only when their reader wants them (SessionConfig::events):
// left out, they are not made at all, and the sessions do everything else the same, the other
// events in their order and the counters. Wanted (the default, and the simulator's trace), they
// are all there.
TEST_CASE("events: the frequent events nobody wants are not made, and nothing else changes", "[session][events]") {
    struct Seen {
        std::vector<SessionEventKind> host;
        std::vector<SessionEventKind> client;
        long long ignored = 0;
        long long duplicates = 0;
        long long sent = 0;
    };
    const auto play = [](const EventInterest& interest) {
        SessionConfig hostConfig = configFor(SessionRole::Host);
        SessionConfig clientConfig = configFor(SessionRole::Client);
        hostConfig.events = interest;
        clientConfig.events = interest;
        SessionPair pair(hostConfig, clientConfig);
        pair.connectAndDeal();
        pair.host.receive(pair.now, kClient, pair.sentToHost.back()); // a copy: ignored by rule 4
        // Nothing reaches the host: the client's proposals stay in flight until the next is kept back.
        pair.linkDown = true;
        for (int tries = 0; tries < 6; ++tries) {
            if (const auto next = anyLegalMove(pair.client.state(), 1)) pair.client.proposeMove(pair.now, *next);
        }
        pair.pump();
        Seen seen;
        for (const SessionEvent& event : pair.hostEvents) seen.host.push_back(event.kind);
        for (const SessionEvent& event : pair.clientEvents) seen.client.push_back(event.kind);
        seen.ignored = pair.host.stats().ignored + pair.client.stats().ignored;
        seen.duplicates = pair.host.stats().duplicates + pair.client.stats().duplicates;
        seen.sent = pair.host.stats().datagramsSent + pair.client.stats().datagramsSent;
        return seen;
    };
    // The only refusals of this game are the proposals kept back while three are in flight.
    const auto keptBack = [](const SessionEventKind kind) { return kind == SessionEventKind::MoveRejected; };
    const auto frequent = [](const SessionEventKind kind) {
        return kind == SessionEventKind::DatagramIgnored || kind == SessionEventKind::RttSample;
    };
    const Seen all = play(EventInterest{});
    const Seen quiet = play(EventInterest{false, false, false});
    CHECK(std::count(all.host.begin(), all.host.end(), SessionEventKind::DatagramIgnored) >= 1);
    CHECK(std::count_if(all.client.begin(), all.client.end(), keptBack) >= 1);
    CHECK(std::count(all.client.begin(), all.client.end(), SessionEventKind::RttSample) >= 1);
    CHECK(std::none_of(quiet.host.begin(), quiet.host.end(), frequent));
    CHECK(std::none_of(quiet.client.begin(), quiet.client.end(), frequent));
    CHECK(std::none_of(quiet.client.begin(), quiet.client.end(), keptBack));
    // Everything else is the same, in the same order.
    const auto without = [&](std::vector<SessionEventKind> kinds) {
        std::erase_if(kinds, [&](const SessionEventKind kind) { return frequent(kind) || keptBack(kind); });
        return kinds;
    };
    CHECK(without(all.host) == quiet.host);
    CHECK(without(all.client) == quiet.client);
    CHECK(all.ignored == quiet.ignored);
    CHECK(all.duplicates == quiet.duplicates);
    CHECK(all.sent == quiet.sent);
}
