// The start screen's offer of a match this machine hosted: found in the state folder's journal
// as a restarted host would take it back, and given up as a host gives up a match it does not
// take back (its journal deleted).
#include "match/WaitingMatch.hpp"

#include "speed/store/FileMatchKeeper.hpp"

#include "store/StoreRecords.hpp"
#include "store/StoreTempDir.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;
using speed::store::test::TempDir;
using speed::store::test::dealEntry;

namespace {

constexpr std::uint16_t kPort = 50001;
constexpr TimeMs kGraceMs = 60'000;

// A host that journaled a match with kenta on kPort and was killed (its lock goes with it).
void hostKilledMidMatch(const std::filesystem::path& stateDir) {
    store::FileMatchKeeper host(stateDir, [](const store::StoreProblem&) {});
    const protocol::JournalSession session{0xAB, 0xCD, "127.0.0.1:40000", "kenta", 7, {}};
    host.journal(kPort, {protocol::JournalOpened{session}, dealEntry()});
}

} // namespace

TEST_CASE("waiting match: a journal within the grace is offered with its player and game", "[client][resume]") {
    TempDir dir;
    CHECK_FALSE(findWaitingMatch(dir.path(), kPort, kGraceMs)); // nothing kept
    hostKilledMidMatch(dir.path());
    const auto waiting = findWaitingMatch(dir.path(), kPort, kGraceMs);
    REQUIRE(waiting);
    CHECK(waiting->peerName == "kenta");
    CHECK(waiting->game == 1);
    CHECK(waiting->graceLeftMs > 0);
    CHECK(waiting->graceLeftMs <= kGraceMs);
    CHECK_FALSE(findWaitingMatch(dir.path(), kPort + 1, kGraceMs)); // another port's
    CHECK_FALSE(findWaitingMatch({}, kPort, kGraceMs));             // no state folder

    // Looking leaves it as it was: a host on the port still takes it back.
    store::FileMatchKeeper host(dir.path(), [](const store::StoreProblem&) {});
    const auto kept = host.matchOn(kPort);
    REQUIRE(kept);
    CHECK(kept->record.session.peerName == "kenta");
}

TEST_CASE("waiting match: a journal older than the grace is not offered", "[client][resume]") {
    TempDir dir;
    hostKilledMidMatch(dir.path());
    CHECK_FALSE(findWaitingMatch(dir.path(), kPort, 0)); // the grace is over the moment it was written
}

TEST_CASE("waiting match: given up, the journal is deleted and nothing is offered or taken back", "[client][resume]") {
    TempDir dir;
    hostKilledMidMatch(dir.path());
    REQUIRE(findWaitingMatch(dir.path(), kPort, kGraceMs));
    dismissWaitingMatch(dir.path(), kPort);
    CHECK_FALSE(findWaitingMatch(dir.path(), kPort, kGraceMs));
    store::FileMatchKeeper host(dir.path(), [](const store::StoreProblem&) {});
    CHECK_FALSE(std::filesystem::exists(host.journalPath(kPort)));
    CHECK_FALSE(host.matchOn(kPort));
}
