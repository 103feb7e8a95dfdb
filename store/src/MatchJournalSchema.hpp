#pragma once

#include "speed/protocol/Continuity.hpp"
#include "speed/store/MatchJournal.hpp"

#include <array>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

// The match journal's file format: the migrations that create its tables, the columns of an
// entry with the range each may hold, and the conversions between a record and its columns.
// Writing and reading share these, so whatever is written reads back.
namespace speed::store::detail {

// Step i takes a journal from user_version i to i + 1 (see MatchJournalSchema.cpp).
extern const std::array<const char*, MatchJournal::kSchemaVersion> kJournalMigrations;

// The enums are stored as their numbers: these pin the numbers the file format uses (a new
// enumerator at the end needs its range below widened; a reordering would misread old files).
static_assert(static_cast<int>(protocol::JournalChange::Rewind) == 5);
static_assert(static_cast<int>(MoveKind::Flip) == 2);
static_assert(static_cast<int>(protocol::Refusal::NotPlaying) == 11);
static_assert(static_cast<int>(DealMode::Colors) == 1);
static_assert(static_cast<int>(RefillMode::Auto) == 1);

constexpr std::int64_t kMaxWireNumber = std::numeric_limits<protocol::WireNumber>::max();
constexpr std::int64_t kLowest = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kHighest = std::numeric_limits<std::int64_t>::max();

// An entry's columns, in the order of the table, the INSERT and the SELECT (after seq).
enum EntryColumn : std::size_t {
    kGame,
    kRevision,
    kChange,
    kMoveKind,
    kMoveSeat,
    kMoveSlot,
    kMovePile,
    kMoveCard,
    kSeed,
    kJokers,
    kDeal,
    kHandSize,
    kRefill,
    kProposal,
    kRefusal,
    kLastProposal,
    kElapsedMs,
    kUserPause,
    kResume0,
    kResume1,
    kEntryColumnCount,
};
struct JournalColumn {
    const char* name;
    std::int64_t low;
    std::int64_t high;
};
// What each column may hold: write() refuses what load() would, so whatever is written reads back.
constexpr std::array<JournalColumn, kEntryColumnCount> kEntryColumns{{
    {"game", 0, kMaxWireNumber},
    {"revision", 0, kMaxWireNumber},
    {"change", 0, static_cast<int>(protocol::JournalChange::Rewind)},
    {"move_kind", 0, static_cast<int>(MoveKind::Flip)},
    {"move_seat", 0, 1},
    {"move_slot", 0, RuleOptions::kMaxHandSize - 1},
    {"move_pile", 0, 1},
    {"move_card", 0, Card::kDistinctCodes - 1},
    {"seed", kLowest, kHighest}, // the uint64 seed's bits
    {"jokers", 0, 2},
    {"deal", 0, static_cast<int>(DealMode::Colors)},
    {"hand_size", RuleOptions::kMinHandSize, RuleOptions::kMaxHandSize},
    {"refill", 0, static_cast<int>(RefillMode::Auto)},
    {"proposal", 0, kMaxWireNumber},
    {"refusal", 0, static_cast<int>(protocol::Refusal::NotPlaying)},
    {"last_proposal", 0, kMaxWireNumber},
    {"elapsed_ms", 0, kHighest},
    {"user_pause", 0, 1},
    {"resume0", 0, 1},
    {"resume1", 0, 1},
}};
using EntryValues = std::array<std::int64_t, kEntryColumnCount>;

template <typename Enum> std::int64_t numberOf(Enum value) {
    return static_cast<std::int64_t>(static_cast<std::underlying_type_t<Enum>>(value));
}

EntryValues entryValuesOf(const protocol::JournalEntry& entry);
RuleOptions rulesFrom(std::int64_t jokers, std::int64_t deal, std::int64_t handSize, std::int64_t refill);
// Empty when every value is in its column's range and the rules are playable.
std::string entryValuesProblem(const EntryValues& values);
// Only after entryValuesProblem found nothing: every cast inside is in range.
protocol::JournalEntry entryFromValues(const EntryValues& values);
// Empty when the session's rules are playable.
std::string sessionProblem(const protocol::JournalSession& session);

} // namespace speed::store::detail
