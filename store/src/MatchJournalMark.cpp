#include "MatchJournalMark.hpp"

#include "speed/common/Fnv.hpp"

#include <array>
#include <cerrno>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

// The commit record's file: 72 bytes, little-endian, ending with a checksum of the rest, so that
// a torn or garbled record reads as Garbled, never as another record.
namespace speed::store::detail {
namespace {

constexpr std::array<unsigned char, 8> kMagic{'s', 'p', 'e', 'e', 'd', 'j', 'm', '1'};
constexpr std::size_t kMarkBytes = 72;
constexpr std::size_t kCheckAt = kMarkBytes - 8;
using MarkBytes = std::array<unsigned char, kMarkBytes>;

// One value's eight bytes, least significant first, whatever the machine's byte order.
std::uint64_t fnv(std::uint64_t hash, std::uint64_t value) {
    for (int byte = 0; byte < 8; ++byte) {
        hash ^= (value >> (8 * byte)) & 0xffU;
        hash *= kFnvPrime;
    }
    return hash;
}

std::uint64_t fnvOf(const unsigned char* bytes, std::size_t size) { return fnv1a(bytes, size); }

void put(MarkBytes& bytes, std::size_t at, std::uint64_t value, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i)
        bytes[at + i] = static_cast<unsigned char>(value >> (8 * i));
}

std::uint64_t get(const MarkBytes& bytes, std::size_t at, std::size_t size) {
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < size; ++i)
        value |= static_cast<std::uint64_t>(bytes[at + i]) << (8 * i);
    return value;
}

MarkBytes encode(const CommitMark& mark) {
    MarkBytes bytes{};
    std::memcpy(bytes.data(), kMagic.data(), kMagic.size());
    put(bytes, 8, static_cast<std::uint32_t>(mark.state), 4);
    put(bytes, 12, mark.game, 4);
    put(bytes, 16, mark.revision, 4);
    put(bytes, 24, mark.matchId, 8);
    put(bytes, 32, mark.clientNonce, 8);
    put(bytes, 40, mark.hostNonce, 8);
    put(bytes, 48, mark.entries, 8);
    put(bytes, 56, mark.chain, 8);
    put(bytes, kCheckAt, fnvOf(bytes.data(), kCheckAt), 8);
    return bytes;
}

bool decode(const MarkBytes& bytes, CommitMark& mark) {
    if (std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) != 0) return false;
    if (get(bytes, kCheckAt, 8) != fnvOf(bytes.data(), kCheckAt)) return false;
    const auto state = get(bytes, 8, 4);
    if (state < static_cast<std::uint32_t>(MarkState::Empty) || state > static_cast<std::uint32_t>(MarkState::Unusable))
        return false;
    mark.state = static_cast<MarkState>(state);
    mark.game = static_cast<protocol::WireNumber>(get(bytes, 12, 4));
    mark.revision = static_cast<protocol::WireNumber>(get(bytes, 16, 4));
    mark.matchId = get(bytes, 24, 8);
    mark.clientNonce = get(bytes, 32, 8);
    mark.hostNonce = get(bytes, 40, 8);
    mark.entries = get(bytes, 48, 8);
    mark.chain = get(bytes, 56, 8);
    return true;
}

} // namespace

std::uint64_t chainStart(std::uint64_t matchId) {
    return fnv(kFnvBasis, matchId);
}

std::uint64_t chainNext(std::uint64_t chain, const EntryValues& values) {
    for (const std::int64_t value : values)
        chain = fnv(chain, static_cast<std::uint64_t>(value));
    return chain;
}

std::filesystem::path MarkFile::pathOf(const std::filesystem::path& journal) {
    return journal.string() + "-committed";
}

MarkFile::~MarkFile() {
    if (m_fd >= 0) ::close(m_fd);
}

int MarkFile::open(const std::filesystem::path& file) {
    m_path = file.string();
    m_fd = ::open(m_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (m_fd < 0) return errno;
    ::fchmod(m_fd, 0600); // the nonces it holds let a player take the seat back
    return 0;
}

int MarkFile::write(const CommitMark& mark) {
    const MarkBytes bytes = encode(mark);
    const ssize_t written = ::pwrite(m_fd, bytes.data(), bytes.size(), 0);
    if (written < 0) return errno;
    return static_cast<std::size_t>(written) == bytes.size() ? 0 : ENOSPC;
}

MarkFile::Found MarkFile::read(CommitMark& mark, int& error) const {
    error = 0;
    MarkBytes bytes{};
    const ssize_t got = ::pread(m_fd, bytes.data(), bytes.size(), 0);
    if (got < 0) {
        error = errno;
        return Found::Garbled;
    }
    if (got == 0) return Found::Missing;
    if (static_cast<std::size_t>(got) != bytes.size()) return Found::Garbled;
    return decode(bytes, mark) ? Found::Fine : Found::Garbled;
}

CommitMark markOfHeld(const protocol::MatchRecord* match, std::uint64_t matchId) {
    CommitMark held;
    if (match == nullptr) return held;
    held = {MarkState::Live,    matchId, match->session.clientNonce, match->session.hostNonce, 0, 0, 0,
            chainStart(matchId)};
    for (const protocol::JournalEntry& entry : match->entries) {
        ++held.entries;
        held.game = entry.game;
        held.revision = entry.revision;
        held.chain = chainNext(held.chain, entryValuesOf(entry));
    }
    return held;
}

namespace {

std::string revisionText(const CommitMark& mark) {
    if (mark.entries == 0) return "no revision";
    return "game " + std::to_string(mark.game) + ", revision " + std::to_string(mark.revision);
}

// Where `held` stops short of a Live `recorded`; empty when it does not.
std::string shortOf(const CommitMark& recorded, const CommitMark& held,
                    const std::vector<protocol::JournalEntry>& entries) {
    constexpr const char* kLostTail = ": its write-ahead log (or the file itself) lost its last commits";
    if (held.state != MarkState::Live) {
        return "holds no match, but it had committed one (up to " + revisionText(recorded) + ")" + kLostTail;
    }
    if (held.matchId != recorded.matchId) {
        return "holds another match than the one it committed (up to " + revisionText(recorded) + ")" + kLostTail;
    }
    if (held.entries < recorded.entries) {
        return "holds " + std::to_string(held.entries) + " of the " + std::to_string(recorded.entries) +
               " revisions it committed (it stops at " + revisionText(held) + " instead of " + revisionText(recorded) +
               ")" + kLostTail;
    }
    std::uint64_t chain = chainStart(held.matchId);
    for (std::uint64_t i = 0; i < recorded.entries; ++i)
        chain = chainNext(chain, entryValuesOf(entries[i]));
    if (chain != recorded.chain) return "holds other revisions than the ones it committed";
    return {};
}

} // namespace

std::string damageOf(MarkFile::Found found, const CommitMark& recorded, const CommitMark& held,
                     const std::vector<protocol::JournalEntry>& entries, const std::string& markPath) {
    const bool holdsMatch = held.state == MarkState::Live;
    switch (found) {
    case MarkFile::Found::Missing:
        return holdsMatch ? "holds a match, but its record of what it committed (" + markPath + ") is missing" : "";
    case MarkFile::Found::Garbled:
        return holdsMatch ? "holds a match, but its record of what it committed (" + markPath + ") is damaged" : "";
    case MarkFile::Found::Fine:
        break;
    }
    switch (recorded.state) {
    case MarkState::Empty:
        return holdsMatch ? "holds a match it never recorded as committed" : "";
    case MarkState::Unusable:
        return "stops where a write to it failed during the match (up to " + revisionText(recorded) +
               "), and the match went on without it";
    case MarkState::Live:
        return shortOf(recorded, held, entries);
    }
    return {};
}

} // namespace speed::store::detail
