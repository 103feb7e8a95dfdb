// A host holds a lock on its state for its port while it runs: a second program on the same
// state folder and port is told who holds it and never touches that journal; a holder that is
// gone, even killed with -9, blocks nobody.
#include "StoreRecords.hpp"
#include "StoreTempDir.hpp"

#include "speed/store/FileMatchKeeper.hpp"
#include "speed/store/PortLock.hpp"

#include <catch2/catch.hpp>

#include <array>
#include <csignal>
#include <functional>
#include <optional>

#include <sys/wait.h>
#include <unistd.h>

namespace speed::store::test {
namespace {

using protocol::JournalOpened;
using protocol::JournalSession;

constexpr std::uint16_t kLockPort = 50001;

std::string thisHostName() {
    std::array<char, 256> name{};
    REQUIRE(::gethostname(name.data(), name.size() - 1) == 0);
    return name.data();
}

// The bytes of the journal and of its write-ahead log and index, as they are now.
std::string journalBytes(const std::filesystem::path& journal) {
    std::string bytes;
    for (const char* suffix : {"", "-wal", "-shm"}) {
        const std::filesystem::path file = journal.string() + suffix;
        std::error_code missing;
        bytes +=
            std::string(suffix) + ":" + (std::filesystem::exists(file, missing) ? readWholeFile(file) : "none") + "\n";
    }
    return bytes;
}

// A child process that runs `setUp` (true: it went as the test needs), tells the parent how it
// went, and keeps whatever it took (a lock, a keeper) until it is killed.
pid_t childKeeping(const std::function<bool()>& setUp) {
    std::array<int, 2> ready{};
    REQUIRE(::pipe(ready.data()) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::close(ready[0]);
        const char word = setUp() ? 'y' : 'n';
        if (::write(ready[1], &word, 1) != 1) ::_exit(4);
        for (;;)
            ::pause();
    }
    ::close(ready[1]);
    char word = 0;
    REQUIRE(::read(ready[0], &word, 1) == 1);
    ::close(ready[0]);
    REQUIRE(word == 'y');
    return child;
}

// A child process that takes the port's lock and keeps it until it is killed.
pid_t childHoldingLock(const std::filesystem::path& dir) {
    return childKeeping([&dir] {
        static TakenLock taken; // kept for the child's life
        taken = PortLock::take(dir, kLockPort);
        return taken.lock != nullptr;
    });
}

// A child process that hosts: its keeper holds the port's lock and has journaled a match, until
// it is killed.
pid_t childHosting(const std::filesystem::path& dir, const JournalSession& session) {
    return childKeeping([&dir, &session] {
        static std::optional<FileMatchKeeper> keeper; // kept for the child's life
        keeper.emplace(dir, FileMatchKeeper::Report{});
        const bool nothingKept = !keeper->matchOn(kLockPort);
        keeper->journal(kLockPort, {JournalOpened{session}, dealEntry()});
        return nothingKept;
    });
}

void killNine(pid_t child) {
    REQUIRE(::kill(child, SIGKILL) == 0);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
}

} // namespace

TEST_CASE("a second host on the same state folder and port is told who holds it and leaves its journal alone",
          "[store][keeper][lock]") {
    TempDir dir;
    const JournalSession session{0xAB, 0xCD, "127.0.0.1:40000", "kenta", 7, {}};
    const pid_t first = childHosting(dir.path(), session);
    const std::string before = journalBytes(FileMatchKeeper(dir.path(), {}).journalPath(kLockPort));

    std::vector<StoreProblem> heard;
    FileMatchKeeper second(dir.path(), [&](const StoreProblem& problem) { heard.push_back(problem); });
    CHECK_FALSE(second.matchOn(kLockPort)); // the first's live match is not taken
    second.journal(kLockPort, {JournalOpened{JournalSession{1, 2, "10.0.0.9:1", "mika", 1, {}}}, dealEntry(7)});
    second.journal(kLockPort, {});
    CHECK(journalBytes(second.journalPath(kLockPort)) == before);
    REQUIRE(heard.size() == 1); // once
    const StoreProblem& locked = heard.front();
    CHECK(locked.kind == StoreProblemKind::StateLocked);
    CHECK(locked.effect == KeeperEffect::HostWithoutResume);
    CHECK(locked.file == PortLock::fileFor(dir.path(), kLockPort));
    REQUIRE(locked.holder.has_value());
    CHECK(locked.holder->port == kLockPort);
    CHECK(locked.holder->pid == static_cast<long>(first));
    CHECK(locked.holder->hostName == thisHostName());
    CHECK(describe(locked) == "the match journal for port 50001 is in use by " + locked.holder->program + " (PID " +
                                  std::to_string(first) + " on " + thisHostName() +
                                  "): this host plays without resume");

    killNine(first); // the first program is killed: its restart takes its match back
    FileMatchKeeper restarted(dir.path(), {});
    const auto kept = restarted.matchOn(kLockPort);
    REQUIRE(kept.has_value());
    CHECK(kept->record.session == session);
    CHECK_FALSE(second.matchOn(kLockPort)); // the second never takes another program's match
}

TEST_CASE("two keepers of one program share its lock: a window hosting again is not refused by itself",
          "[store][keeper][lock]") {
    TempDir dir;
    std::vector<StoreProblem> heard;
    const auto report = [&](const StoreProblem& problem) { heard.push_back(problem); };
    std::optional<FileMatchKeeper> last(std::in_place, dir.path(), report);
    CHECK_FALSE(last->matchOn(kLockPort));
    FileMatchKeeper next(dir.path(), report);
    CHECK_FALSE(next.matchOn(kLockPort));
    next.journal(kLockPort, {JournalOpened{JournalSession{1, 2, "10.0.0.9:1", "mika", 1, {}}}, dealEntry(7)});
    last.reset();
    CHECK(heard.empty());
    CHECK(PortLock::take(dir.path(), kLockPort).lock != nullptr); // still held, by this program
    CHECK(readWholeFile(PortLock::fileFor(dir.path(), kLockPort)).starts_with("pid " + std::to_string(::getpid())));
}

TEST_CASE("the lock names a holder in another process, and a holder killed with -9 blocks nobody",
          "[store][keeper][lock]") {
    TempDir dir;
    const pid_t holder = childHoldingLock(dir.path());
    const TakenLock refused = PortLock::take(dir.path(), kLockPort);
    CHECK_FALSE(refused.lock);
    CHECK(refused.problem.kind == StoreProblemKind::StateLocked);
    REQUIRE(refused.problem.holder.has_value());
    CHECK(refused.problem.holder->pid == static_cast<long>(holder));
    killNine(holder);
    // The file still names the dead program; only a live lock counts.
    CHECK_THAT(readWholeFile(PortLock::fileFor(dir.path(), kLockPort)),
               Catch::Contains("pid " + std::to_string(holder)));
    const TakenLock taken = PortLock::take(dir.path(), kLockPort);
    REQUIRE(taken.lock);
    CHECK_THAT(readWholeFile(taken.lock->file()), Catch::StartsWith("pid " + std::to_string(::getpid()) + "\n"));
}

TEST_CASE("a lock file that says nothing sensible names another program", "[store][lock]") {
    CHECK(describeHolder(lockHolderFrom("", kLockPort)) == "another program");
    CHECK(describeHolder(lockHolderFrom("pid -4\nhost \x01x\n", kLockPort)) == "another program");
    const LockHolder named = lockHolderFrom("pid 4242\nhost hana-pc\nprogram speed-server\nextra words\n", kLockPort);
    CHECK(describeHolder(named) == "speed-server (PID 4242 on hana-pc)");
    CHECK(lockHolderFrom(lockHolderText(named), kLockPort) == named);
    CHECK(describeHolder(lockHolderFrom("pid 17\n", kLockPort)) == "another program (PID 17)");
}

} // namespace speed::store::test
