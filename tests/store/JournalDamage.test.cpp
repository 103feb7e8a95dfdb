// A host's journal never reads back as an older complete match than the one it committed: a
// write-ahead log that lost frames while the host was down (cut, or a damaged frame), or a write
// that failed during the match, makes the kept match `damage`d, on real files.
#include "StoreTempDir.hpp"

#include "speed/store/FileMatchKeeper.hpp"
#include "speed/store/MatchJournal.hpp"

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <chrono>
#include <csignal>
#include <functional>
#include <future>
#include <string>
#include <vector>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

// A namespace of its own: the store's test files share one translation unit in a unity build.
namespace speed::store::test::damage {
namespace {

namespace fs = std::filesystem;

// The files left in the state folder besides the port's lock file, which stays by design (the
// lock, not the file, is what counts).
std::vector<std::string> filesBesideTheLock(const fs::path& folder) {
    std::vector<std::string> left;
    for (const auto& entry : fs::directory_iterator(folder)) {
        if (entry.path().extension() != ".lock") left.push_back(entry.path().filename().string());
    }
    return left;
}
using protocol::JournalChange;
using protocol::JournalClosed;
using protocol::JournalEntry;
using protocol::JournalOpened;
using protocol::JournalSession;

constexpr std::uint16_t kPort = 50001;
constexpr protocol::WireNumber kRevisions = 200; // a few hundred WAL frames: no checkpoint comes

const JournalSession kSession{0x0123456789abcdefULL, 0xfedcba9876543210ULL, "192.0.2.7:50002", "kenta", 7, {}};

JournalEntry entryAt(protocol::WireNumber revision) {
    JournalEntry entry;
    entry.game = 1;
    entry.revision = revision;
    entry.change = revision == 1 ? JournalChange::Deal : JournalChange::Phase;
    entry.seed = 8;
    entry.lastProposal = revision;
    entry.elapsedMs = 250 * static_cast<TimeMs>(revision);
    return entry;
}

struct Reports {
    std::vector<StoreProblem> problems;
    std::vector<std::string> recoveries;
    FileMatchKeeper keeperIn(const fs::path& dir) {
        return FileMatchKeeper(
            dir, [this](const StoreProblem& problem) { problems.push_back(problem); },
            [this](const std::string& news) { recoveries.push_back(news); });
    }
};

// Writes revisions 1..`last` of a match into the keeper as a host does, one batch per revision.
void play(FileMatchKeeper& keeper, protocol::WireNumber first, protocol::WireNumber last) {
    for (protocol::WireNumber revision = first; revision <= last; ++revision) {
        if (revision == 1) {
            keeper.journal(kPort, {JournalOpened{kSession}, entryAt(1)});
        } else {
            keeper.journal(kPort, {entryAt(revision)});
        }
    }
}

// A host in a child process plays `kRevisions` revisions into `dir` and is killed (SIGKILL):
// its write-ahead log stays as a killed host leaves it. `midway` runs in the child after half.
void hostPlaysThenIsKilled(const fs::path& dir, const std::function<void()>& midway = {}) {
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) { // no Catch2 here
        FileMatchKeeper keeper(dir, [](const StoreProblem&) {});
        play(keeper, 1, kRevisions / 2);
        if (midway) midway();
        play(keeper, kRevisions / 2 + 1, kRevisions);
        ::kill(::getpid(), SIGKILL);
        ::_exit(2);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFSIGNALED(status));
}

fs::path walOf(const FileMatchKeeper& keeper) {
    return keeper.journalPath(kPort).string() + "-wal";
}

// What a restarted host finds: a match, never an older one told as complete.
void expectDamaged(const fs::path& dir, Reports& reports) {
    FileMatchKeeper restarted = reports.keeperIn(dir);
    const auto kept = restarted.matchOn(kPort);
    REQUIRE(kept.has_value());
    INFO("entries read back: " << kept->record.entries.size());
    CHECK_FALSE(kept->damage.empty());
    CHECK(kept->record.session == kSession); // the host can still tell the returning player
    REQUIRE(reports.problems.size() == 1);
    const StoreProblem& problem = reports.problems.front();
    CHECK(problem.kind == StoreProblemKind::JournalIncomplete);
    CHECK(problem.effect == KeeperEffect::StartsNewMatch);
    CHECK(problem.logText == kept->damage);
}

// A second connection to the journal, as another program holding its lock.
class OtherProgram {
public:
    explicit OtherProgram(const fs::path& file) { REQUIRE(sqlite3_open(file.c_str(), &m_db) == SQLITE_OK); }
    ~OtherProgram() { sqlite3_close(m_db); }
    OtherProgram(const OtherProgram&) = delete;
    OtherProgram& operator=(const OtherProgram&) = delete;
    void exec(const char* sql) { REQUIRE(sqlite3_exec(m_db, sql, nullptr, nullptr, nullptr) == SQLITE_OK); }

private:
    sqlite3* m_db = nullptr;
};

} // namespace

TEST_CASE("a write-ahead log cut in half while the host is down reads back as damaged", "[store][keeper]") {
    TempDir dir;
    hostPlaysThenIsKilled(dir.path());
    Reports reports;
    const fs::path wal = walOf(reports.keeperIn(dir.path()));
    const auto size = fs::file_size(wal);
    REQUIRE(size > 100'000); // the commits are still in the log: nothing was checkpointed
    fs::resize_file(wal, size / 2);
    expectDamaged(dir.path(), reports);
    CHECK_THAT(reports.problems.front().logText,
               Catch::Contains(" revisions it committed (it stops at game 1, revision ") &&
                   Catch::Contains("instead of game 1, revision 200)") && Catch::EndsWith("lost its last commits"));
}

TEST_CASE("a damaged frame in the write-ahead log reads back as damaged", "[store][keeper]") {
    TempDir dir;
    hostPlaysThenIsKilled(dir.path());
    Reports reports;
    const fs::path wal = walOf(reports.keeperIn(dir.path()));
    std::string log = readWholeFile(wal);
    constexpr std::size_t kWalHeader = 32;
    constexpr std::size_t kFrameHeader = 24;
    const auto pageSize =
        (static_cast<std::size_t>(static_cast<unsigned char>(log[10])) << 8) | static_cast<unsigned char>(log[11]);
    REQUIRE(pageSize >= 512);
    const std::size_t frames = (log.size() - kWalHeader) / (kFrameHeader + pageSize);
    REQUIRE(frames > 100);
    const std::size_t middle = kWalHeader + frames / 2 * (kFrameHeader + pageSize) + kFrameHeader + pageSize / 2;
    for (std::size_t i = 0; i < 16; ++i)
        log[middle + i] = static_cast<char>(~log[middle + i]);
    writeWholeFile(wal, log);
    expectDamaged(dir.path(), reports);
}

TEST_CASE("a journal whose writes stop at a full disk reads back as damaged", "[store][keeper]") {
    TempDir dir;
    // The child's files may grow no further than they are halfway through the match: the next
    // commit fails as on a full disk (EFBIG instead of ENOSPC; SIGXFSZ ignored so it is an error).
    hostPlaysThenIsKilled(dir.path(), [&] {
        std::signal(SIGXFSZ, SIG_IGN);
        std::error_code ignored;
        const auto size = fs::file_size(dir / "host-50001.sqlite-wal", ignored);
        const rlimit limit{static_cast<rlim_t>(size), static_cast<rlim_t>(size)};
        ::setrlimit(RLIMIT_FSIZE, &limit);
    });
    Reports reports;
    expectDamaged(dir.path(), reports);
}

TEST_CASE("after a failed write no later record of the match is written, and it is reported once", "[store][keeper]") {
    TempDir dir;
    Reports reports;
    FileMatchKeeper keeper = reports.keeperIn(dir.path());
    play(keeper, 1, 10);
    {
        OtherProgram other(keeper.journalPath(kPort));
        other.exec("BEGIN EXCLUSIVE");
        keeper.journal(kPort, {entryAt(11)}); // fails: locked
        keeper.journal(kPort, {});            // still alive, still failing
        other.exec("ROLLBACK");
    }
    play(keeper, 12, 20); // a record written after the gap would read back as a complete game
    keeper.journal(kPort, {});
    REQUIRE(reports.problems.size() == 1);
    CHECK(reports.problems.front().effect == KeeperEffect::HostCannotTakeBack);
    CHECK(describe(reports.problems.front()).find("a restarted host could not take this match back") !=
          std::string::npos);
    CHECK(reports.recoveries.empty());

    Reports restartedReports;
    expectDamaged(dir.path(), restartedReports);

    // The next match starts afresh once the journal can be written again.
    keeper.journal(kPort, {JournalOpened{kSession}, entryAt(1)});
    CHECK(reports.recoveries.size() == 1);
    Reports laterReports;
    FileMatchKeeper later = laterReports.keeperIn(dir.path());
    const auto kept = later.matchOn(kPort);
    REQUIRE(kept.has_value());
    CHECK(kept->damage.empty());
    CHECK(kept->record.entries == std::vector<JournalEntry>{entryAt(1)});
    CHECK(laterReports.problems.empty());
}

TEST_CASE("a match that ends after a failed write leaves no file", "[store][keeper]") {
    TempDir dir;
    Reports reports;
    FileMatchKeeper keeper = reports.keeperIn(dir.path());
    play(keeper, 1, 5);
    {
        OtherProgram other(keeper.journalPath(kPort));
        other.exec("BEGIN EXCLUSIVE");
        keeper.journal(kPort, {entryAt(6)});
        other.exec("ROLLBACK");
    }
    keeper.journal(kPort, {entryAt(7), JournalClosed{"match_over"}});
    CHECK(filesBesideTheLock(dir.path()).empty());
    CHECK_FALSE(keeper.matchOn(kPort).has_value());
}

TEST_CASE("a journal whose commit record is missing or garbled reads back as damaged", "[store][keeper]") {
    TempDir dir;
    {
        Reports reports;
        FileMatchKeeper keeper = reports.keeperIn(dir.path());
        play(keeper, 1, 10);
    }
    const fs::path record = MatchJournal::commitRecordOf(dir / "host-50001.sqlite");
    const std::string written = readWholeFile(record);
    std::string garbled = written;
    garbled[50] = static_cast<char>(garbled[50] ^ 0x10);
    for (const std::string& content : {std::string(), garbled, written.substr(0, 40)}) {
        writeWholeFile(record, content);
        Reports reports;
        expectDamaged(dir.path(), reports);
    }
    fs::remove(record);
    Reports reports;
    expectDamaged(dir.path(), reports);
    CHECK_THAT(reports.problems.front().logText, Catch::EndsWith(record.string() + ") is missing"));
}

TEST_CASE("a host killed between a commit and its commit record finds the journal complete", "[store]") {
    TempDir dir;
    const fs::path file = dir / "host-50001.sqlite";
    auto journal = MatchJournal::open(file).journal;
    REQUIRE(journal);
    REQUIRE(journal->write({JournalOpened{kSession}, entryAt(1)}, 1).empty());
    const std::string before = readWholeFile(MatchJournal::commitRecordOf(file));
    REQUIRE(journal->write({entryAt(2)}, 2).empty());
    journal.reset();
    writeWholeFile(MatchJournal::commitRecordOf(file), before); // the record of the last commit never came
    journal = MatchJournal::open(file).journal;
    REQUIRE(journal);
    const auto loaded = journal->load();
    CHECK(loaded.damage.empty());
    REQUIRE(loaded.match);
    CHECK(loaded.match->entries == std::vector<JournalEntry>{entryAt(1), entryAt(2)});
    REQUIRE(journal->write({entryAt(3)}, 3).empty()); // and goes on from there
    CHECK(journal->load().match->entries.size() == 3);
}

TEST_CASE("an older match left in the database under a newer commit record reads back as damaged", "[store]") {
    TempDir dir;
    const fs::path file = dir / "host-50001.sqlite";
    auto journal = MatchJournal::open(file).journal;
    REQUIRE(journal);
    REQUIRE(journal->write({JournalOpened{kSession}, entryAt(1), entryAt(2), entryAt(3)}, 1).empty());
    journal.reset(); // checkpointed into the database file
    const std::string older = readWholeFile(file);
    journal = MatchJournal::open(file).journal;
    REQUIRE(journal);
    REQUIRE(journal->write({JournalClosed{"match_over"}}, 2).empty());
    REQUIRE(journal->write({JournalOpened{kSession}, entryAt(1)}, 3).empty()); // the same deal, a new match
    journal.reset();
    writeWholeFile(file, older); // what the new match committed is lost
    journal = MatchJournal::open(file).journal;
    REQUIRE(journal);
    const auto loaded = journal->load();
    CHECK_THAT(loaded.damage, Catch::Contains("holds another match than the one it committed"));
    CHECK(journal->unusable());
}

TEST_CASE("a failure that not even the commit record can tell deletes the journal's files", "[store][keeper]") {
    TempDir dir;
    // No file of the child may grow at all: the commit fails, and so does writing the record.
    hostPlaysThenIsKilled(dir.path(), [] {
        std::signal(SIGXFSZ, SIG_IGN);
        const rlimit none{0, 0};
        ::setrlimit(RLIMIT_FSIZE, &none);
    });
    CHECK(filesBesideTheLock(dir.path()).empty());
    Reports reports;
    CHECK_FALSE(reports.keeperIn(dir.path()).matchOn(kPort).has_value());
}

TEST_CASE("a journal another program holds locked is an error, soon, and takes only a new match after it", "[store]") {
    TempDir dir;
    const fs::path file = dir / "host-50001.sqlite";
    auto journal = MatchJournal::open(file).journal;
    REQUIRE(journal);
    const std::vector<protocol::JournalRecord> match{JournalOpened{kSession}, entryAt(1), entryAt(2)};
    REQUIRE(journal->write(match, 1).empty());

    OtherProgram other(file);
    other.exec("BEGIN EXCLUSIVE");
    // The write gives up while the lock is still held (it does not wait for the other program):
    // it runs on another thread, and the lock is let go only once it answered, or after a
    // generous ceiling, so that a write that waits for the lock fails here instead of hanging.
    auto writing = std::async(std::launch::async, [&] { return journal->write({entryAt(3)}, 2); });
    const bool answeredWhileLocked = writing.wait_for(std::chrono::seconds(60)) == std::future_status::ready;
    if (!answeredWhileLocked) other.exec("ROLLBACK");
    REQUIRE(answeredWhileLocked);
    const auto error = writing.get();
    CHECK(error == "the match journal " + file.string() + " is locked by another program");
    CHECK(journal->lastProblem().kind == StoreProblemKind::JournalLocked);
    CHECK(journal->lastProblem().file == file);
    CHECK(journal->unusable());
    CHECK_THAT(MatchJournal::open(file).error, Catch::Contains("locked by another program"));
    CHECK(MatchJournal::open(file).kind == StoreProblemKind::JournalLocked);
    const auto whileLocked = journal->load(); // write-ahead logging: a reader does not wait for a writer
    CHECK(whileLocked.error.empty());
    CHECK_THAT(whileLocked.damage, Catch::Contains("a write to it failed")); // it stops short of the match
    REQUIRE(whileLocked.match);
    CHECK(whileLocked.match->entries.size() == 2);
    CHECK(whileLocked.touchedAtMs == 1);

    other.exec("ROLLBACK");
    // The rest of this match would follow a gap: refused. A new match is written again.
    CHECK_THAT(journal->write({entryAt(4)}, 4), Catch::Contains("after a failed write"));
    CHECK_THAT(journal->touch(5), Catch::Contains("after a failed write"));
    REQUIRE(journal->write(match, 6).empty());
    CHECK_FALSE(journal->unusable());
    const auto loaded = journal->load();
    REQUIRE(loaded.match);
    CHECK(loaded.damage.empty());
    CHECK(loaded.match->entries.size() == 2);
}

} // namespace speed::store::test::damage
