#include "MatchJournalImpl.hpp"

#include <array>
#include <utility>

// Reading a match journal back: the session row and the entries, as of one commit, each value
// checked against its column's range before it becomes part of a match.
namespace speed::store {

using detail::EntryValues;
using detail::kEntryColumnCount;
using detail::kEntryColumns;
using protocol::JournalSession;

namespace {

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

// The session's columns as they are stored: the nonces as text, the numbers as integers.
struct StoredSession {
    std::array<std::string, 2> nonces;     // client_nonce, host_nonce
    std::array<std::int64_t, 7> numbers{}; // deal_seed, jokers, deal, hand_size, refill, touched_at, match_id
};

// Copies the session row's columns; empty, else which column has the wrong type.
std::string storedSessionOf(sqlite3_stmt* row, JournalSession& session, StoredSession& stored) {
    for (int i = 0; i < 2; ++i) {
        if (!journalText(row, i, stored.nonces[static_cast<std::size_t>(i)])) {
            return std::string(sqlite3_column_name(row, i)) + " is not text";
        }
    }
    if (!journalText(row, 2, session.peer)) return "peer is not text";
    if (!journalText(row, 3, session.peerName)) return "peer_name is not text";
    for (int i = 0; i < 7; ++i) {
        if (!journalInteger(row, 4 + i, stored.numbers[static_cast<std::size_t>(i)])) {
            return std::string(sqlite3_column_name(row, 4 + i)) + " is not an integer";
        }
    }
    return {};
}

// Turns the stored columns into the session; empty, else which value no session can hold.
std::string sessionFromStored(const StoredSession& stored, JournalSession& session) {
    const auto clientNonce = protocol::nonceFromText(stored.nonces[0]);
    const auto hostNonce = protocol::nonceFromText(stored.nonces[1]);
    if (!clientNonce) return "client_nonce is not 16 hex digits";
    if (!hostNonce) return "host_nonce is not 16 hex digits";
    session.clientNonce = *clientNonce;
    session.hostNonce = *hostNonce;
    const auto& numbers = stored.numbers;
    session.dealSeed = static_cast<std::uint64_t>(numbers[0]);
    for (std::size_t i = 1; i <= 4; ++i) {
        const auto& column = kEntryColumns[detail::kJokers + i - 1]; // the same ranges as an entry's rules
        if (numbers[i] < column.low || numbers[i] > column.high) {
            return std::string(column.name) + " " + std::to_string(numbers[i]) + " is out of range (" +
                   std::to_string(column.low) + ".." + std::to_string(column.high) + ")";
        }
    }
    session.rules = detail::rulesFrom(numbers[1], numbers[2], numbers[3], numbers[4]);
    if (auto problem = validate(session.rules); !problem.empty()) return "rules: " + problem;
    return {};
}

// Reads the current entries row; empty, else which value no entry can hold.
std::string entryValuesOfRow(sqlite3_stmt* row, EntryValues& values) {
    for (std::size_t i = 0; i < kEntryColumnCount; ++i) {
        if (!journalInteger(row, static_cast<int>(i) + 1, values[i])) {
            return std::string(kEntryColumns[i].name) + " is not an integer";
        }
    }
    return detail::entryValuesProblem(values);
}

} // namespace

std::string MatchJournal::Impl::readDatabase(LoadedMatch& loaded, std::uint64_t& matchId) {
    const auto fail = [&](std::string error) {
        readSession.reset();
        readEntries.reset();
        abandon();
        return error;
    };
    // One read transaction: the session and its entries as of the same commit.
    if (const int code = beginRead.run(); code != SQLITE_OK)
        return fail(failure(code, "read", StoreProblemKind::CannotReadJournal));

    const int code = readSession.step();
    if (code == SQLITE_DONE) { // no match
        readSession.reset();
        abandon();
        return {};
    }
    if (code != SQLITE_ROW) return fail(failure(code, "read", StoreProblemKind::CannotReadJournal));

    const std::string where = "the match journal " + file;
    protocol::MatchRecord match;
    StoredSession stored;
    if (auto problem = storedSessionOf(readSession.get(), match.session, stored); !problem.empty()) {
        return fail(refuse(where + ", session: " + problem, StoreProblemKind::NotAJournal));
    }
    readSession.reset();
    if (auto problem = sessionFromStored(stored, match.session); !problem.empty()) {
        return fail(refuse(where + ", session: " + problem, StoreProblemKind::NotAJournal));
    }
    if (auto problem = readEntryRows(where, match.entries); !problem.empty()) return fail(std::move(problem));
    abandon(); // ends the read transaction

    loaded.match = std::move(match);
    loaded.touchedAtMs = stored.numbers[5];
    matchId = static_cast<std::uint64_t>(stored.numbers[6]);
    return {};
}

LoadedMatch MatchJournal::Impl::load() {
    LoadedMatch loaded;
    std::uint64_t matchId = 0;
    if (std::string error = readDatabase(loaded, matchId); !error.empty()) {
        loaded.error = std::move(error);
        return loaded;
    }
    detail::CommitMark recorded;
    int markError = 0;
    const detail::MarkFile::Found found = mark.read(recorded, markError);
    const detail::CommitMark held = detail::markOfHeld(loaded.match ? &*loaded.match : nullptr, matchId);
    std::string damage =
        detail::damageOf(found, recorded, held,
                         loaded.match ? loaded.match->entries : std::vector<protocol::JournalEntry>{}, mark.path());
    if (damage.empty()) {
        committed = held; // at least what the record says: the database may be one commit ahead
        unusable = false;
        return loaded;
    }
    // The session is known from the commit record when the database lost it: the returning
    // player can be told.
    if (!loaded.match) {
        loaded.match.emplace();
        loaded.match->session.clientNonce = recorded.clientNonce;
        loaded.match->session.hostNonce = recorded.hostNonce;
    }
    committed.reset();
    unusable = true;
    unusableOnDisk = true; // a restarted host finds the same
    loaded.damage = refuse("the match journal " + file + " " + damage, StoreProblemKind::JournalIncomplete);
    return loaded;
}

LoadedMatch MatchJournal::load() {
    return m_impl->load();
}

std::string MatchJournal::Impl::readEntryRows(const std::string& where, std::vector<protocol::JournalEntry>& entries) {
    sqlite3_stmt* row = readEntries.get();
    int code = SQLITE_ROW;
    while ((code = readEntries.step()) == SQLITE_ROW) {
        EntryValues values{};
        if (auto problem = entryValuesOfRow(row, values); !problem.empty()) {
            return refuse(where + ", entry seq " + std::to_string(sqlite3_column_int64(row, 0)) + ": " + problem,
                          StoreProblemKind::NotAJournal);
        }
        entries.push_back(detail::entryFromValues(values));
    }
    if (code != SQLITE_DONE) return failure(code, "read", StoreProblemKind::CannotReadJournal);
    readEntries.reset();
    return {};
}

StoreProblem MatchJournal::lastProblem() const {
    return {m_impl->last.kind, m_file, m_impl->last.systemText, m_impl->last.error, KeeperEffect::None};
}

} // namespace speed::store
