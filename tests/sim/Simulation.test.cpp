#include "speed/sim/Simulation.hpp"

#include "TestScale.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::protocol;
using namespace speed::sim;

namespace {

SimulationSetup hostile(double lossRate) {
    SimulationSetup setup;
    setup.seed = 1000;
    const FaultSettings faults{.lossRate = lossRate, .duplicateRate = 0.05, .reorderRate = 0.1, .corruptRate = 0.02,
                               .delayMs = 30, .jitterMs = 20};
    setup.hostToClient = faults;
    setup.clientToHost = faults;
    return setup;
}

void requireSound(const SimulationTotals& totals) {
    INFO("first violation: " << totals.firstViolation);
    for (const std::string& reason : totals.stopReasons) INFO(reason);
    CHECK(totals.finished == totals.games);
    CHECK(totals.divergences == 0);
    CHECK(totals.invariantViolations == 0);
    CHECK(totals.refusedTransitions == 0);
}

} // namespace

TEST_CASE("simulate: with no faults every proposal is confirmed in one round trip", "[simulation]") {
    SimulationSetup setup;
    setup.hostToClient.delayMs = 25;
    setup.clientToHost.delayMs = 25;
    const SimulationTotals totals = simulateGames(setup, 20);
    requireSound(totals);
    CHECK(totals.cleanShutdowns == totals.games);
    CHECK(totals.confirmations > 100);
    CHECK(totals.confirmMaxMs == 50);
    CHECK(totals.confirmP50Ms == 50);
    CHECK(totals.resends == 0);
}

TEST_CASE("simulate: 500 games (100 under the sanitizers) on a hostile network all finish, none diverges",
          "[simulation][soak]") {
    const SimulationTotals totals = simulateGames(hostile(0.2), static_cast<int>(speed::test::soakRounds(500)));
    requireSound(totals);
    CHECK(totals.resends > 0);
}

TEST_CASE("simulate: at 50% loss games still finish", "[simulation]") {
    const SimulationTotals totals = simulateGames(hostile(0.5), 30);
    requireSound(totals);
}

TEST_CASE("simulate: at 100% loss both sides stop waiting in time and say why", "[simulation]") {
    SimulationSetup setup = hostile(1.0);
    const SimulationReport report = simulateGame(setup);
    CHECK_FALSE(report.connected);
    CHECK_FALSE(report.finished);
    CHECK(report.clientStopReason.find("no answer from the host") != std::string::npos);
    CHECK(report.hostStopReason.find("no client connected") != std::string::npos);
    CHECK(report.durationMs == setup.timing.connectWaitMs); // the host gives up last, on time
}

TEST_CASE("simulate: a link that dies mid-game ends both sessions with the reason", "[simulation]") {
    SimulationSetup setup = hostile(0.0);
    setup.blackoutFromMs = 5000;
    const SimulationReport report = simulateGame(setup);
    CHECK(report.connected);
    CHECK_FALSE(report.finished);
    CHECK(report.hostStopReason.find("nothing heard") != std::string::npos);
    CHECK(report.clientStopReason.find("nothing heard") != std::string::npos);
    CHECK(report.durationMs <= 5000 + setup.timing.graceMs + setup.timing.keepaliveIntervalMs + 100);
}

TEST_CASE("simulate: the same seed gives the same result twice", "[simulation]") {
    const SimulationTotals a = simulateGames(hostile(0.2), 20);
    const SimulationTotals b = simulateGames(hostile(0.2), 20);
    CHECK(a.datagramsSent == b.datagramsSent);
    CHECK(a.resends == b.resends);
    CHECK(a.wins == b.wins);
    CHECK(a.draws == b.draws);
    CHECK(a.confirmP50Ms == b.confirmP50Ms);
    CHECK(a.confirmP99Ms == b.confirmP99Ms);
    CHECK(a.virtualMs == b.virtualMs);
    const SimulationTotals other = simulateGames([] { auto s = hostile(0.2); s.seed = 5000; return s; }(), 20);
    CHECK(other.datagramsSent != a.datagramsSent);
}

TEST_CASE("simulate: first arrival lets the host beat plays made before its own, and each lost race's lead is told",
          "[simulation][race]") {
    SimulationSetup setup;
    setup.levels = {BotLevel::Normal, BotLevel::Normal};
    setup.hostToClient.delayMs = 50;
    setup.clientToHost.delayMs = 50;
    const SimulationTotals totals = simulateGames(setup, 100);
    requireSound(totals);
    REQUIRE(totals.clientLostRaces > 20);
    // The client's card travels 50 ms: first arrival gives the host the races it entered up to
    // that much later, so some of the client's losses were plays it made first.
    CHECK(totals.clientLostRacesMadeFirst > 0);
    CHECK(totals.clientLostRacesMadeFirst < totals.clientLostRaces);
    // No jitter: the clock estimate is exact to the millisecond of virtual time, so the host's
    // reported lead matches the virtual clock's.
    CHECK(totals.leadErrorMaxUs <= 1000);
}

TEST_CASE("simulate: past the resend interval the lead stays right (the answer names the copy it had)",
          "[simulation][race]") {
    SimulationSetup setup;
    setup.levels = {BotLevel::Normal, BotLevel::Normal};
    setup.hostToClient.delayMs = 100; // a 200 ms round trip: every request is sent again before its OK
    setup.clientToHost.delayMs = 100;
    const SimulationTotals totals = simulateGames(setup, 50);
    requireSound(totals);
    REQUIRE(totals.clientLostRaces > 20);
    CHECK(totals.leadErrorMaxUs <= 1000);
}

TEST_CASE("simulate: on a link with no delay no race is lost by a play made first", "[simulation][race]") {
    SimulationSetup setup;
    setup.levels = {BotLevel::Normal, BotLevel::Normal};
    const SimulationTotals totals = simulateGames(setup, 50);
    requireSound(totals);
    CHECK(totals.clientLostRacesMadeFirst == 0);
    CHECK(totals.leadErrorMaxUs == 0);
}
