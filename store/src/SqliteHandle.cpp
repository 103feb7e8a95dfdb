#include "SqliteHandle.hpp"

#include <cstdint>
#include <cstring>
#include <limits>

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

void SqliteStatement::reset() {
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
}

int SqliteStatement::run() {
    int result = SQLITE_ROW;
    while (result == SQLITE_ROW) result = sqlite3_step(m_statement);
    reset();
    return result == SQLITE_DONE ? SQLITE_OK : result;
}

} // namespace speed::store::detail
