#include "MatchJournalImpl.hpp"

#include <type_traits>
#include <variant>

// Writing a match journal: the records of a match applied in one transaction, and the session's
// wall-clock stamp.
namespace speed::store {

using detail::EntryValues;
using detail::kEntryColumnCount;
using detail::numberOf;
using protocol::JournalEntry;
using protocol::JournalSession;

namespace {

// Empty when every record can be written and read back; else which one cannot, and why.
std::string recordsProblem(const std::vector<protocol::JournalRecord>& records, const std::string& file) {
    for (std::size_t i = 0; i < records.size(); ++i) {
        std::string problem;
        if (const auto* entry = std::get_if<JournalEntry>(&records[i])) {
            problem = detail::entryValuesProblem(detail::entryValuesOf(*entry));
        } else if (const auto* opened = std::get_if<protocol::JournalOpened>(&records[i])) {
            problem = detail::sessionProblem(opened->session);
        }
        if (!problem.empty()) {
            return "cannot write the match journal " + file + ": record " + std::to_string(i + 1) + ": " + problem;
        }
    }
    return {};
}

} // namespace

int MatchJournal::Impl::bindSession(detail::SqliteStatement& statement, const JournalSession& session) {
    int code = statement.bindText(1, protocol::nonceText(session.clientNonce));
    if (code == SQLITE_OK) code = statement.bindText(2, protocol::nonceText(session.hostNonce));
    if (code == SQLITE_OK) code = statement.bindText(3, session.peer);
    if (code == SQLITE_OK) code = statement.bindText(4, session.peerName);
    return code;
}

int MatchJournal::Impl::writeOpened(const JournalSession& session, std::int64_t wallNowMs) {
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

int MatchJournal::Impl::writeRekeyed(const JournalSession& session, bool& noSession) {
    if (const int code = bindSession(rekeySession, session); code != SQLITE_OK) {
        rekeySession.reset();
        return code;
    }
    const int code = rekeySession.run();
    noSession = code == SQLITE_OK && sqlite3_changes(db.get()) == 0;
    return code;
}

int MatchJournal::Impl::writeEntry(const EntryValues& values) {
    for (std::size_t i = 0; i < kEntryColumnCount; ++i) {
        if (const int code = addEntry.bindInteger(static_cast<int>(i) + 1, values[i]); code != SQLITE_OK) {
            addEntry.reset();
            return code;
        }
    }
    return addEntry.run();
}

int MatchJournal::Impl::writeClosed() {
    const int code = clearEntries.run();
    return code != SQLITE_OK ? code : clearSession.run();
}

int MatchJournal::Impl::writeTouch(std::int64_t wallNowMs) {
    if (const int code = touchSession.bindInteger(1, wallNowMs); code != SQLITE_OK) {
        touchSession.reset();
        return code;
    }
    return touchSession.run();
}

std::string MatchJournal::write(const std::vector<protocol::JournalRecord>& records, std::int64_t wallNowMs) {
    Impl& journal = *m_impl;
    // Checked before anything starts: a record the journal could not read back is not written.
    if (std::string problem = recordsProblem(records, journal.file); !problem.empty()) {
        return journal.refuse(std::move(problem), StoreProblemKind::CannotWriteJournal);
    }

    if (const int code = journal.begin.run(); code != SQLITE_OK)
        return journal.failure(code, "write", StoreProblemKind::CannotWriteJournal);
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
                    return journal.writeEntry(detail::entryValuesOf(record));
                } else {
                    return journal.writeClosed();
                }
            },
            records[i]);
        if (code != SQLITE_OK || noSession) {
            std::string error = noSession
                                    ? journal.refuse("cannot write the match journal " + journal.file + ": record " +
                                                         std::to_string(i + 1) + " gives a new session to no match",
                                                     StoreProblemKind::CannotWriteJournal)
                                    : journal.failure(code, "write", StoreProblemKind::CannotWriteJournal);
            journal.abandon();
            return error;
        }
    }
    int code = journal.writeTouch(wallNowMs);
    if (code == SQLITE_OK) code = journal.commit.run();
    if (code != SQLITE_OK) {
        std::string error = journal.failure(code, "write", StoreProblemKind::CannotWriteJournal);
        journal.abandon();
        return error;
    }
    return {};
}

std::string MatchJournal::touch(std::int64_t wallNowMs) {
    if (const int code = m_impl->writeTouch(wallNowMs); code != SQLITE_OK)
        return m_impl->failure(code, "write", StoreProblemKind::CannotWriteJournal);
    return {};
}

} // namespace speed::store
