#pragma once

#include "MatchJournalMark.hpp"
#include "MatchJournalSchema.hpp"
#include "SqliteHandle.hpp"

#include "speed/store/MatchJournal.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// What an open match journal holds: its connection and the statements prepared once by
// MatchJournal::open. Shared by the files that write (MatchJournalWriting.cpp) and read
// (MatchJournalReading.cpp) the journal.
namespace speed::store {

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

    detail::SqliteProblem last; // the latest failure, as MatchJournal::lastProblem() gives it

    detail::MarkFile mark; // the commit record
    // What the commit record says now: known once load() found the database complete, or a write
    // was committed; unknown after a failure.
    std::optional<detail::CommitMark> committed;
    bool unusable = false;      // a write failed, or load() found damage: see MatchJournal::write
    bool unusableOnDisk = true; // the commit record says so (or load() found it on disk)

    // SQLite's failure in this program's words, kept as the latest; `otherwise` is its kind
    // when SQLite does not say more (locked, not a database, damaged).
    std::string failure(int code, std::string_view doing, StoreProblemKind otherwise) {
        last = detail::sqliteProblem(db, code, {file, "the match journal"}, doing, otherwise);
        return last.error;
    }
    // A failure the journal itself finds (a record it cannot write, a row no match can hold).
    std::string refuse(std::string error, StoreProblemKind kind) {
        last = {error, kind, {}};
        return error;
    }
    // Ends a transaction a failure left open (a failed COMMIT may or may not have ended it).
    void abandon() {
        if (sqlite3_get_autocommit(db.get()) == 0) rollback.run();
    }

    // One record each, inside the transaction write() holds; SQLite's code.
    int writeOpened(const protocol::JournalSession& session, std::int64_t wallNowMs, std::uint64_t matchId);
    int writeRekeyed(const protocol::JournalSession& session, bool& noSession);
    int writeEntry(const detail::EntryValues& values);
    int writeClosed();
    int writeTouch(std::int64_t wallNowMs);
    // The records in one transaction; empty, else why not (nothing of them was applied).
    std::string commitRecords(const std::vector<protocol::JournalRecord>& records, std::int64_t wallNowMs,
                              std::uint64_t matchId);
    // MatchJournal::load().
    LoadedMatch load();
    // Reads every entry row, oldest first, inside load()'s transaction. Empty, else what is wrong
    // (a value out of range names `where` and the entry's seq).
    std::string readEntryRows(const std::string& where, std::vector<protocol::JournalEntry>& entries);
    // The database's match and its id (0: none, or a file of schema 1), in `loaded`; empty, else why not.
    std::string readDatabase(LoadedMatch& loaded, std::uint64_t& matchId);

    // A failure: no later record of this match is written, and the commit record says so (when it
    // cannot, unusableOnDisk turns false). Returns `error`.
    std::string fail(std::string error);
    // The commit record of what the database holds, read back when not yet known. Empty, else why not.
    std::string establish();

private:
    int bindSession(detail::SqliteStatement& statement, const protocol::JournalSession& session);
};

} // namespace speed::store
