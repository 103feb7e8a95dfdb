#pragma once

// A host and a client session joined by an instant, controllable link (tests only).
#include "speed/common/Random.hpp"
#include "speed/protocol/Codec.hpp"
#include "speed/protocol/ClientSession.hpp"
#include "speed/protocol/HostSession.hpp"

#include <catch2/catch.hpp>

#include <deque>
#include <memory>
#include <optional>
#include <utility>
#include <functional>
#include <string>
#include <vector>

namespace speed::protocol::test {

inline const PeerAddress kHost = "host:50001";
inline const PeerAddress kClient = "client:50002";

// The events of one kind, in the order they came.
inline std::vector<const SessionEvent*> eventsOf(const std::vector<SessionEvent>& events, SessionEventKind kind) {
    std::vector<const SessionEvent*> found;
    for (const SessionEvent& event : events) {
        if (event.kind == kind) found.push_back(&event);
    }
    return found;
}

inline SessionConfig configFor(SessionRole role) {
    SessionConfig config;
    config.playerName = role == SessionRole::Host ? "hana" : "kenta";
    config.dealSeed = 42;
    const std::uint64_t seed = role == SessionRole::Host ? 0x4057 : 0xC11E;
    config.random = [mix = SplitMix64(seed)]() mutable { return mix.next(); };
    // These tests follow each play as the host decides it, the moment it comes; fair
    // arbitration's lag, order and rewind have their own (Fair.test.cpp, fairConfigFor).
    config.rules.arbitration = Arbitration::FirstArrival;
    return config;
}

inline SessionConfig fairConfigFor(SessionRole role, std::uint64_t dealSeed = 42) {
    SessionConfig config = configFor(role);
    config.dealSeed = dealSeed;
    config.rules.arbitration = Arbitration::Fair;
    return config;
}

inline SessionConfig configFor(SessionRole role, std::uint64_t dealSeed) {
    SessionConfig config = configFor(role);
    config.dealSeed = dealSeed;
    return config;
}

// What a host's journal file keeps, applied as the store applies it.
struct MemoryJournal {
    std::optional<MatchRecord> match;
    void write(const std::vector<JournalRecord>& records) {
        for (const JournalRecord& record : records) {
            if (const auto* opened = std::get_if<JournalOpened>(&record)) match = MatchRecord{opened->session, {}};
            if (const auto* rekeyed = std::get_if<JournalRekeyed>(&record); rekeyed && match) match->session = rekeyed->session;
            if (const auto* entry = std::get_if<JournalEntry>(&record); entry && match) match->entries.push_back(*entry);
            if (std::holds_alternative<JournalClosed>(record)) match.reset();
        }
    }
};

struct SessionPair {
    explicit SessionPair(std::uint64_t dealSeed = 42)
        : host(configFor(SessionRole::Host, dealSeed)), client(configFor(SessionRole::Client, dealSeed)) {}
    SessionPair(SessionConfig hostConfig, SessionConfig clientConfig)
        : host(std::move(hostConfig)), client(std::move(clientConfig)) {}

    HostSession host;
    ClientSession client;
    TimeMs now = 0;
    bool linkDown = false;      // both directions lose everything
    bool toClientDown = false;  // only the host's datagrams are lost
    bool toHostDown = false;    // only the client's datagrams are lost
    TimeMs oneWayMs = 0;        // each datagram arrives this long after it was sent (0: at once)
    struct Delayed {
        TimeMs at = 0;
        bool toHost = false;
        std::string bytes;
    };
    std::deque<Delayed> inFlight; // with oneWayMs: sent, not yet arrived (in sending order)
    std::vector<std::string> sentToHost;   // every datagram the client sent
    std::vector<std::string> sentToClient; // every datagram the host sent to the client
    std::vector<OutgoingDatagram> sentToOthers; // what the host sent anywhere else
    std::vector<SessionEvent> hostEvents;
    std::vector<SessionEvent> clientEvents;

    // Delivers whatever both sides send, instantly, until they fall quiet (capped).
    void pump() {
        for (int round = 0; round < 1000; ++round) {
            auto fromHost = host.takeOutgoing();
            auto fromClient = client.takeOutgoing();
            collectEvents();
            if (fromHost.empty() && fromClient.empty()) return;
            deliver(std::move(fromHost), std::move(fromClient));
        }
    }

    // Delivers datagrams already taken from the sides (the host's to anyone else are kept).
    void deliver(std::vector<OutgoingDatagram> fromHost, std::vector<OutgoingDatagram> fromClient) {
        for (auto& datagram : fromHost) {
            if (datagram.to != kClient) {
                sentToOthers.push_back(std::move(datagram));
                continue;
            }
            sentToClient.push_back(datagram.bytes);
            if (linkDown || toClientDown) continue;
            if (oneWayMs > 0) inFlight.push_back({now + oneWayMs, false, datagram.bytes});
            else client.receive(now, kHost, datagram.bytes);
        }
        for (auto& datagram : fromClient) {
            sentToHost.push_back(datagram.bytes);
            if (linkDown || toHostDown) continue;
            if (oneWayMs > 0) inFlight.push_back({now + oneWayMs, true, datagram.bytes});
            else host.receive(now, kClient, datagram.bytes);
        }
    }

    // With oneWayMs: hands over what has arrived by now.
    void arrive() {
        while (!inFlight.empty() && inFlight.front().at <= now) {
            const Delayed datagram = inFlight.front();
            inFlight.pop_front();
            if (datagram.toHost) host.receive(now, kClient, datagram.bytes);
            else client.receive(now, kHost, datagram.bytes);
        }
    }

    void collectEvents() {
        for (auto& event : host.takeEvents()) hostEvents.push_back(std::move(event));
        for (auto& event : client.takeEvents()) clientEvents.push_back(std::move(event));
    }

    // Moves time on in small steps, ticking both sides and delivering everything.
    void advance(TimeMs durationMs, TimeMs stepMs = 10) {
        const TimeMs until = now + durationMs;
        while (now < until) {
            now = std::min(until, now + stepMs);
            arrive();
            host.tick(now);
            client.tick(now);
            pump();
        }
    }

    void connectAndDeal() {
        host.listen(now);
        client.connect(now, kHost);
        pump();
        host.startNextGame(now);
        pump();
        advance(host.config().timing.match.speedCallMs); // the opening flip
    }

    // The session's keys, as only the two sides can make them (after the handshake).
    SessionKeys keys() const {
        const std::string id = host.sessionId();
        return deriveSessionKeys(*nonceFromText(id.substr(0, 16)), *nonceFromText(id.substr(16)), host.config().passwordKey);
    }
    // A datagram as the host (or the client) would send it in this session.
    std::string asHost(const Message& message) const { return encodeTagged(message, keys().hostToClient); }
    std::string asClient(const Message& message) const { return encodeTagged(message, keys().clientToHost); }
    // The SEQ after the last one a side sent: what one more datagram of its own carries (the
    // side's real next datagram then arrives as a copy, which the protocol recovers from).
    WireNumber nextSeq(const std::vector<std::string>& sent) const {
        for (auto it = sent.rbegin(); it != sent.rend(); ++it) {
            if (const auto message = sentMessage(*it)) return message->seq + 1;
        }
        return 1;
    }
    // A datagram one side sent, its tag or CRC left unchecked; empty when its line does not parse.
    static std::optional<Message> sentMessage(const std::string& bytes) {
        return parseLine(std::string_view(bytes).substr(0, bytes.rfind(" #"))).message;
    }
    std::string nextFromClient(const MessageBody& body) {
        std::string bytes = asClient({1, nextSeq(sentToHost), body});
        sentToHost.push_back(bytes);
        return bytes;
    }
    std::string nextFromHost(const MessageBody& body) {
        std::string bytes = asHost({1, nextSeq(sentToClient), body});
        sentToClient.push_back(bytes);
        return bytes;
    }

    // Plays the game out: each side plays its first legal move in turn, the host flips when
    // stuck (bounded, so a session that never ends the game fails the test instead of hanging).
    void playOut();

    static bool has(const std::vector<SessionEvent>& events, SessionEventKind kind) {
        for (const SessionEvent& event : events) {
            if (event.kind == kind) return true;
        }
        return false;
    }
    // Only of a list that outlives the pointer: a temporary (takeEvents() itself) would leave it dangling.
    static const SessionEvent* last(std::vector<SessionEvent>&& events, SessionEventKind kind) = delete;
    static const SessionEvent* last(const std::vector<SessionEvent>& events, SessionEventKind kind) {
        const SessionEvent* found = nullptr;
        for (const SessionEvent& event : events) {
            if (event.kind == kind) found = &event;
        }
        return found;
    }
};

// The first legal move for `seat` on `state` (a play if there is one, else a refill).
inline std::optional<Move> anyLegalMove(const GameState& state, int seat) {
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        const auto& card = state.player(seat).hand[static_cast<std::size_t>(slot)];
        for (int pile = 0; card && pile < kFieldPiles; ++pile) {
            const Move move = Move::play(seat, slot, *card, pile);
            if (checkMove(state, move) == MoveError::None) return move;
        }
    }
    for (int slot = 0; slot < state.rules.handSize; ++slot) {
        if (checkMove(state, Move::refill(seat, slot)) == MoveError::None) return Move::refill(seat, slot);
    }
    return std::nullopt;
}

inline void SessionPair::playOut() {
    for (int step = 0; step < 5000 && host.confirmedState().result == GameResult::Playing; ++step) {
        for (Session* side : std::initializer_list<Session*>{&host, &client}) {
            if (const auto move = anyLegalMove(side->state(), side->mySeat())) side->proposeMove(now, *move);
            pump();
        }
        advance(20);
    }
}

// A race on the table: a host play and a client play legal on the same pile, each no longer
// adjacent once the other's lands.
inline std::optional<std::pair<Move, Move>> raceOn(const GameState& table) {
    for (int pile = 0; pile < kFieldPiles; ++pile) {
        for (int hostSlot = 0; hostSlot < table.rules.handSize; ++hostSlot) {
            const auto& hostCard = table.player(0).hand[static_cast<std::size_t>(hostSlot)];
            if (!hostCard) continue;
            const Move hostMove = Move::play(0, hostSlot, *hostCard, pile);
            if (checkMove(table, hostMove) != MoveError::None) continue;
            GameState after = table;
            applyMove(after, hostMove);
            for (int clientSlot = 0; clientSlot < table.rules.handSize; ++clientSlot) {
                const auto& clientCard = table.player(1).hand[static_cast<std::size_t>(clientSlot)];
                if (!clientCard) continue;
                const Move clientMove = Move::play(1, clientSlot, *clientCard, pile);
                GameState otherWay = table;
                applyMove(otherWay, clientMove);
                if (checkMove(table, clientMove) == MoveError::None && checkMove(after, clientMove) == MoveError::NotAdjacent &&
                    checkMove(otherWay, hostMove) == MoveError::NotAdjacent) {
                    return std::pair{hostMove, clientMove};
                }
            }
        }
    }
    return std::nullopt;
}

// A dealt game on which the host and the client can race for one pile (no pair: none of 200
// deals has one).
struct RaceTable {
    std::unique_ptr<SessionPair> pair;
    Move hostMove;
    Move clientMove;
};

inline RaceTable raceTable(Arbitration arbitration = Arbitration::FirstArrival) {
    for (std::uint64_t seed = 1; seed < 200; ++seed) {
        SessionConfig host = configFor(SessionRole::Host, seed);
        SessionConfig client = configFor(SessionRole::Client, seed);
        host.rules.arbitration = arbitration;
        client.rules.arbitration = arbitration;
        auto pair = std::make_unique<SessionPair>(std::move(host), std::move(client));
        pair->connectAndDeal();
        if (const auto race = raceOn(pair->host.confirmedState())) return {std::move(pair), race->first, race->second};
    }
    return {};
}

// Whether `move`'s card is on top of its pile.
inline bool onPile(const GameState& table, const Move& move) {
    const CardStack& pile = table.field[static_cast<std::size_t>(move.pile)];
    return !pile.empty() && pile.top() == move.card;
}

// A fair host and its client over a jittery link: during the connection and the deal each
// datagram takes 0 or `jitterMs` (every other millisecond), so the host's exchanges see trips
// of 0..jitterMs each way; then the link is instant again. The first deal from `firstSeed` on
// with a race on it.
inline RaceTable fairRaceOverJitter(TimeMs jitterMs, std::uint64_t firstSeed = 1) {
    for (std::uint64_t seed = firstSeed; seed < firstSeed + 200; ++seed) {
        auto pair = std::make_unique<SessionPair>(fairConfigFor(SessionRole::Host, seed), fairConfigFor(SessionRole::Client, seed));
        pair->host.listen(pair->now);
        pair->client.connect(pair->now, kHost);
        const auto jittery = [&](TimeMs durationMs) {
            for (TimeMs step = 0; step < durationMs; ++step) {
                pair->oneWayMs = step % 2 == 0 ? jitterMs : 0;
                pair->advance(1, 1);
            }
        };
        jittery(200);
        pair->host.startNextGame(pair->now);
        jittery(pair->host.config().timing.match.speedCallMs + 1000);
        pair->oneWayMs = 0;
        pair->advance(2 * jitterMs, 1); // what is on its way arrives
        if (const auto race = raceOn(pair->host.confirmedState())) return {std::move(pair), race->first, race->second};
    }
    return {};
}

// A race the client made first whose MOVE is still on its way: the client plays, its datagrams
// are held back (returned, to deliver when they arrive), and 1 ms later the host's seat plays on
// the same top.
inline std::vector<OutgoingDatagram> clientFirstOnItsWay(SessionPair& pair, const Move& hostMove, const Move& clientMove) {
    REQUIRE(pair.client.proposeMove(pair.now, clientMove).sent);
    std::vector<OutgoingDatagram> held = pair.client.takeOutgoing();
    pair.advance(1, 1);
    REQUIRE(pair.host.proposeMove(pair.now, hostMove).sent);
    return held;
}

} // namespace speed::protocol::test
