// A state folder or a file in it that cannot be used never stops a program: the keeper reports
// the problem once, with the operating system's words, and the host plays without resume. The
// permission cases run as a user the permissions apply to (AsNobody.hpp).
#include "AsNobody.hpp"
#include "StoreRecords.hpp"
#include "StoreTempDir.hpp"

#include "speed/store/FileMatchKeeper.hpp"
#include "speed/store/GameStats.hpp"
#include "speed/store/PortLock.hpp"

#include <sqlite3.h>
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <cstdlib>

namespace speed::store::test {
namespace {

using protocol::JournalOpened;
using protocol::JournalSession;

constexpr std::uint16_t kFaultPort = 50001;

// What a host's keeper does at start and in play, on `dir`, as one line per problem it reported:
// "kind effect: the log's sentence [system's words]"; "took a match back" when it found one.
std::string hostRunOn(const std::filesystem::path& dir) {
    std::string heard;
    FileMatchKeeper keeper(dir, [&heard](const StoreProblem& problem) {
        heard += std::to_string(static_cast<int>(problem.kind)) + " " +
                 std::to_string(static_cast<int>(problem.effect)) + ": " + describe(problem) + " [" +
                 problem.systemText + "]\n";
    });
    if (keeper.matchOn(kFaultPort)) heard += "took a match back\n";
    const JournalSession session{0xAB, 0xCD, "127.0.0.1:40000", "kenta", 7, {}};
    keeper.journal(kFaultPort, {JournalOpened{session}, dealEntry()});
    keeper.journal(kFaultPort, {}); // still alive
    return heard;
}

std::string problemLine(StoreProblemKind kind, KeeperEffect effect, const std::string& log, const std::string& system) {
    return std::to_string(static_cast<int>(kind)) + " " + std::to_string(static_cast<int>(effect)) + ": " + log + " [" +
           system + "]\n";
}

} // namespace

TEST_CASE("a state folder that cannot be looked at (a looping link) is reported once: the host starts without resume",
          "[store][keeper][faults]") {
    TempDir temp;
    const auto dir = temp / "speed";
    std::filesystem::create_directory_symlink(dir, dir); // stat(2) says "Too many levels of symbolic links"
    const std::string reason = "Too many levels of symbolic links";
    CHECK(hostRunOn(dir) == problemLine(StoreProblemKind::CannotCreateFolder, KeeperEffect::HostWithoutResume,
                                        "cannot create the state folder " + dir.string() + ": " + reason +
                                            ": this host plays without resume",
                                        reason));
}

TEST_CASE("a state folder of mode 000 is reported once with the system's words: the host starts without resume",
          "[store][keeper][faults]") {
    TempDir temp;
    REQUIRE(::chmod(temp.path().c_str(), 0711) == 0); // another user may pass through to the folder
    const auto dir = temp / "speed";
    REQUIRE(::mkdir(dir.c_str(), 0700) == 0);
    handOver(dir);
    REQUIRE(::chmod(dir.c_str(), 0) == 0);
    const auto heard = whereFilesAreGuarded([&] { return hostRunOn(dir); });
    ::chmod(dir.c_str(), 0700);
    if (!heard) return;
    CHECK(*heard == problemLine(StoreProblemKind::CannotUseFolder, KeeperEffect::HostWithoutResume,
                                "the state folder " + dir.string() +
                                    " cannot be read or written: Permission denied: this host plays without resume",
                                "Permission denied"));
}

TEST_CASE("a journal or a lock file of mode 000 is reported with the system's words, and play goes on",
          "[store][keeper][faults]") {
    TempDir temp;
    REQUIRE(::chmod(temp.path().c_str(), 0711) == 0);
    const auto dir = temp / "speed";
    REQUIRE(::mkdir(dir.c_str(), 0700) == 0);
    {
        FileMatchKeeper earlier(dir, {}); // a match journaled by an earlier run
        REQUIRE_FALSE(earlier.matchOn(kFaultPort));
        earlier.journal(kFaultPort, {JournalOpened{}, dealEntry()});
    }
    handOver(dir);
    const auto journal = FileMatchKeeper(dir, {}).journalPath(kFaultPort);
    const auto lock = PortLock::fileFor(dir, kFaultPort);
    SECTION("the journal") {
        handOver(lock);
        REQUIRE(::chmod(journal.c_str(), 0) == 0);
        const auto heard = whereFilesAreGuarded([&] { return hostRunOn(dir); });
        if (!heard) return;
        CHECK_THAT(*heard, Catch::StartsWith(std::to_string(static_cast<int>(StoreProblemKind::CannotOpenJournal)) +
                                             " " + std::to_string(static_cast<int>(KeeperEffect::HostCannotTakeBack)) +
                                             ": cannot open the match journal " + journal.string()) &&
                               Catch::Contains("(Permission denied)]"));
        CHECK_THAT(*heard, !Catch::Contains("took a match back"));
    }
    SECTION("the lock") {
        REQUIRE(::chmod(lock.c_str(), 0) == 0);
        const auto heard = whereFilesAreGuarded([&] { return hostRunOn(dir); });
        if (!heard) return;
        CHECK(*heard == problemLine(StoreProblemKind::CannotLockState, KeeperEffect::HostWithoutResume,
                                    "cannot lock the match journal for port 50001 (" + lock.string() +
                                        "): Permission denied: this host plays without resume",
                                    "Permission denied"));
    }
}

TEST_CASE("statistics in a data folder that cannot be used say why, with the system's words",
          "[store][stats][faults]") {
    TempDir temp;
    REQUIRE(::chmod(temp.path().c_str(), 0711) == 0);
    const auto data = temp / "data";
    REQUIRE(::mkdir(data.c_str(), 0700) == 0);
    REQUIRE(::mkdir((data / "speed").c_str(), 0700) == 0);
    handOver(data);
    handOver(data / "speed");
    REQUIRE(::chmod((data / "speed").c_str(), 0) == 0);
    const char* before = std::getenv("XDG_DATA_HOME");
    const std::optional<std::string> oldData = before != nullptr ? std::optional<std::string>(before) : std::nullopt;
    const auto heard = whereFilesAreGuarded([&] {
        ::setenv("XDG_DATA_HOME", data.c_str(), 1);
        const OpenedStats opened = GameStats::openDefault();
        return std::to_string(static_cast<int>(opened.kind)) + " " + opened.file.string() + " [" + opened.systemText +
               "] " + opened.error;
    });
    if (oldData)
        ::setenv("XDG_DATA_HOME", oldData->c_str(), 1);
    else
        ::unsetenv("XDG_DATA_HOME");
    ::chmod((data / "speed").c_str(), 0700);
    if (!heard) return;
    CHECK(*heard == std::to_string(static_cast<int>(StoreProblemKind::CannotUseFolder)) + " " +
                        (data / "speed").string() + " [Permission denied] the data folder " +
                        (data / "speed").string() + " cannot be read or written: Permission denied");
}

TEST_CASE("a statistics file that is not one, or is newer, says which kind of problem it is",
          "[store][stats][faults]") {
    TempDir temp;
    writeWholeFile(temp / "text.sqlite3", "this is not a database, and it is long enough to look like a file");
    const OpenedStats text = GameStats::open(temp / "text.sqlite3");
    CHECK(text.kind == StoreProblemKind::NotADatabase);
    CHECK(text.file == temp / "text.sqlite3");
    {
        REQUIRE(GameStats::open(temp / "newer.sqlite3").error.empty());
        sqlite3* raw = nullptr;
        REQUIRE(sqlite3_open((temp / "newer.sqlite3").c_str(), &raw) == SQLITE_OK);
        REQUIRE(sqlite3_exec(raw, "PRAGMA user_version = 99", nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(raw);
    }
    const OpenedStats newer = GameStats::open(temp / "newer.sqlite3");
    CHECK(newer.kind == StoreProblemKind::NewerJournal);
    CHECK_THAT(newer.error, Catch::Contains("newer program"));
}

} // namespace speed::store::test
