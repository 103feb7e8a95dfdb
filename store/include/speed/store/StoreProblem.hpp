#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

// Why the files that let a match outlive this program could not be written or read, as a
// value: what went wrong, with which file, in the operating system's or SQLite's own words, and
// what it means for the match. The window words it from its own catalogue; describe() gives
// the log its English sentence.
namespace speed::store {

enum class StoreProblemKind {
    CannotCreateFolder, // the state folder (or a folder above it) cannot be made
    CannotUseFolder,    // the state folder is there but cannot be read or written
    StateLocked,        // another program holds the lock on this port's state: it hosts there
    CannotLockState,    // the lock on this port's state cannot be taken (the file cannot be made or locked)
    CannotWriteTicket,  // the resume ticket cannot be written
    CannotRemoveTicket, // the ticket of a match that ended cannot be deleted
    CannotReadTicket,   // the ticket is there but cannot be read
    NotATicket,         // the ticket's file holds something no ticket can be
    CannotOpenJournal,  // the match journal cannot be opened
    JournalLocked,      // another program holds the journal's lock
    NotADatabase,       // the journal's file is not an SQLite database
    JournalDamaged,     // SQLite found the journal's file damaged
    NewerJournal,       // written by a newer program (a schema version this one does not know)
    NotAJournal,        // a database, but not a match journal, or it holds no match that can be
    CannotWriteJournal, // the journal cannot be written
    CannotReadJournal,  // the journal cannot be read
    JournalIncomplete,  // the journal holds less than it committed (a lost tail, a failed write)
};

// What the problem means for the match (the keeper knows which file it was trying to use).
enum class KeeperEffect {
    None,               // nothing beyond the problem itself
    JoinsAsNewPlayer,   // the ticket is unusable: this program joins as a new player
    CannotComeBack,     // without the ticket, a restarted program could not come back to this match
    HostCannotTakeBack, // without the journal, a restarted host could not take this match back
    StartsNewMatch,     // the journal is unusable: the host starts a new match
    HostWithoutResume,  // the host keeps no journal while it runs: a restart ends its match
};

// The program that holds a port's state lock, as it wrote itself into the lock file; a field it
// did not write (a program that has just taken the lock) is empty or 0.
struct LockHolder {
    std::uint16_t port = 0;
    long pid = 0;
    std::string hostName;
    std::string program;

    bool operator==(const LockHolder&) const = default;
};

struct StoreProblem {
    StoreProblemKind kind = StoreProblemKind::CannotWriteJournal;
    std::filesystem::path file; // the file or folder concerned
    std::string systemText;     // the operating system's or SQLite's own words; may be empty
    std::string logText;        // the store's English sentence (for the log only)
    KeeperEffect effect = KeeperEffect::None;
    std::optional<LockHolder> holder = std::nullopt; // StateLocked: who holds the lock

    bool operator==(const StoreProblem&) const = default;
};

// Why a file or a folder could not be made, written or deleted: the store's sentence naming it
// ("cannot create the state folder /x: Permission denied") and the operating system's own words
// ("Permission denied"; may be empty). Empty: it worked.
struct FileFailure {
    std::string error;
    std::string systemText;

    bool empty() const { return error.empty(); }
};

// The log's English: the store's sentence, then what it means for the match
// ("...: a restarted host could not take this match back").
std::string describe(const StoreProblem& problem);

} // namespace speed::store
