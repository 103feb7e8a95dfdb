#pragma once

// A host and a client that restart as programs do, with the host's journal kept in memory
// (tests of coming back: Resume.test.cpp, Damaged.test.cpp).
#include "SessionPair.hpp"

#include "speed/common/Invariant.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

#include <memory>

namespace speed::protocol::test {

// A host and a client that can each be killed and started again (a new session object, as a new
// process would make), the client maybe from another address.
struct Rig {
    SessionConfig hostConfig = configFor(SessionRole::Host);
    SessionConfig clientConfig = configFor(SessionRole::Client);
    std::unique_ptr<HostSession> host;
    std::unique_ptr<ClientSession> client;
    PeerAddress clientAddress = kClient;
    MemoryJournal journal;
    TimeMs now = 0;
    bool linkDown = false;
    bool toClientDown = false; // only the host's datagrams are lost
    bool hostAlive = true;
    bool clientAlive = true;
    std::vector<SessionEvent> hostEvents;
    std::vector<SessionEvent> clientEvents;
    std::vector<OutgoingDatagram> toOthers; // what the host sent to anyone but the client

    Rig() {
        hostConfig.timing.graceMs = 60'000;
        clientConfig.timing.graceMs = 60'000;
        host = std::make_unique<HostSession>(hostConfig);
        client = std::make_unique<ClientSession>(clientConfig);
    }

    void pump() {
        for (int round = 0; round < 1000; ++round) {
            std::vector<OutgoingDatagram> fromHost;
            std::vector<OutgoingDatagram> fromClient;
            if (hostAlive) {
                journal.write(host->takeJournal()); // before anything of this step is sent
                fromHost = host->takeOutgoing();
                for (auto& event : host->takeEvents())
                    hostEvents.push_back(std::move(event));
            }
            if (clientAlive) {
                fromClient = client->takeOutgoing();
                for (auto& event : client->takeEvents())
                    clientEvents.push_back(std::move(event));
            }
            if (fromHost.empty() && fromClient.empty()) return;
            for (const auto& datagram : fromHost) {
                if (datagram.to != clientAddress)
                    toOthers.push_back(datagram);
                else if (!linkDown && !toClientDown && clientAlive)
                    client->receive(now, kHost, datagram.bytes);
            }
            for (const auto& datagram : fromClient) {
                if (!linkDown && hostAlive) host->receive(now, clientAddress, datagram.bytes);
            }
        }
    }
    void advance(TimeMs durationMs, TimeMs stepMs = 10) {
        const TimeMs until = now + durationMs;
        while (now < until) {
            now = std::min(until, now + stepMs);
            if (hostAlive) host->tick(now);
            if (clientAlive) client->tick(now);
            pump();
        }
    }
    void connectAndDeal() {
        host->listen(now);
        client->connect(now, kHost);
        pump();
        host->startNextGame(now);
        pump();
        advance(hostConfig.timing.match.speedCallMs + 50); // the opening flip
    }
    // A few moves each, so the table is far from the deal.
    void playSome(int rounds) {
        for (int round = 0; round < rounds && host->confirmedState().result == GameResult::Playing; ++round) {
            for (Session* side : std::initializer_list<Session*>{host.get(), client.get()}) {
                if (const auto move = anyLegalMove(side->state(), side->mySeat())) side->proposeMove(now, *move);
                pump();
            }
            advance(30);
        }
    }
    void playOut() {
        for (int step = 0; step < 5000 && host->confirmedState().result == GameResult::Playing; ++step) {
            playSome(1);
            REQUIRE(conservationError(host->state()).empty());
            REQUIRE(conservationError(client->confirmedState()).empty());
        }
    }
    void killClient() { clientAlive = false; }
    void restartClient(const ResumeTicket& ticket, PeerAddress newAddress) {
        clientAddress = std::move(newAddress);
        clientConfig.random = [mix = SplitMix64(0xBACC)]() mutable { return mix.next(); };
        client = std::make_unique<ClientSession>(clientConfig);
        clientEvents.clear();
        clientAlive = true;
        client->rejoin(now, ticket);
        pump();
    }
    void killHost() { hostAlive = false; }
    std::string restartHost() {
        hostConfig.random = [mix = SplitMix64(0xD0D0)]() mutable { return mix.next(); };
        host = std::make_unique<HostSession>(hostConfig);
        hostEvents.clear();
        hostAlive = true;
        REQUIRE(journal.match.has_value());
        std::string error = host->restore(now, *journal.match, now);
        pump();
        return error;
    }
};

inline bool sameCards(const GameState& a, const GameState& b) {
    return sameTable(a, b) && a.result == b.result;
}

} // namespace speed::protocol::test
