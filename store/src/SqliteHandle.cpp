#include "SqliteHandle.hpp"

#include <cstdint>
#include <cstring>
#include <limits>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace speed::store::detail {

SqliteDb::~SqliteDb() {
    if (m_db != nullptr) sqlite3_close(m_db);
}

SqliteDb& SqliteDb::operator=(SqliteDb&& other) noexcept {
    if (this != &other) {
        if (m_db != nullptr) sqlite3_close(m_db);
        m_db = other.m_db;
        other.m_db = nullptr;
    }
    return *this;
}

std::string SqliteDb::message() const {
    if (m_db == nullptr) return "out of memory";
    std::string text = sqlite3_errmsg(m_db);
    if (const int error = sqlite3_system_errno(m_db); error != 0) {
        const std::string reason = std::strerror(error);
        if (text.find(reason) == std::string::npos) text += " (" + reason + ")";
    }
    return text;
}

SqliteStatement::~SqliteStatement() {
    if (m_statement != nullptr) sqlite3_finalize(m_statement);
}

SqliteStatement& SqliteStatement::operator=(SqliteStatement&& other) noexcept {
    if (this != &other) {
        if (m_statement != nullptr) sqlite3_finalize(m_statement);
        m_statement = other.m_statement;
        other.m_statement = nullptr;
    }
    return *this;
}

int SqliteStatement::prepare(sqlite3* db, std::string_view sql) {
    if (m_statement != nullptr) sqlite3_finalize(m_statement);
    m_statement = nullptr;
    if (sql.size() > static_cast<std::size_t>(std::numeric_limits<int>::max())) return SQLITE_TOOBIG;
    return sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &m_statement,
                              nullptr);
}

int SqliteStatement::bindInteger(int index, std::int64_t value) {
    return sqlite3_bind_int64(m_statement, index, static_cast<sqlite3_int64>(value));
}

int SqliteStatement::bindText(int index, std::string_view text) {
    // SQLITE_TRANSIENT: SQLite copies the text, so it need not outlive the call.
    const auto transient = reinterpret_cast<sqlite3_destructor_type>(static_cast<std::intptr_t>(-1));
    const char* data = text.data() != nullptr ? text.data() : ""; // a null pointer would bind NULL
    return sqlite3_bind_text64(m_statement, index, data, text.size(), transient, SQLITE_UTF8);
}

int SqliteStatement::bindNull(int index) {
    return sqlite3_bind_null(m_statement, index);
}

void SqliteStatement::reset() {
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
}

int SqliteStatement::run() {
    int result = SQLITE_ROW;
    while (result == SQLITE_ROW)
        result = sqlite3_step(m_statement);
    reset();
    return result == SQLITE_DONE ? SQLITE_OK : result;
}

SqliteProblem sqliteProblem(const SqliteDb& db, int code, const SqliteFile& file, std::string_view doing,
                            StoreProblemKind otherwise) {
    switch (code & 0xff) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
        return {file.named() + " is locked by another program", StoreProblemKind::JournalLocked, {}};
    case SQLITE_NOTADB:
        return {file.named() + " is not a database", StoreProblemKind::NotADatabase, {}};
    case SQLITE_CORRUPT:
        return {file.named() + " is damaged (" + db.message() + ")", StoreProblemKind::JournalDamaged, db.message()};
    default:
        return {"cannot " + std::string(doing) + " " + file.named() + ": " + db.message(), otherwise, db.message()};
    }
}

std::string sqliteFailure(const SqliteDb& db, int code, const SqliteFile& file, std::string_view doing) {
    return sqliteProblem(db, code, file, doing, StoreProblemKind::CannotOpenJournal).error;
}

int sqliteExec(const SqliteDb& db, const char* sql) {
    return sqlite3_exec(db.get(), sql, nullptr, nullptr, nullptr);
}

int readUserVersion(const SqliteDb& db, int& version) {
    SqliteStatement pragma;
    if (const int code = pragma.prepare(db.get(), "PRAGMA user_version"); code != SQLITE_OK) return code;
    const int code = pragma.step();
    if (code != SQLITE_ROW) return code;
    version = sqlite3_column_int(pragma.get(), 0);
    return SQLITE_OK;
}

namespace {

SqliteProblem newerSchema(const SqliteFile& file, int version, int known) {
    if (version < 0) {
        return {file.named() + " has an unknown schema version " + std::to_string(version),
                StoreProblemKind::NewerJournal,
                {}};
    }
    return {file.named() + " was written by a newer program (schema version " + std::to_string(version) +
                "; this one knows up to " + std::to_string(known) + ")",
            StoreProblemKind::NewerJournal,
            {}};
}

SqliteProblem opening(const SqliteDb& db, int code, const SqliteFile& file) {
    return sqliteProblem(db, code, file, "open", StoreProblemKind::CannotOpenJournal);
}

SqliteProblem migrate(const SqliteDb& db, std::span<const char* const> migrations, const SqliteFile& file) {
    const int newest = static_cast<int>(migrations.size());
    if (const int code = sqliteExec(db, "BEGIN IMMEDIATE"); code != SQLITE_OK) return opening(db, code, file);
    const auto fail = [&](SqliteProblem problem) {
        sqliteExec(db, "ROLLBACK");
        return problem;
    };
    int version = 0;
    if (const int code = readUserVersion(db, version); code != SQLITE_OK) return fail(opening(db, code, file));
    if (version < 0 || version > newest) return fail(newerSchema(file, version, newest));
    if (version == newest) {
        sqliteExec(db, "COMMIT");
        return {};
    }
    for (; version < newest; ++version) {
        if (sqliteExec(db, migrations[static_cast<std::size_t>(version)]) != SQLITE_OK) {
            return fail({"cannot set up " + file.named() + " (schema version " + std::to_string(version + 1) +
                             "): " + db.message(),
                         StoreProblemKind::CannotOpenJournal, db.message()});
        }
    }
    const std::string setVersion = "PRAGMA user_version = " + std::to_string(newest);
    if (const int code = sqliteExec(db, setVersion.c_str()); code != SQLITE_OK) return fail(opening(db, code, file));
    if (const int code = sqliteExec(db, "COMMIT"); code != SQLITE_OK) return fail(opening(db, code, file));
    return {};
}

// Puts the problem into the result (it stays empty when there is none).
void take(OpenedSqlite& opened, SqliteProblem problem) {
    opened.error = std::move(problem.error);
    opened.kind = problem.kind;
    opened.systemText = std::move(problem.systemText);
}

} // namespace

OpenedSqlite openVersioned(const SqliteFile& file, std::span<const char* const> migrations) {
    constexpr int kBusyTimeoutMs = 200;
    OpenedSqlite opened;
    if (file.path.empty()) {
        opened.error = "no file was given for " + file.what;
        return opened;
    }
    // Readable by this user only; SQLite gives its -wal and -shm files the database file's mode.
    if (const int fd = ::open(file.path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600); fd >= 0) {
        ::fchmod(fd, 0600);
        ::close(fd);
    }
    sqlite3* raw = nullptr;
    const int code = sqlite3_open_v2(file.path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
    opened.db = SqliteDb(raw); // owned even when the open failed
    const SqliteDb& db = opened.db;
    if (code != SQLITE_OK) {
        take(opened,
             {"cannot open " + file.named() + ": " + db.message(), StoreProblemKind::CannotOpenJournal, db.message()});
        return opened;
    }
    sqlite3_extended_result_codes(db.get(), 1);
    sqlite3_busy_timeout(db.get(), kBusyTimeoutMs);

    // The version first: a newer program's file is refused before anything in it changes.
    int version = 0;
    if (const int read = readUserVersion(db, version); read != SQLITE_OK) {
        take(opened, opening(db, read, file));
        return opened;
    }
    if (version < 0 || version > static_cast<int>(migrations.size())) {
        take(opened, newerSchema(file, version, static_cast<int>(migrations.size())));
        return opened;
    }
    // Write-ahead logging: a commit appends to the log instead of rewriting pages. With
    // synchronous=NORMAL the commit is in the operating system's hands (written, not fsync'd)
    // when it returns: a program killed at any instant, -9 included, loses nothing and finds
    // no torn record; only a power cut or a kernel crash can take back the last commits. Where
    // the file system cannot share the log's index, SQLite keeps its rollback journal: slower,
    // not an error.
    {
        SqliteStatement walMode;
        int wal = walMode.prepare(db.get(), "PRAGMA journal_mode = WAL");
        if (wal == SQLITE_OK) wal = walMode.run();
        if (wal != SQLITE_OK) {
            take(opened, opening(db, wal, file));
            return opened;
        }
    }
    if (const int sync = sqliteExec(db, "PRAGMA synchronous = NORMAL"); sync != SQLITE_OK) {
        take(opened, opening(db, sync, file));
        return opened;
    }
    take(opened, migrate(db, migrations, file));
    return opened;
}

} // namespace speed::store::detail
