#pragma once

#include "MatchJournalSchema.hpp"
#include "SqliteHandle.hpp"

#include "speed/store/MatchJournal.hpp"

#include <cstdint>
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
    int writeOpened(const protocol::JournalSession& session, std::int64_t wallNowMs);
    int writeRekeyed(const protocol::JournalSession& session, bool& noSession);
    int writeEntry(const detail::EntryValues& values);
    int writeClosed();
    int writeTouch(std::int64_t wallNowMs);
    // Reads every entry row, oldest first, inside load()'s transaction. Empty, else what is wrong
    // (a value out of range names `where` and the entry's seq).
    std::string readEntryRows(const std::string& where, std::vector<protocol::JournalEntry>& entries);

private:
    int bindSession(detail::SqliteStatement& statement, const protocol::JournalSession& session);
};

} // namespace speed::store
