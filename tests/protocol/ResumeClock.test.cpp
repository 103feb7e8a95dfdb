// The game clock after a resume: both sides show the same game time (within a second) once the
// match goes on, whichever side dropped out, since the host's clock is the match's.
#include "ResumeRig.hpp"

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>

namespace speed::protocol::test {
namespace {

constexpr TimeMs kAgreeMs = 1000; // what a player could tell apart on the two clocks

TimeMs clockGap(const Rig& rig) {
    return std::llabs(rig.host->gameElapsedMs(rig.now) - rig.client->gameElapsedMs(rig.now));
}

} // namespace

TEST_CASE("after a host restart both clocks show the host's game time", "[session][resume][clock]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(4);
    // No move for a while before the host dies: its journal's last revision is that old, and
    // the client's clock ran on until it heard nothing.
    rig.advance(16'000, 50);
    REQUIRE(rig.host->gameInfo() == GameInfo::Play);
    rig.killHost();
    rig.advance(5000, 50);
    REQUIRE(rig.client->gameInfo() == GameInfo::Pause0);
    REQUIRE(rig.restartHost().empty());
    rig.advance(200);
    REQUIRE(rig.client->gameInfo() == GameInfo::Play);
    CHECK(clockGap(rig) <= kAgreeMs);
    rig.advance(3000, 50);
    CHECK(clockGap(rig) <= kAgreeMs);
}

TEST_CASE("after a client restart both clocks show the host's game time", "[session][resume][clock]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(4);
    rig.advance(7000, 50);
    const ResumeTicket ticket = rig.client->ticket();
    rig.killClient();
    rig.advance(5000, 50);
    rig.restartClient(ticket, "client:40404");
    rig.advance(200);
    REQUIRE(rig.client->gameInfo() == GameInfo::Play);
    CHECK(clockGap(rig) <= kAgreeMs);
}

TEST_CASE("after an outage both clocks show the same game time", "[session][resume][clock]") {
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(4);
    rig.advance(4000, 50);
    rig.linkDown = true;
    rig.advance(20'000, 50);
    rig.linkDown = false;
    rig.advance(1000);
    REQUIRE(rig.client->gameInfo() == GameInfo::Play);
    CHECK(clockGap(rig) <= kAgreeMs);
}


TEST_CASE("a client whose program restarted is timed on its new clock at once, not on the old one's samples",
          "[session][resume][clock]") {
    // The new program's session clock starts at 0 when it comes back, so its offset to the host's
    // clock moved by the time the first one had run; the host's estimate must follow at once (a
    // play's INPUT is read through it), not keep the old program's exchanges among its 16.
    Rig rig;
    rig.connectAndDeal();
    rig.playSome(4);
    rig.advance(7000, 50);
    const double before = rig.host->clockOffset().value().offsetNs;
    const ResumeTicket ticket = rig.client->ticket();
    rig.killClient();
    rig.advance(5000, 50);
    const TimeMs restartedAt = rig.now;
    rig.restartClient(ticket, "client:40404");
    rig.advance(600, 50);
    REQUIRE(rig.client->gameInfo() == GameInfo::Play);
    const auto after = rig.host->clockOffset();
    REQUIRE(after.has_value());
    // The two programs' clocks differ by when each opened: the new one `restartedAt` later.
    constexpr double kNsPerMs = 1e6;
    CHECK(std::abs(std::abs(after->offsetNs - before) - static_cast<double>(restartedAt) * kNsPerMs) <= 2 * kNsPerMs);
}

} // namespace speed::protocol::test
