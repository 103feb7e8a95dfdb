#include "speed/store/MatchJournal.hpp"

#include "store/StoreTempDir.hpp"

#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <csignal>

#include <sys/wait.h>
#include <unistd.h>

using namespace speed;
using namespace speed::store;
using protocol::JournalChange;
using protocol::JournalEntry;
using protocol::JournalRecord;
using speed::store::test::TempDir;
using speed::store::test::writeWholeFile;
namespace fs = std::filesystem;

namespace {

protocol::JournalSession sampleSession() {
    protocol::JournalSession session;
    session.clientNonce = 0x0123456789abcdefULL;
    session.hostNonce = 0xfedcba9876543210ULL;
    session.peer = "192.0.2.7:50002";
    session.peerName = "kenta";
    session.dealSeed = 0xfeedfacecafebeefULL; // above INT64_MAX: the bits must come back
    session.rules.jokers = 0;
    session.rules.deal = DealMode::Colors;
    session.rules.handSize = 6;
    session.rules.refill = RefillMode::Auto;
    return session;
}

JournalEntry entryOf(JournalChange change, protocol::WireNumber revision) {
    JournalEntry entry;
    entry.game = 1;
    entry.revision = revision;
    entry.change = change;
    entry.lastProposal = revision / 2;
    entry.elapsedMs = 1000 * static_cast<TimeMs>(revision);
    return entry;
}

// Opened, then a Deal, two Moves, a Flip, a Refusal and a Phase: every kind of record a game makes.
std::vector<JournalRecord> sampleMatch() {
    auto deal = entryOf(JournalChange::Deal, 1);
    deal.seed = 0xfeedfacecafebeefULL;
    deal.rules = sampleSession().rules;
    auto play = entryOf(JournalChange::Move, 2);
    play.move = Move::play(1, 5, Card::joker(), 1);
    play.proposal = 1;
    auto refill = entryOf(JournalChange::Move, 3);
    refill.move = Move::refill(0, 2);
    auto flip = entryOf(JournalChange::Flip, 4);
    flip.move = Move::flip();
    auto refusal = entryOf(JournalChange::Refusal, 5);
    refusal.proposal = 2;
    refusal.refusal = protocol::Refusal::NotAdjacent;
    refusal.lastProposal = 4294967295U;
    auto phase = entryOf(JournalChange::Phase, 6);
    phase.userPause = true;
    phase.resumeAsked = {false, true};
    return {protocol::JournalOpened{sampleSession()}, deal, play, refill, flip, refusal, phase};
}

std::vector<JournalEntry> entriesOf(const std::vector<JournalRecord>& records) {
    std::vector<JournalEntry> entries;
    for (const auto& record : records) {
        if (const auto* entry = std::get_if<JournalEntry>(&record)) entries.push_back(*entry);
    }
    return entries;
}

std::unique_ptr<MatchJournal> openJournal(const fs::path& file) {
    auto opened = MatchJournal::open(file);
    INFO(opened.error);
    REQUIRE(opened.journal);
    CHECK(opened.error.empty());
    return std::move(opened.journal);
}

// A second connection to the file, with SQLite directly (another program, or a planted fault).
class RawConnection {
public:
    explicit RawConnection(const fs::path& file) { REQUIRE(sqlite3_open(file.c_str(), &m_db) == SQLITE_OK); }
    ~RawConnection() { sqlite3_close(m_db); }
    RawConnection(const RawConnection&) = delete;
    RawConnection& operator=(const RawConnection&) = delete;

    void exec(const std::string& sql) {
        char* message = nullptr;
        const int code = sqlite3_exec(m_db, sql.c_str(), nullptr, nullptr, &message);
        INFO(sql << ": " << (message != nullptr ? message : ""));
        sqlite3_free(message);
        REQUIRE(code == SQLITE_OK);
    }
    std::string text(const std::string& sql) {
        sqlite3_stmt* statement = nullptr;
        REQUIRE(sqlite3_prepare_v2(m_db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK);
        std::string value;
        if (sqlite3_step(statement) == SQLITE_ROW && sqlite3_column_text(statement, 0) != nullptr) {
            value = reinterpret_cast<const char*>(sqlite3_column_text(statement, 0));
        }
        sqlite3_finalize(statement);
        return value;
    }

private:
    sqlite3* m_db = nullptr;
};

} // namespace

TEST_CASE("a match written to the journal reads back the same", "[store]") {
    const TempDir temp;
    auto journal = openJournal(temp / "host-50001.sqlite");
    CHECK(journal->file() == temp / "host-50001.sqlite");
    const auto records = sampleMatch();
    REQUIRE(journal->write(records, 1'700'000'000'123) == "");

    const auto loaded = journal->load();
    INFO(loaded.error);
    CHECK(loaded.error.empty());
    REQUIRE(loaded.match);
    CHECK(loaded.match->session == sampleSession());
    CHECK(loaded.match->entries == entriesOf(records));
    CHECK(loaded.touchedAtMs == 1'700'000'000'123);
}

TEST_CASE("an empty journal holds no match, and that is not an error", "[store]") {
    const TempDir temp;
    auto journal = openJournal(temp / "host.sqlite");
    const auto loaded = journal->load();
    CHECK(loaded.error.empty());
    CHECK_FALSE(loaded.match);
    CHECK(journal->touch(5).empty()); // no session to stamp: nothing to do
    CHECK(journal->write({}, 6).empty());
    CHECK_FALSE(journal->load().match);
}

TEST_CASE("entries written one at a time follow each other, and touch stamps the session", "[store]") {
    const TempDir temp;
    auto journal = openJournal(temp / "host.sqlite");
    const auto records = sampleMatch();
    for (std::size_t i = 0; i < records.size(); ++i) {
        REQUIRE(journal->write({records[i]}, static_cast<std::int64_t>(i)).empty());
    }
    REQUIRE(journal->touch(99).empty());
    const auto loaded = journal->load();
    REQUIRE(loaded.match);
    CHECK(loaded.match->entries == entriesOf(records));
    CHECK(loaded.touchedAtMs == 99);
}

TEST_CASE("a rekey keeps the entries and takes the returning player's session", "[store]") {
    const TempDir temp;
    auto journal = openJournal(temp / "host.sqlite");
    const auto records = sampleMatch();
    REQUIRE(journal->write(records, 10).empty());

    auto returning = sampleSession();
    returning.clientNonce = 0x1111111111111111ULL;
    returning.hostNonce = 0x2222222222222222ULL;
    returning.peer = "198.51.100.3:40000";
    returning.peerName = "kenta2";
    auto more = entryOf(JournalChange::Phase, 7);
    REQUIRE(journal->write({protocol::JournalRekeyed{returning}, more}, 20).empty());

    const auto loaded = journal->load();
    REQUIRE(loaded.match);
    CHECK(loaded.match->session == returning);
    auto expected = entriesOf(records);
    expected.push_back(more);
    CHECK(loaded.match->entries == expected);
    CHECK(loaded.touchedAtMs == 20);
}

TEST_CASE("a new match forgets the old one, and a closed match leaves no match", "[store]") {
    const TempDir temp;
    auto journal = openJournal(temp / "host.sqlite");
    REQUIRE(journal->write(sampleMatch(), 1).empty());

    auto next = sampleSession();
    next.clientNonce = 42;
    const auto deal = entryOf(JournalChange::Deal, 1);
    REQUIRE(journal->write({protocol::JournalOpened{next}, deal}, 2).empty());
    auto loaded = journal->load();
    REQUIRE(loaded.match);
    CHECK(loaded.match->session == next);
    CHECK(loaded.match->entries == std::vector<JournalEntry>{deal});

    REQUIRE(journal->write({entryOf(JournalChange::Move, 2), protocol::JournalClosed{"match_over"}}, 3).empty());
    loaded = journal->load();
    CHECK(loaded.error.empty());
    CHECK_FALSE(loaded.match);
    RawConnection raw(journal->file());
    CHECK(raw.text("SELECT count(*) FROM entries") == "0");
}

TEST_CASE("the journal reads back the same after it is closed and opened again", "[store]") {
    const TempDir temp;
    const auto file = temp / "host.sqlite";
    const auto records = sampleMatch();
    {
        auto journal = openJournal(file);
        REQUIRE(journal->write(records, 77).empty());
    }
    auto journal = openJournal(file);
    const auto loaded = journal->load();
    REQUIRE(loaded.match);
    CHECK(loaded.match->session == sampleSession());
    CHECK(loaded.match->entries == entriesOf(records));
    CHECK(loaded.touchedAtMs == 77);
    RawConnection raw(file);
    CHECK(raw.text("PRAGMA journal_mode") == "wal");
    CHECK(raw.text("PRAGMA user_version") == "2");
}

TEST_CASE("what a killed process wrote is there for the next one", "[store]") {
    const TempDir temp;
    const auto file = temp / "host.sqlite";
    const auto records = sampleMatch();
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) { // no Catch2 here: write, then die without closing anything
        auto opened = MatchJournal::open(file);
        if (!opened.journal || !opened.journal->write(records, 5).empty()) ::_exit(1);
        ::kill(::getpid(), SIGKILL);
        ::_exit(2);
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGKILL);

    auto journal = openJournal(file);
    const auto loaded = journal->load();
    REQUIRE(loaded.match);
    CHECK(loaded.match->entries == entriesOf(records));
    CHECK(loaded.touchedAtMs == 5);
}

TEST_CASE("a file that is not a database is refused when opened, untouched", "[store]") {
    const TempDir temp;
    const auto file = temp / "host.sqlite";
    const std::string text = "version 1\nhost 127.0.0.1:50001\nthis is a ticket, not a journal\n";
    writeWholeFile(file, text);
    const auto opened = MatchJournal::open(file);
    CHECK_FALSE(opened.journal);
    CHECK(opened.error == "the match journal " + file.string() + " is not a database");
    CHECK(opened.kind == StoreProblemKind::NotADatabase);
    CHECK(speed::store::test::readWholeFile(file) == text);

    const auto folder = MatchJournal::open(temp.path());
    CHECK_FALSE(folder.journal);
    CHECK_THAT(folder.error, Catch::StartsWith("cannot open the match journal " + temp.path().string()));
    CHECK(folder.kind == StoreProblemKind::CannotOpenJournal);
    CHECK_FALSE(folder.systemText.empty()); // SQLite's and the operating system's own words
    CHECK_THAT(MatchJournal::open(temp / "no/such/folder.sqlite").error, Catch::StartsWith("cannot open"));
    CHECK_FALSE(MatchJournal::open("").journal);
}

TEST_CASE("an empty file becomes a journal", "[store]") {
    const TempDir temp;
    const auto file = temp / "host.sqlite";
    writeWholeFile(file, "");
    auto journal = openJournal(file);
    CHECK(journal->write(sampleMatch(), 1).empty());
}

TEST_CASE("a journal of a newer schema is refused and left as it is", "[store]") {
    const TempDir temp;
    const auto file = temp / "host.sqlite";
    {
        RawConnection newer(file);
        newer.exec("CREATE TABLE future (x); PRAGMA user_version = 3");
    }
    const auto opened = MatchJournal::open(file);
    CHECK_FALSE(opened.journal);
    CHECK(opened.error == "the match journal " + file.string() +
                              " was written by a newer program (schema version 3; this one knows up to 2)");
    CHECK(opened.kind == StoreProblemKind::NewerJournal);
    RawConnection raw(file);
    CHECK(raw.text("PRAGMA user_version") == "3");
    CHECK(raw.text("PRAGMA journal_mode") == "delete");
}

TEST_CASE("another program's database at the journal's path is refused", "[store]") {
    const TempDir temp;
    const auto file = temp / "host.sqlite";
    {
        RawConnection foreign(file);
        foreign.exec("CREATE TABLE session (who TEXT)");
    }
    CHECK_THAT(MatchJournal::open(file).error,
               Catch::StartsWith("cannot set up the match journal " + file.string() + " (schema version 1): ") &&
                   Catch::Contains("already exists"));
}

TEST_CASE("a value out of range in the journal is an error naming its row", "[store]") {
    const TempDir temp;
    const auto file = temp / "host.sqlite";
    auto journal = openJournal(file);
    const std::vector<std::pair<std::string, std::string>> faults{
        {"UPDATE entries SET move_card = 54 WHERE seq = 3", "entry seq 3: move_card 54 is out of range (0..52)"},
        {"UPDATE entries SET move_card = 53 WHERE seq = 3", "entry seq 3: move_card 53 is out of range (0..52)"},
        {"UPDATE entries SET change = 9 WHERE seq = 2", "entry seq 2: change 9 is out of range (0..5)"},
        {"UPDATE entries SET refusal = 12 WHERE seq = 6", "entry seq 6: refusal 12 is out of range (0..11)"},
        {"UPDATE entries SET game = -1 WHERE seq = 1", "entry seq 1: game -1 is out of range (0..4294967295)"},
        {"UPDATE entries SET revision = 4294967296 WHERE seq = 1", "entry seq 1: revision 4294967296 is out of range (0..4294967295)"},
        {"UPDATE entries SET move_seat = 2 WHERE seq = 2", "entry seq 2: move_seat 2 is out of range (0..1)"},
        {"UPDATE entries SET jokers = 1 WHERE seq = 1", "entry seq 1: rules: jokers must be 2 or 0"},
        {"UPDATE entries SET user_pause = 'yes' WHERE seq = 6", "entry seq 6: user_pause is not an integer"},
        {"UPDATE entries SET move_card = 1.5 WHERE seq = 6", "entry seq 6: move_card is not an integer"},
        {"UPDATE session SET client_nonce = 'zz'", "session: client_nonce is not 16 hex digits"},
        {"UPDATE session SET host_nonce = 12", "session: host_nonce is not 16 hex digits"},
        {"UPDATE session SET host_nonce = X'00'", "session: host_nonce is not text"},
        {"UPDATE session SET hand_size = 9", "session: hand_size 9 is out of range (1..8)"},
        {"UPDATE session SET touched_at = 'soon'", "session: touched_at is not an integer"},
    };
    for (const auto& [sql, reason] : faults) {
        INFO(sql);
        REQUIRE(journal->write(sampleMatch(), 1).empty());
        {
            RawConnection raw(file);
            raw.exec(sql);
        }
        const auto loaded = journal->load();
        CHECK_FALSE(loaded.match);
        CHECK(loaded.error == "the match journal " + file.string() + ", " + reason);
    }
    // The journal is still usable: the next match overwrites the bad rows.
    REQUIRE(journal->write(sampleMatch(), 1).empty());
    CHECK(journal->load().match);
}

TEST_CASE("a record the journal could not read back is refused, and nothing of its batch is written", "[store]") {
    const TempDir temp;
    auto journal = openJournal(temp / "host.sqlite");
    REQUIRE(journal->write(sampleMatch(), 1).empty());

    auto badCard = entryOf(JournalChange::Move, 7);
    badCard.move = Move::play(0, 0, Card::fromIndex(60), 0);
    auto badChange = entryOf(JournalChange::Move, 7);
    badChange.change = static_cast<JournalChange>(9);
    auto badRules = sampleSession();
    badRules.rules.handSize = 0;
    const std::vector<std::pair<std::vector<JournalRecord>, std::string>> batches{
        {{entryOf(JournalChange::Phase, 7), badCard}, "record 2: move_card 60 is out of range (0..52)"},
        {{badChange}, "record 1: change 9 is out of range (0..5)"},
        {{protocol::JournalClosed{}, protocol::JournalOpened{badRules}}, "record 2: rules: hand must be between 1 and 8"},
    };
    for (const auto& [batch, reason] : batches) {
        CHECK(journal->write(batch, 2) ==
              "cannot write the match journal " + journal->file().string() + ": " + reason);
    }
    const auto loaded = journal->load();
    REQUIRE(loaded.match);
    CHECK(loaded.match->entries == entriesOf(sampleMatch()));
    CHECK(loaded.touchedAtMs == 1);
    CHECK_THAT(loaded.damage, Catch::Contains("a write to it failed")); // the match's later records would follow a gap
}

TEST_CASE("a rekey with no match in the journal is an error and writes nothing", "[store]") {
    const TempDir temp;
    auto journal = openJournal(temp / "host.sqlite");
    const auto error = journal->write({protocol::JournalRekeyed{sampleSession()}, entryOf(JournalChange::Phase, 1)}, 1);
    CHECK_THAT(error, Catch::Contains("record 1 gives a new session to no match"));
    RawConnection raw(journal->file());
    CHECK(raw.text("SELECT count(*) FROM entries") == "0");
    CHECK(journal->write(sampleMatch(), 2).empty()); // no transaction was left open
}
