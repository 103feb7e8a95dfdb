#pragma once

#include "speed/store/StoreProblem.hpp"

#include <sqlite3.h>

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

// The little of SQLite's C API the store uses, owned: a connection and prepared statements,
// each closed or finalized by its destructor; and how a versioned file is opened.
namespace speed::store::detail {

class SqliteDb {
public:
    SqliteDb() = default;
    explicit SqliteDb(sqlite3* db) : m_db(db) {}
    ~SqliteDb();
    SqliteDb(SqliteDb&& other) noexcept : m_db(other.m_db) { other.m_db = nullptr; }
    SqliteDb& operator=(SqliteDb&& other) noexcept;
    SqliteDb(const SqliteDb&) = delete;
    SqliteDb& operator=(const SqliteDb&) = delete;

    sqlite3* get() const { return m_db; }
    std::string message() const; // sqlite3_errmsg, with the OS's reason when there is one

private:
    sqlite3* m_db = nullptr;
};

// One prepared statement, reused: bind, step, and reset() (which also clears the bindings).
class SqliteStatement {
public:
    SqliteStatement() = default;
    ~SqliteStatement();
    SqliteStatement(SqliteStatement&& other) noexcept : m_statement(other.m_statement) { other.m_statement = nullptr; }
    SqliteStatement& operator=(SqliteStatement&& other) noexcept;
    SqliteStatement(const SqliteStatement&) = delete;
    SqliteStatement& operator=(const SqliteStatement&) = delete;

    // Prepares `sql` (one statement) on `db`, for the statement's lifetime. SQLite's code.
    int prepare(sqlite3* db, std::string_view sql);

    sqlite3_stmt* get() const { return m_statement; }
    int bindInteger(int index, std::int64_t value); // index from 1, as in SQLite
    int bindText(int index, std::string_view text); // copied by SQLite
    int bindNull(int index);
    int step() { return sqlite3_step(m_statement); }
    void reset();
    // step() to the end and reset(): SQLITE_OK when it ran to SQLITE_DONE, else the failure.
    int run();

private:
    sqlite3_stmt* m_statement = nullptr;
};

// One of the store's files as its messages name it: "the match journal /x/journal.sqlite3".
struct SqliteFile {
    std::string path;
    std::string what; // "the match journal", "the statistics"
    std::string named() const { return what + " " + path; }
};

// Why SQLite said no, as a value: the kind (locked, not a database, damaged, else `otherwise`),
// SQLite's own message, and the sentence in this program's words: "... is locked by another
// program", "... is not a database", "... is damaged (...)", else "cannot <doing> <what> <path>:
// <SQLite's message>".
struct SqliteProblem {
    std::string error; // empty: no problem
    StoreProblemKind kind = StoreProblemKind::CannotOpenJournal;
    std::string systemText;
};
SqliteProblem sqliteProblem(const SqliteDb& db, int code, const SqliteFile& file, std::string_view doing,
                            StoreProblemKind otherwise);
// sqliteProblem's sentence only.
std::string sqliteFailure(const SqliteDb& db, int code, const SqliteFile& file, std::string_view doing);
int sqliteExec(const SqliteDb& db, const char* sql);
// PRAGMA user_version, the file's schema version. SQLite's code.
int readUserVersion(const SqliteDb& db, int& version);

struct OpenedSqlite {
    SqliteDb db;       // open and at the newest schema when error is empty
    std::string error; // names the file
    StoreProblemKind kind = StoreProblemKind::CannotOpenJournal; // when error is set
    std::string systemText; // SQLite's or the operating system's words, when they say why
};

// Opens (creating when missing, mode 0600) a file whose schema is versioned by PRAGMA
// user_version: migrations[i] takes it from version i to i + 1. A file of a newer schema is
// refused before anything in it changes; an older one is brought up to date in one write
// transaction (two programs opening a new file do not both create it). Write-ahead logging with
// synchronous=NORMAL. Another connection's lock is waited out for 200 ms at most: long enough for
// its checkpoint, short enough that a file held by another program is an error in a fifth of a
// second, not a host that stops answering or a window that stops drawing.
OpenedSqlite openVersioned(const SqliteFile& file, std::span<const char* const> migrations);

} // namespace speed::store::detail
