#pragma once

#include "speed/protocol/Continuity.hpp"
#include "speed/store/StoreProblem.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

// A host's durable journal of its match (docs/NETWORK.md, "Coming back"), in SQLite: one
// session row and the entries of the match, oldest first. Write-ahead logging with
// synchronous=NORMAL: when write() returns, the records are in the operating system's hands, so
// a host that restarts after being killed (or another process opening the same file) reads back
// exactly what was written. Beside the database, a small commit record (`<file>-committed`)
// says what was committed: a database that lost its last commits (a write-ahead log cut short or
// damaged while the host was down) or that a write failed to reach reads back `damage`d, never as
// an older complete match. One object is used by one thread at a time; another connection holding
// the file's write lock makes write() fail after a short wait (about 200 ms), it never blocks
// longer.
namespace speed::store {

class MatchJournal;

struct OpenedJournal {
    std::unique_ptr<MatchJournal> journal;
    std::string error; // set when journal is not: the file cannot be opened, written or read
    StoreProblemKind kind = StoreProblemKind::CannotOpenJournal; // why, when error is set
    std::string systemText; // SQLite's or the operating system's words, when they say why
};

struct LoadedMatch {
    std::optional<protocol::MatchRecord> match; // nothing: no match in the journal (not an error)
    std::int64_t touchedAtMs = 0;               // wall clock of the last write() or touch()
    std::string error;                          // the journal holds something no match can be
    // Set when the journal holds less than it committed, or a write failed during the match: why,
    // in English. `match` then holds what could be read, its session at least (from the commit
    // record when the database lost it), so that the returning player can be told.
    std::string damage;
};

class MatchJournal {
public:
    static constexpr int kSchemaVersion = 2; // PRAGMA user_version of the files this one writes

    // Opens (creating when missing) the journal at `file`; its folder must exist. Errors name
    // the file: "... is locked by another program", "... is not a database", a newer schema.
    static OpenedJournal open(const std::filesystem::path& file);
    // The commit record kept beside the journal at `file`.
    static std::filesystem::path commitRecordOf(const std::filesystem::path& file);
    // Whether `records` start a new match or end one: the only records a journal takes after a
    // failed write.
    static bool startsAfresh(const std::vector<protocol::JournalRecord>& records);

    ~MatchJournal(); // closes the database
    MatchJournal(const MatchJournal&) = delete;
    MatchJournal& operator=(const MatchJournal&) = delete;

    // Applies the records in order, in one transaction, and stamps the session with wallNowMs:
    // Opened forgets the old match and starts this one, Rekeyed gives the match the returning
    // player's session (nonces, peer, name; the entries stay), an entry is appended, Closed
    // forgets the match. Empty on success; else nothing of `records` was applied, and the journal
    // is unusable: a later record of this match would follow a gap and read back as a complete
    // older game, so none is written (refused with an error) until records that start afresh.
    std::string write(const std::vector<protocol::JournalRecord>& records, std::int64_t wallNowMs);
    // Stamps the session (when there is one) with wallNowMs only. Empty on success; a failure
    // makes the journal unusable as write()'s does.
    std::string touch(std::int64_t wallNowMs);
    // What the journal holds, compared with its commit record. A value out of range is an error
    // naming its row, never a guess; a journal behind its commit record is `damage`d (and unusable).
    LoadedMatch load();
    // After a failure (or a load() that found damage) until records that start afresh.
    bool unusable() const;
    // Whether a restarted host would find this journal damaged too: false when even the commit
    // record could not say that a write failed, so the journal's files must be deleted.
    bool unusableOnDisk() const;
    // The latest failure of write(), touch() or load() as a value: its kind, this file, SQLite's
    // words and the sentence they returned.
    StoreProblem lastProblem() const;

    const std::filesystem::path& file() const { return m_file; }

private:
    struct Impl;
    MatchJournal(std::filesystem::path file, std::unique_ptr<Impl> impl);

    std::filesystem::path m_file;
    std::unique_ptr<Impl> m_impl;
};

} // namespace speed::store
