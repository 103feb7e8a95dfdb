// The keeper the programs use: tickets and journals kept in the state folder, gone when the
// match ends, and a file that cannot be used reported once while play goes on.
#include "StoreRecords.hpp"
#include "StoreTempDir.hpp"

#include "speed/store/FileMatchKeeper.hpp"
#include "speed/store/TicketFile.hpp"

#include <sys/stat.h>

#include <catch2/catch.hpp>

namespace speed::store::test {
namespace {

using protocol::JournalClosed;
using protocol::JournalOpened;
using protocol::JournalRecord;
using protocol::JournalSession;
using protocol::ResumeTicket;

struct Reports {
    std::vector<StoreProblem> problems;
    std::vector<std::string> recoveries;
    FileMatchKeeper keeperIn(const std::filesystem::path& dir) {
        return FileMatchKeeper(
            dir, [this](const StoreProblem& problem) { problems.push_back(problem); },
            [this](const std::string& news) { recoveries.push_back(news); });
    }
};

unsigned modeOf(const std::filesystem::path& file) {
    struct stat info {};
    REQUIRE(::stat(file.c_str(), &info) == 0);
    return info.st_mode & 0777U;
}

} // namespace

TEST_CASE("the keeper keeps a ticket per host and forgets it when asked", "[store][keeper]") {
    TempDir dir;
    Reports reports;
    FileMatchKeeper keeper = reports.keeperIn(dir / "state" / "speed");
    CHECK_FALSE(keeper.ticketFor("127.0.0.1:50001").has_value());
    const ResumeTicket ticket{"127.0.0.1:50001", 0x1234, 0x5678, "hana", 3};
    keeper.keepTicket(ticket);
    CHECK(keeper.ticketFor("127.0.0.1:50001") == ticket);
    CHECK_FALSE(keeper.ticketFor("127.0.0.1:50002").has_value());
    CHECK(modeOf(dir / "state" / "speed") == 0700U);
    keeper.dropTicket("127.0.0.1:50001");
    CHECK_FALSE(keeper.ticketFor("127.0.0.1:50001").has_value());
    CHECK(reports.problems.empty());
}

TEST_CASE("the keeper's journal holds the match until it is closed, then leaves no file", "[store][keeper]") {
    TempDir dir;
    const JournalSession session{0xAB, 0xCD, "127.0.0.1:40000", "kenta", 7, {}};
    {
        Reports earlier;
        FileMatchKeeper first = earlier.keeperIn(dir.path()); // a program that ends (its lock goes with it)
        CHECK_FALSE(first.matchOn(50001).has_value());
        first.journal(50001, {JournalOpened{session}, dealEntry()});
        CHECK(modeOf(first.journalPath(50001)) == 0600U);
    }
    Reports reports;
    FileMatchKeeper keeper = reports.keeperIn(dir.path()); // another process, later
    const auto kept = keeper.matchOn(50001);
    REQUIRE(kept.has_value());
    CHECK(kept->record.session == session);
    CHECK(kept->record.entries.size() == 1);
    CHECK(kept->untouchedForMs < 60'000);
    CHECK_FALSE(keeper.matchOn(50002).has_value());
    keeper.journal(50001, {}); // still alive: touched
    keeper.journal(50001, {JournalClosed{"the session ended"}});
    CHECK_FALSE(std::filesystem::exists(keeper.journalPath(50001)));
    CHECK_FALSE(keeper.matchOn(50001).has_value());
    CHECK(reports.problems.empty());
}

TEST_CASE("a journal that is not a database is reported once and starts nothing", "[store][keeper]") {
    TempDir dir;
    Reports reports;
    FileMatchKeeper keeper = reports.keeperIn(dir.path());
    writeWholeFile(keeper.journalPath(50001), "this is not a database, and it is long enough to look like a file");
    CHECK_FALSE(keeper.matchOn(50001).has_value());
    CHECK_FALSE(keeper.matchOn(50001).has_value());
    REQUIRE(reports.problems.size() == 1);
    const StoreProblem& problem = reports.problems.front();
    CHECK(problem.kind == StoreProblemKind::NotADatabase);
    CHECK(problem.effect == KeeperEffect::HostCannotTakeBack); // it cannot even be opened
    CHECK(problem.file == keeper.journalPath(50001));
    CHECK(describe(problem) == "the match journal " + keeper.journalPath(50001).string() +
                               " is not a database: a restarted host could not take this match back"); // the log's
}

TEST_CASE("a ticket that is not one is reported by its kind, and the player joins as a new one", "[store][keeper]") {
    TempDir dir;
    Reports reports;
    FileMatchKeeper keeper = reports.keeperIn(dir.path());
    writeWholeFile(ticketPath(dir.path(), "127.0.0.1:50001"), "version 7\n");
    CHECK_FALSE(keeper.ticketFor("127.0.0.1:50001").has_value());
    REQUIRE(reports.problems.size() == 1);
    const StoreProblem& problem = reports.problems.front();
    CHECK(problem.kind == StoreProblemKind::NotATicket);
    CHECK(problem.effect == KeeperEffect::JoinsAsNewPlayer);
    CHECK(problem.file == ticketPath(dir.path(), "127.0.0.1:50001"));
    CHECK(problem.systemText.empty()); // the store's own finding: no operating system's words
}

TEST_CASE("a state folder that cannot be made is reported once, and the match goes on without it", "[store][keeper]") {
    TempDir dir;
    writeWholeFile(dir / "occupied", "a file where the folder should be");
    Reports reports;
    FileMatchKeeper keeper = reports.keeperIn(dir / "occupied" / "speed");
    const ResumeTicket ticket{"127.0.0.1:50001", 1, 2, "hana", 1};
    keeper.keepTicket(ticket);
    keeper.keepTicket(ticket);
    keeper.journal(50001, {JournalOpened{}});
    REQUIRE(reports.problems.size() == 2); // the ticket's and the journal's, each once
    CHECK(reports.problems.front().kind == StoreProblemKind::CannotCreateFolder);
    CHECK(reports.problems.front().effect == KeeperEffect::CannotComeBack);
    CHECK(reports.problems.front().file == dir / "occupied" / "speed");
    CHECK(reports.problems.back().kind == StoreProblemKind::CannotCreateFolder);
    CHECK(reports.problems.back().effect == KeeperEffect::HostWithoutResume); // no lock on its port: no journal
    CHECK(describe(reports.problems.front()).find("a restarted program could not come back") != std::string::npos);
    CHECK(describe(reports.problems.back()).find("this host plays without resume") != std::string::npos);
}

} // namespace speed::store::test
