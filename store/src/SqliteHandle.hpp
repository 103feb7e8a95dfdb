#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

// The little of SQLite's C API the journal uses, owned: a connection and prepared statements,
// each closed or finalized by its destructor.
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
    int step() { return sqlite3_step(m_statement); }
    void reset();
    // step() to the end and reset(): SQLITE_OK when it ran to SQLITE_DONE, else the failure.
    int run();

private:
    sqlite3_stmt* m_statement = nullptr;
};

} // namespace speed::store::detail
