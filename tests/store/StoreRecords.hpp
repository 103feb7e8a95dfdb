#pragma once

// Journal records the store's tests write (tests only).
#include "speed/protocol/Continuity.hpp"

#include <cstdint>

namespace speed::store::test {

// The first revision of game 1: its deal from `seed`.
inline protocol::JournalEntry dealEntry(std::uint64_t seed = 42) {
    protocol::JournalEntry entry;
    entry.game = 1;
    entry.revision = 1;
    entry.change = protocol::JournalChange::Deal;
    entry.seed = seed;
    return entry;
}

} // namespace speed::store::test
