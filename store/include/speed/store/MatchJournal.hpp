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
// synchronous=FULL: when write() returns, the records are on disk, so a host that restarts
// (or another process opening the same file) reads back exactly what was written. One object is
// used by one thread at a time; another connection holding the file's write lock makes write()
// fail after a short wait (about 200 ms), it never blocks longer.
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
};

class MatchJournal {
public:
    static constexpr int kSchemaVersion = 1; // PRAGMA user_version of the files this one writes

    // Opens (creating when missing) the journal at `file`; its folder must exist. Errors name
    // the file: "... is locked by another program", "... is not a database", a newer schema.
    static OpenedJournal open(const std::filesystem::path& file);

    ~MatchJournal(); // closes the database
    MatchJournal(const MatchJournal&) = delete;
    MatchJournal& operator=(const MatchJournal&) = delete;

    // Applies the records in order, in one transaction, and stamps the session with wallNowMs:
    // Opened forgets the old match and starts this one, Rekeyed gives the match the returning
    // player's session (nonces, peer, name; the entries stay), an entry is appended, Closed
    // forgets the match. Empty on success; else nothing of `records` was applied.
    std::string write(const std::vector<protocol::JournalRecord>& records, std::int64_t wallNowMs);
    // Stamps the session (when there is one) with wallNowMs only. Empty on success.
    std::string touch(std::int64_t wallNowMs);
    // What the journal holds. A value out of range is an error naming its row, never a guess.
    LoadedMatch load() const;
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
