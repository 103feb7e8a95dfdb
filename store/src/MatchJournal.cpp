#include "speed/store/MatchJournal.hpp"

#include "SqliteHandle.hpp"

#include <array>
#include <limits>
#include <type_traits>


namespace speed::store {

using protocol::JournalChange;
using protocol::JournalEntry;
using protocol::JournalSession;
using protocol::Refusal;

namespace {

// The migrations: step i takes a journal from user_version i to i + 1, in the transaction that
// sets the new user_version. A new version appends a step; a released step never changes.
constexpr std::array<const char*, MatchJournal::kSchemaVersion> kJournalMigrations{
    // 0 -> 1: the session (one row) and the entries of its match.
    R"sql(
CREATE TABLE session (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    client_nonce TEXT NOT NULL,
    host_nonce TEXT NOT NULL,
    peer TEXT NOT NULL,
    peer_name TEXT NOT NULL,
    deal_seed INTEGER NOT NULL,
    jokers INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    hand_size INTEGER NOT NULL,
    refill INTEGER NOT NULL,
    touched_at INTEGER NOT NULL
);
CREATE TABLE entries (
    seq INTEGER PRIMARY KEY,
    game INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    change INTEGER NOT NULL,
    move_kind INTEGER NOT NULL,
    move_seat INTEGER NOT NULL,
    move_slot INTEGER NOT NULL,
    move_pile INTEGER NOT NULL,
    move_card INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    jokers INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    hand_size INTEGER NOT NULL,
    refill INTEGER NOT NULL,
    proposal INTEGER NOT NULL,
    refusal INTEGER NOT NULL,
    last_proposal INTEGER NOT NULL,
    elapsed_ms INTEGER NOT NULL,
    user_pause INTEGER NOT NULL,
    resume0 INTEGER NOT NULL,
    resume1 INTEGER NOT NULL
);
)sql",
};

// The enums are stored as their numbers: these pin the numbers the file format uses (a new
// enumerator at the end needs its range below widened; a reordering would misread old files).
static_assert(static_cast<int>(JournalChange::Rewind) == 5);
static_assert(static_cast<int>(MoveKind::Flip) == 2);
static_assert(static_cast<int>(Refusal::NotPlaying) == 11);
static_assert(static_cast<int>(DealMode::Colors) == 1);
static_assert(static_cast<int>(RefillMode::Auto) == 1);

constexpr std::int64_t kMaxWireNumber = std::numeric_limits<protocol::WireNumber>::max();
constexpr std::int64_t kLowest = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kHighest = std::numeric_limits<std::int64_t>::max();

// An entry's columns, in the order of the table, the INSERT and the SELECT (after seq).
enum EntryColumn : std::size_t {
    kGame, kRevision, kChange, kMoveKind, kMoveSeat, kMoveSlot, kMovePile, kMoveCard, kSeed, kJokers, kDeal,
    kHandSize, kRefill, kProposal, kRefusal, kLastProposal, kElapsedMs, kUserPause, kResume0, kResume1,
    kEntryColumnCount,
};
struct JournalColumn {
    const char* name;
    std::int64_t low;
    std::int64_t high;
};
// What each column may hold: write() refuses what load() would, so whatever is written reads back.
constexpr std::array<JournalColumn, kEntryColumnCount> kEntryColumns{{
    {"game", 0, kMaxWireNumber},
    {"revision", 0, kMaxWireNumber},
    {"change", 0, static_cast<int>(JournalChange::Rewind)},
    {"move_kind", 0, static_cast<int>(MoveKind::Flip)},
    {"move_seat", 0, 1},
    {"move_slot", 0, RuleOptions::kMaxHandSize - 1},
    {"move_pile", 0, 1},
    {"move_card", 0, Card::kDistinctCodes - 1},
    {"seed", kLowest, kHighest}, // the uint64 seed's bits
    {"jokers", 0, 2},
    {"deal", 0, static_cast<int>(DealMode::Colors)},
    {"hand_size", RuleOptions::kMinHandSize, RuleOptions::kMaxHandSize},
    {"refill", 0, static_cast<int>(RefillMode::Auto)},
    {"proposal", 0, kMaxWireNumber},
    {"refusal", 0, static_cast<int>(Refusal::NotPlaying)},
    {"last_proposal", 0, kMaxWireNumber},
    {"elapsed_ms", 0, kHighest},
    {"user_pause", 0, 1},
    {"resume0", 0, 1},
    {"resume1", 0, 1},
}};
using EntryValues = std::array<std::int64_t, kEntryColumnCount>;

template <typename Enum>
std::int64_t numberOf(Enum value) {
    return static_cast<std::int64_t>(static_cast<std::underlying_type_t<Enum>>(value));
}

EntryValues entryValuesOf(const JournalEntry& entry) {
    EntryValues values{};
    values[kGame] = entry.game;
    values[kRevision] = entry.revision;
    values[kChange] = numberOf(entry.change);
    values[kMoveKind] = numberOf(entry.move.kind);
    values[kMoveSeat] = entry.move.seat;
    values[kMoveSlot] = entry.move.slot;
    values[kMovePile] = entry.move.pile;
    values[kMoveCard] = entry.move.card.index();
    values[kSeed] = static_cast<std::int64_t>(entry.seed);
    values[kJokers] = entry.rules.jokers;
    values[kDeal] = numberOf(entry.rules.deal);
    values[kHandSize] = entry.rules.handSize;
    values[kRefill] = numberOf(entry.rules.refill);
    values[kProposal] = entry.proposal;
    values[kRefusal] = numberOf(entry.refusal);
    values[kLastProposal] = entry.lastProposal;
    values[kElapsedMs] = entry.elapsedMs;
    values[kUserPause] = entry.userPause ? 1 : 0;
    values[kResume0] = entry.resumeAsked[0] ? 1 : 0;
    values[kResume1] = entry.resumeAsked[1] ? 1 : 0;
    return values;
}

RuleOptions rulesFrom(std::int64_t jokers, std::int64_t deal, std::int64_t handSize, std::int64_t refill) {
    RuleOptions rules;
    rules.jokers = static_cast<int>(jokers);
    rules.deal = static_cast<DealMode>(deal);
    rules.handSize = static_cast<int>(handSize);
    rules.refill = static_cast<RefillMode>(refill);
    return rules;
}

// Empty when every value is in its column's range and the rules are playable.
std::string entryValuesProblem(const EntryValues& values) {
    for (std::size_t i = 0; i < kEntryColumnCount; ++i) {
        const auto& column = kEntryColumns[i];
        if (values[i] < column.low || values[i] > column.high) {
            return std::string(column.name) + " " + std::to_string(values[i]) + " is out of range (" +
                   std::to_string(column.low) + ".." + std::to_string(column.high) + ")";
        }
    }
    if (auto problem = validate(rulesFrom(values[kJokers], values[kDeal], values[kHandSize], values[kRefill]));
        !problem.empty()) {
        return "rules: " + problem;
    }
    return {};
}

// Only after entryValuesProblem found nothing: every cast below is in range.
JournalEntry entryFromValues(const EntryValues& values) {
    JournalEntry entry;
    entry.game = static_cast<protocol::WireNumber>(values[kGame]);
    entry.revision = static_cast<protocol::WireNumber>(values[kRevision]);
    entry.change = static_cast<JournalChange>(values[kChange]);
    entry.move.kind = static_cast<MoveKind>(values[kMoveKind]);
    entry.move.seat = static_cast<int>(values[kMoveSeat]);
    entry.move.slot = static_cast<int>(values[kMoveSlot]);
    entry.move.pile = static_cast<int>(values[kMovePile]);
    entry.move.card = Card::fromIndex(static_cast<int>(values[kMoveCard]));
    entry.seed = static_cast<std::uint64_t>(values[kSeed]);
    entry.rules = rulesFrom(values[kJokers], values[kDeal], values[kHandSize], values[kRefill]);
    entry.proposal = static_cast<protocol::WireNumber>(values[kProposal]);
    entry.refusal = static_cast<Refusal>(values[kRefusal]);
    entry.lastProposal = static_cast<protocol::WireNumber>(values[kLastProposal]);
    entry.elapsedMs = values[kElapsedMs];
    entry.userPause = values[kUserPause] != 0;
    entry.resumeAsked = {values[kResume0] != 0, values[kResume1] != 0};
    return entry;
}

std::string sessionProblem(const JournalSession& session) {
    if (auto problem = validate(session.rules); !problem.empty()) return "rules: " + problem;
    if (numberOf(session.rules.deal) < 0 || numberOf(session.rules.deal) > 1) return "rules: an unknown deal";
    if (numberOf(session.rules.refill) < 0 || numberOf(session.rules.refill) > 1) return "rules: an unknown refill";
    return {};
}

// Reads the current row's INTEGER column `index`, else says why not (NULL, text, a real).
bool journalInteger(sqlite3_stmt* row, int index, std::int64_t& out) {
    if (sqlite3_column_type(row, index) != SQLITE_INTEGER) return false;
    out = sqlite3_column_int64(row, index);
    return true;
}

bool journalText(sqlite3_stmt* row, int index, std::string& out) {
    if (sqlite3_column_type(row, index) != SQLITE_TEXT) return false;
    const auto* text = sqlite3_column_text(row, index);
    const int bytes = sqlite3_column_bytes(row, index);
    out.assign(reinterpret_cast<const char*>(text), static_cast<std::size_t>(bytes));
    return true;
}

} // namespace

struct MatchJournal::Impl {
    detail::SqliteDb db; // declared first: closed after every statement is finalized
    std::string file;    // for the messages
    detail::SqliteStatement begin;
    detail::SqliteStatement commit;
    detail::SqliteStatement rollback;
    detail::SqliteStatement beginRead;
    detail::SqliteStatement clearEntries;
    detail::SqliteStatement clearSession;
    detail::SqliteStatement putSession;
    detail::SqliteStatement rekeySession;
    detail::SqliteStatement addEntry;
    detail::SqliteStatement touchSession;
    detail::SqliteStatement readSession;
    detail::SqliteStatement readEntries;

    std::string failure(int code, std::string_view doing) const {
        return detail::sqliteFailure(db, code, {file, "the match journal"}, doing);
    }
    // Ends a transaction a failure left open (a failed COMMIT may or may not have ended it).
    void abandon() {
        if (sqlite3_get_autocommit(db.get()) == 0) rollback.run();
    }

    int bindSession(detail::SqliteStatement& statement, const JournalSession& session) {
        int code = statement.bindText(1, protocol::nonceText(session.clientNonce));
        if (code == SQLITE_OK) code = statement.bindText(2, protocol::nonceText(session.hostNonce));
        if (code == SQLITE_OK) code = statement.bindText(3, session.peer);
        if (code == SQLITE_OK) code = statement.bindText(4, session.peerName);
        return code;
    }
    int writeOpened(const JournalSession& session, std::int64_t wallNowMs) {
        if (const int code = clearEntries.run(); code != SQLITE_OK) return code;
        int code = bindSession(putSession, session);
        if (code == SQLITE_OK) code = putSession.bindInteger(5, static_cast<std::int64_t>(session.dealSeed));
        if (code == SQLITE_OK) code = putSession.bindInteger(6, session.rules.jokers);
        if (code == SQLITE_OK) code = putSession.bindInteger(7, numberOf(session.rules.deal));
        if (code == SQLITE_OK) code = putSession.bindInteger(8, session.rules.handSize);
        if (code == SQLITE_OK) code = putSession.bindInteger(9, numberOf(session.rules.refill));
        if (code == SQLITE_OK) code = putSession.bindInteger(10, wallNowMs);
        if (code != SQLITE_OK) {
            putSession.reset();
            return code;
        }
        return putSession.run();
    }
    int writeRekeyed(const JournalSession& session, bool& noSession) {
        if (const int code = bindSession(rekeySession, session); code != SQLITE_OK) {
            rekeySession.reset();
            return code;
        }
        const int code = rekeySession.run();
        noSession = code == SQLITE_OK && sqlite3_changes(db.get()) == 0;
        return code;
    }
    int writeEntry(const EntryValues& values) {
        for (std::size_t i = 0; i < kEntryColumnCount; ++i) {
            if (const int code = addEntry.bindInteger(static_cast<int>(i) + 1, values[i]); code != SQLITE_OK) {
                addEntry.reset();
                return code;
            }
        }
        return addEntry.run();
    }
    int writeClosed() {
        const int code = clearEntries.run();
        return code != SQLITE_OK ? code : clearSession.run();
    }
    int writeTouch(std::int64_t wallNowMs) {
        if (const int code = touchSession.bindInteger(1, wallNowMs); code != SQLITE_OK) {
            touchSession.reset();
            return code;
        }
        return touchSession.run();
    }
};

MatchJournal::MatchJournal(std::filesystem::path file, std::unique_ptr<Impl> impl)
    : m_file(std::move(file)), m_impl(std::move(impl)) {}

MatchJournal::~MatchJournal() = default;

OpenedJournal MatchJournal::open(const std::filesystem::path& file) {
    auto impl = std::make_unique<Impl>();
    impl->file = file.string();
    const std::string& name = impl->file;
    // The journal holds the session's nonces, which let a player take the seat back: the file
    // is this user's only (mode 0600).
    detail::OpenedSqlite opened = detail::openVersioned({name, "the match journal"}, kJournalMigrations);
    impl->db = std::move(opened.db);
    if (!opened.error.empty()) return {nullptr, std::move(opened.error)};
    const detail::SqliteDb& db = impl->db;

    const std::array<std::pair<detail::SqliteStatement*, const char*>, 12> statements{{
        {&impl->begin, "BEGIN IMMEDIATE"},
        {&impl->commit, "COMMIT"},
        {&impl->rollback, "ROLLBACK"},
        {&impl->beginRead, "BEGIN"},
        {&impl->clearEntries, "DELETE FROM entries"},
        {&impl->clearSession, "DELETE FROM session"},
        {&impl->putSession, "INSERT OR REPLACE INTO session (id, client_nonce, host_nonce, peer, peer_name, deal_seed, "
                            "jokers, deal, hand_size, refill, touched_at) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
                            "?9, ?10)"},
        {&impl->rekeySession, "UPDATE session SET client_nonce = ?1, host_nonce = ?2, peer = ?3, peer_name = ?4 "
                              "WHERE id = 1"},
        {&impl->addEntry, "INSERT INTO entries (game, revision, change, move_kind, move_seat, move_slot, move_pile, "
                          "move_card, seed, jokers, deal, hand_size, refill, proposal, refusal, last_proposal, "
                          "elapsed_ms, user_pause, resume0, resume1) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
                          "?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)"},
        {&impl->touchSession, "UPDATE session SET touched_at = ?1 WHERE id = 1"},
        {&impl->readSession, "SELECT client_nonce, host_nonce, peer, peer_name, deal_seed, jokers, deal, hand_size, "
                             "refill, touched_at FROM session WHERE id = 1"},
        {&impl->readEntries, "SELECT seq, game, revision, change, move_kind, move_seat, move_slot, move_pile, "
                             "move_card, seed, jokers, deal, hand_size, refill, proposal, refusal, last_proposal, "
                             "elapsed_ms, user_pause, resume0, resume1 FROM entries ORDER BY seq"},
    }};
    for (const auto& [statement, sql] : statements) {
        if (const int code = statement->prepare(db.get(), sql); code != SQLITE_OK) {
            if ((code & 0xff) == SQLITE_ERROR) {
                return {nullptr, "the match journal " + name + " is not a speed match journal (" + db.message() + ")"};
            }
            return {nullptr, impl->failure(code, "open")};
        }
    }
    return {std::unique_ptr<MatchJournal>(new MatchJournal(file, std::move(impl))), {}};
}

std::string MatchJournal::write(const std::vector<protocol::JournalRecord>& records, std::int64_t wallNowMs) {
    Impl& journal = *m_impl;
    // Checked before anything starts: a record the journal could not read back is not written.
    for (std::size_t i = 0; i < records.size(); ++i) {
        std::string problem;
        if (const auto* entry = std::get_if<JournalEntry>(&records[i])) {
            problem = entryValuesProblem(entryValuesOf(*entry));
        } else if (const auto* opened = std::get_if<protocol::JournalOpened>(&records[i])) {
            problem = sessionProblem(opened->session);
        }
        if (!problem.empty()) {
            return "cannot write the match journal " + journal.file + ": record " + std::to_string(i + 1) + ": " +
                   problem;
        }
    }

    if (const int code = journal.begin.run(); code != SQLITE_OK) return journal.failure(code, "write");
    for (std::size_t i = 0; i < records.size(); ++i) {
        bool noSession = false;
        const int code = std::visit(
            [&](const auto& record) {
                using Record = std::decay_t<decltype(record)>;
                if constexpr (std::is_same_v<Record, protocol::JournalOpened>) {
                    return journal.writeOpened(record.session, wallNowMs);
                } else if constexpr (std::is_same_v<Record, protocol::JournalRekeyed>) {
                    return journal.writeRekeyed(record.session, noSession);
                } else if constexpr (std::is_same_v<Record, JournalEntry>) {
                    return journal.writeEntry(entryValuesOf(record));
                } else {
                    return journal.writeClosed();
                }
            },
            records[i]);
        if (code != SQLITE_OK || noSession) {
            std::string error = noSession ? "cannot write the match journal " + journal.file + ": record " +
                                                std::to_string(i + 1) + " gives a new session to no match"
                                          : journal.failure(code, "write");
            journal.abandon();
            return error;
        }
    }
    int code = journal.writeTouch(wallNowMs);
    if (code == SQLITE_OK) code = journal.commit.run();
    if (code != SQLITE_OK) {
        std::string error = journal.failure(code, "write");
        journal.abandon();
        return error;
    }
    return {};
}

std::string MatchJournal::touch(std::int64_t wallNowMs) {
    if (const int code = m_impl->writeTouch(wallNowMs); code != SQLITE_OK) return m_impl->failure(code, "write");
    return {};
}

LoadedMatch MatchJournal::load() const {
    Impl& journal = *m_impl;
    LoadedMatch loaded;
    const auto fail = [&](std::string error) {
        journal.readSession.reset();
        journal.readEntries.reset();
        journal.abandon();
        loaded = LoadedMatch{};
        loaded.error = std::move(error);
        return loaded;
    };
    // One read transaction: the session and its entries as of the same commit.
    if (const int code = journal.beginRead.run(); code != SQLITE_OK) return fail(journal.failure(code, "read"));

    sqlite3_stmt* row = journal.readSession.get();
    int code = journal.readSession.step();
    if (code == SQLITE_DONE) { // no match
        journal.readSession.reset();
        journal.abandon();
        return loaded;
    }
    if (code != SQLITE_ROW) return fail(journal.failure(code, "read"));

    const std::string where = "the match journal " + journal.file;
    protocol::MatchRecord match;
    JournalSession& session = match.session;
    std::array<std::string, 2> nonces;
    std::array<std::int64_t, 6> numbers{}; // deal_seed, jokers, deal, hand_size, refill, touched_at
    for (int i = 0; i < 2; ++i) {
        if (!journalText(row, i, nonces[static_cast<std::size_t>(i)])) {
            return fail(where + ", session: " + sqlite3_column_name(row, i) + " is not text");
        }
    }
    if (!journalText(row, 2, session.peer)) return fail(where + ", session: peer is not text");
    if (!journalText(row, 3, session.peerName)) return fail(where + ", session: peer_name is not text");
    for (int i = 0; i < 6; ++i) {
        if (!journalInteger(row, 4 + i, numbers[static_cast<std::size_t>(i)])) {
            return fail(where + ", session: " + sqlite3_column_name(row, 4 + i) + " is not an integer");
        }
    }
    journal.readSession.reset();
    const auto clientNonce = protocol::nonceFromText(nonces[0]);
    const auto hostNonce = protocol::nonceFromText(nonces[1]);
    if (!clientNonce) return fail(where + ", session: client_nonce is not 16 hex digits");
    if (!hostNonce) return fail(where + ", session: host_nonce is not 16 hex digits");
    session.clientNonce = *clientNonce;
    session.hostNonce = *hostNonce;
    session.dealSeed = static_cast<std::uint64_t>(numbers[0]);
    for (std::size_t i = 1; i <= 4; ++i) {
        const auto& column = kEntryColumns[kJokers + i - 1]; // the same ranges as an entry's rules
        if (numbers[i] < column.low || numbers[i] > column.high) {
            return fail(where + ", session: " + column.name + " " + std::to_string(numbers[i]) + " is out of range (" +
                        std::to_string(column.low) + ".." + std::to_string(column.high) + ")");
        }
    }
    session.rules = rulesFrom(numbers[1], numbers[2], numbers[3], numbers[4]);
    if (auto problem = validate(session.rules); !problem.empty()) return fail(where + ", session: rules: " + problem);
    const std::int64_t touchedAt = numbers[5];

    row = journal.readEntries.get();
    while ((code = journal.readEntries.step()) == SQLITE_ROW) {
        const std::string seq = std::to_string(sqlite3_column_int64(row, 0));
        EntryValues values{};
        for (std::size_t i = 0; i < kEntryColumnCount; ++i) {
            if (!journalInteger(row, static_cast<int>(i) + 1, values[i])) {
                return fail(where + ", entry seq " + seq + ": " + kEntryColumns[i].name + " is not an integer");
            }
        }
        if (auto problem = entryValuesProblem(values); !problem.empty()) {
            return fail(where + ", entry seq " + seq + ": " + problem);
        }
        match.entries.push_back(entryFromValues(values));
    }
    if (code != SQLITE_DONE) return fail(journal.failure(code, "read"));
    journal.readEntries.reset();
    journal.abandon(); // ends the read transaction

    loaded.match = std::move(match);
    loaded.touchedAtMs = touchedAt;
    return loaded;
}

} // namespace speed::store
