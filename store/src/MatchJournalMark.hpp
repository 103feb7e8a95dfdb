#pragma once

#include "MatchJournalSchema.hpp"

#include "speed/protocol/Continuity.hpp"
#include "speed/protocol/Message.hpp"

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

// What a match journal has committed, kept beside the database in a small file of its own
// (`host-<port>.sqlite-committed`) so that it survives whatever the database's write-ahead log
// loses: which match (a random id the database's session row holds too), how many entries, the
// last game and revision, a hash chained over every entry, and whether a write failed during the
// match. It is rewritten in place after every commit, with no fsync (the database's own
// synchronous=NORMAL promise: a killed program loses nothing, a power cut may). At load, the
// database must hold at least what this file says, the same entries first; else the journal is
// damaged and its match is not taken back.
namespace speed::store::detail {

enum class MarkState : std::uint32_t {
    Empty = 1,    // no match committed (none yet, or it ended)
    Live = 2,     // a match, as the other fields say
    Unusable = 3, // a write failed during the match: the database may stop before the match did
};

struct CommitMark {
    MarkState state = MarkState::Empty;
    std::uint64_t matchId = 0; // the session row's match_id
    protocol::Nonce clientNonce = 0;
    protocol::Nonce hostNonce = 0;
    std::uint64_t entries = 0;     // entries committed
    protocol::WireNumber game = 0; // of the last entry
    protocol::WireNumber revision = 0;
    std::uint64_t chain = 0; // chainStart(matchId), then chainNext over every entry
    bool operator==(const CommitMark&) const = default;
};

// The hash chained over a match's entries (FNV-1a: a damaged or older record, not an attacker,
// is what it tells apart).
std::uint64_t chainStart(std::uint64_t matchId);
std::uint64_t chainNext(std::uint64_t chain, const EntryValues& values);

// The commit record's file, open for the journal's lifetime. Every call returns 0 or the errno.
class MarkFile {
public:
    enum class Found { Missing, Garbled, Fine };

    static std::filesystem::path pathOf(const std::filesystem::path& journal);

    MarkFile() = default;
    ~MarkFile();
    MarkFile(const MarkFile&) = delete;
    MarkFile& operator=(const MarkFile&) = delete;

    int open(const std::filesystem::path& file);    // created empty (mode 0600) when missing
    int write(const CommitMark& mark);              // in place: needs no new disk block once written
    Found read(CommitMark& mark, int& error) const; // an empty file is Missing: nothing was recorded
    const std::string& path() const { return m_path; }

private:
    int m_fd = -1;
    std::string m_path;
};

// The commit record of what a database holds: Empty when it holds no match (`match` null).
CommitMark markOfHeld(const protocol::MatchRecord* match, std::uint64_t matchId);

// Empty when the database holds at least what the commit record says was committed, the same
// entries first (`held` is markOfHeld of the database, `entries` its entries); else why not, in
// English, to follow "the match journal <file> ": "holds 40 of the 80 revisions it committed ...".
std::string damageOf(MarkFile::Found found, const CommitMark& recorded, const CommitMark& held,
                     const std::vector<protocol::JournalEntry>& entries, const std::string& markPath);

} // namespace speed::store::detail
