#pragma once

// A host and a client over an instant link, the host restarted from the journal it wrote (a new
// session object, as a new process would make): what the protocol's and the window's tests of a
// restored game share (tests only).
#include "SessionPair.hpp"

#include "speed/common/Invariant.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

#include <memory>

namespace speed::protocol::test {

struct RestoredHost {
    SessionConfig hostConfig = configFor(SessionRole::Host);
    std::unique_ptr<HostSession> host = std::make_unique<HostSession>(hostConfig);
    ClientSession client{configFor(SessionRole::Client)};
    MemoryJournal journal;
    TimeMs now = 0;
    std::vector<SessionEvent> hostEvents; // the current host's, since it started
    std::vector<SessionEvent> clientEvents;

    void pump() {
        for (int round = 0; round < 1000; ++round) {
            journal.write(host->takeJournal()); // before anything of this step is sent
            auto fromHost = host->takeOutgoing();
            auto fromClient = client.takeOutgoing();
            for (auto& event : host->takeEvents())
                hostEvents.push_back(std::move(event));
            for (auto& event : client.takeEvents())
                clientEvents.push_back(std::move(event));
            if (fromHost.empty() && fromClient.empty()) return;
            for (const auto& datagram : fromHost)
                client.receive(now, kHost, datagram.bytes);
            for (const auto& datagram : fromClient)
                host->receive(now, kClient, datagram.bytes);
        }
    }
    void advance(TimeMs durationMs, TimeMs stepMs = 10) {
        const TimeMs until = now + durationMs;
        while (now < until) {
            now = std::min(until, now + stepMs);
            host->tick(now);
            client.tick(now);
            pump();
        }
    }
    // Connects, deals game 1 and plays up to `rounds` rounds of a move each (or to the end).
    void startAndPlay(int rounds) {
        host->listen(now);
        client.connect(now, kHost);
        pump();
        host->startNextGame(now);
        pump();
        advance(hostConfig.timing.match.speedCallMs + 50); // the opening flip
        playRounds(rounds);
    }
    void playRounds(int rounds) {
        for (int round = 0; round < rounds && host->confirmedState().result == GameResult::Playing; ++round) {
            for (Session* side : std::initializer_list<Session*>{host.get(), &client}) {
                if (const auto move = anyLegalMove(side->state(), side->mySeat())) side->proposeMove(now, *move);
                pump();
            }
            advance(30);
            REQUIRE(conservationError(host->confirmedState()).empty());
        }
    }
    void playOut() { playRounds(5000); }
    // The host's process ends and a new one takes the match back from the journal.
    void restartHost() {
        hostConfig.random = [mix = SplitMix64(0xD0D0)]() mutable { return mix.next(); };
        host = std::make_unique<HostSession>(hostConfig);
        hostEvents.clear();
        REQUIRE(journal.match.has_value());
        REQUIRE(host->restore(now, *journal.match, now).empty());
        pump();
    }
};

} // namespace speed::protocol::test
