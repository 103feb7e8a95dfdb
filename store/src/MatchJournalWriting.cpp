#include "MatchJournalImpl.hpp"
#include "PosixFiles.hpp"

#include <algorithm>
#include <chrono>
#include <type_traits>
#include <variant>

#include <sys/random.h>
#include <unistd.h>

// Writing a match journal: the records of a match applied in one transaction, then the commit
// record; the session's wall-clock stamp; and a failure, after which the match's records stop.
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

// Why an unusable journal refuses a record.
std::string refusalAfterFailure(const std::string& file) {
    return "the match journal " + file +
           " takes no more records of this match after a failed write (they would follow a gap)";
}

// A new match's id: random, so that an older match left in the file is never taken for it.
std::uint64_t newMatchId() {
    std::uint64_t id = 0;
    if (::getrandom(&id, sizeof id, GRND_NONBLOCK) != static_cast<ssize_t>(sizeof id)) {
        const auto now = std::chrono::steady_clock::now().time_since_epoch().count();
        id = static_cast<std::uint64_t>(now) ^ (static_cast<std::uint64_t>(::getpid()) << 40U);
    }
    return id == 0 ? 1 : id;
}

// The commit record once `records` are committed after `mark`.
detail::CommitMark markAfter(detail::CommitMark mark, const std::vector<protocol::JournalRecord>& records,
                             std::uint64_t matchId) {
    for (const auto& record : records) {
        if (const auto* opened = std::get_if<protocol::JournalOpened>(&record)) {
            mark = {
                detail::MarkState::Live,    matchId, opened->session.clientNonce, opened->session.hostNonce, 0, 0, 0,
                detail::chainStart(matchId)};
        } else if (const auto* rekeyed = std::get_if<protocol::JournalRekeyed>(&record)) {
            mark.clientNonce = rekeyed->session.clientNonce;
            mark.hostNonce = rekeyed->session.hostNonce;
        } else if (const auto* entry = std::get_if<JournalEntry>(&record)) {
            if (mark.state != detail::MarkState::Live) continue; // no match: load() reads none back
            ++mark.entries;
            mark.game = entry->game;
            mark.revision = entry->revision;
            mark.chain = detail::chainNext(mark.chain, detail::entryValuesOf(*entry));
        } else {
            mark = {};
        }
    }
    return mark;
}

} // namespace

int MatchJournal::Impl::bindSession(detail::SqliteStatement& statement, const JournalSession& session) {
    int code = statement.bindText(1, protocol::nonceText(session.clientNonce));
    if (code == SQLITE_OK) code = statement.bindText(2, protocol::nonceText(session.hostNonce));
    if (code == SQLITE_OK) code = statement.bindText(3, session.peer);
    if (code == SQLITE_OK) code = statement.bindText(4, session.peerName);
    return code;
}

int MatchJournal::Impl::writeOpened(const JournalSession& session, std::int64_t wallNowMs, std::uint64_t matchId) {
    if (const int code = clearEntries.run(); code != SQLITE_OK) return code;
    int code = bindSession(putSession, session);
    if (code == SQLITE_OK) code = putSession.bindInteger(5, static_cast<std::int64_t>(session.dealSeed));
    if (code == SQLITE_OK) code = putSession.bindInteger(6, session.rules.jokers);
    if (code == SQLITE_OK) code = putSession.bindInteger(7, numberOf(session.rules.deal));
    if (code == SQLITE_OK) code = putSession.bindInteger(8, session.rules.handSize);
    if (code == SQLITE_OK) code = putSession.bindInteger(9, numberOf(session.rules.refill));
    if (code == SQLITE_OK) code = putSession.bindInteger(10, wallNowMs);
    if (code == SQLITE_OK) code = putSession.bindInteger(11, static_cast<std::int64_t>(matchId));
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

std::string MatchJournal::Impl::commitRecords(const std::vector<protocol::JournalRecord>& records,
                                              std::int64_t wallNowMs, std::uint64_t matchId) {
    if (const int code = begin.run(); code != SQLITE_OK)
        return failure(code, "write", StoreProblemKind::CannotWriteJournal);
    for (std::size_t i = 0; i < records.size(); ++i) {
        bool noSession = false;
        const int code = std::visit(
            [&](const auto& record) {
                using Record = std::decay_t<decltype(record)>;
                if constexpr (std::is_same_v<Record, protocol::JournalOpened>) {
                    return writeOpened(record.session, wallNowMs, matchId);
                } else if constexpr (std::is_same_v<Record, protocol::JournalRekeyed>) {
                    return writeRekeyed(record.session, noSession);
                } else if constexpr (std::is_same_v<Record, JournalEntry>) {
                    return writeEntry(detail::entryValuesOf(record));
                } else {
                    return writeClosed();
                }
            },
            records[i]);
        if (code != SQLITE_OK || noSession) {
            std::string error = noSession ? refuse("cannot write the match journal " + file + ": record " +
                                                       std::to_string(i + 1) + " gives a new session to no match",
                                                   StoreProblemKind::CannotWriteJournal)
                                          : failure(code, "write", StoreProblemKind::CannotWriteJournal);
            abandon();
            return error;
        }
    }
    int code = writeTouch(wallNowMs);
    if (code == SQLITE_OK) code = commit.run();
    if (code != SQLITE_OK) {
        std::string error = failure(code, "write", StoreProblemKind::CannotWriteJournal);
        abandon();
        return error;
    }
    return {};
}

std::string MatchJournal::Impl::fail(std::string error) {
    detail::CommitMark broken;
    int ignored = 0;
    if (committed) {
        broken = *committed;
    } else if (mark.read(broken, ignored) != detail::MarkFile::Found::Fine) {
        broken = {};
    }
    broken.state = detail::MarkState::Unusable;
    unusable = true;
    unusableOnDisk = mark.write(broken) == 0;
    committed.reset();
    return error;
}

std::string MatchJournal::Impl::establish() {
    if (committed) return {};
    LoadedMatch loaded = load();
    if (!loaded.error.empty()) return fail(std::move(loaded.error));
    return loaded.damage; // load() made the journal unusable
}

std::string MatchJournal::write(const std::vector<protocol::JournalRecord>& records, std::int64_t wallNowMs) {
    Impl& journal = *m_impl;
    const bool afresh = startsAfresh(records);
    // Checked before anything starts: a record the journal could not read back is not written.
    if (std::string problem = recordsProblem(records, journal.file); !problem.empty()) {
        return journal.fail(journal.refuse(std::move(problem), StoreProblemKind::CannotWriteJournal));
    }
    if (journal.unusable && !afresh)
        return journal.refuse(refusalAfterFailure(journal.file), StoreProblemKind::CannotWriteJournal);
    if (!afresh && !records.empty()) {
        if (std::string error = journal.establish(); !error.empty()) return error;
    }
    const bool opens = std::any_of(records.begin(), records.end(), [](const protocol::JournalRecord& record) {
        return std::holds_alternative<protocol::JournalOpened>(record);
    });
    const std::uint64_t matchId = opens ? newMatchId() : 0;
    const detail::CommitMark from = afresh ? detail::CommitMark{} : journal.committed.value_or(detail::CommitMark{});
    const detail::CommitMark next = markAfter(from, records, matchId);
    if (std::string error = journal.commitRecords(records, wallNowMs, matchId); !error.empty()) {
        return journal.fail(std::move(error));
    }
    if (records.empty()) return {};
    // After the commit: a host killed in between finds the database ahead of the record, which
    // load() accepts (what the record says comes first); never the record ahead of the database.
    if (const int error = journal.mark.write(next); error != 0) {
        return journal.fail(journal.refuse("cannot write the commit record " + journal.mark.path() +
                                               " of the match journal: " + detail::errnoText(error),
                                           StoreProblemKind::CannotWriteJournal));
    }
    journal.committed = next;
    journal.unusable = false;
    journal.unusableOnDisk = true;
    return {};
}

std::string MatchJournal::touch(std::int64_t wallNowMs) {
    Impl& journal = *m_impl;
    if (journal.unusable)
        return journal.refuse(refusalAfterFailure(journal.file), StoreProblemKind::CannotWriteJournal);
    if (const int code = journal.writeTouch(wallNowMs); code != SQLITE_OK)
        return journal.fail(journal.failure(code, "write", StoreProblemKind::CannotWriteJournal));
    return {};
}

} // namespace speed::store
