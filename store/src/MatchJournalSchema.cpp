#include "MatchJournalSchema.hpp"

namespace speed::store::detail {

using protocol::JournalChange;
using protocol::JournalEntry;
using protocol::JournalSession;
using protocol::Refusal;

// The migrations: step i takes a journal from user_version i to i + 1, in the transaction that
// sets the new user_version. A new version appends a step; a released step never changes.
const std::array<const char*, MatchJournal::kSchemaVersion> kJournalMigrations{
    // 0 -> 1: the session (one row) and the entries of its match.
    R"sql(
CREATE TABLE session (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    client_nonce TEXT NOT NULL,
    host_nonce TEXT NOT NULL,
    peer TEXT NOT NULL,
    peer_name TEXT NOT NULL,
    deal_seed INTEGER NOT NULL,
    jokers INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    hand_size INTEGER NOT NULL,
    refill INTEGER NOT NULL,
    touched_at INTEGER NOT NULL
);
CREATE TABLE entries (
    seq INTEGER PRIMARY KEY,
    game INTEGER NOT NULL,
    revision INTEGER NOT NULL,
    change INTEGER NOT NULL,
    move_kind INTEGER NOT NULL,
    move_seat INTEGER NOT NULL,
    move_slot INTEGER NOT NULL,
    move_pile INTEGER NOT NULL,
    move_card INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    jokers INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    hand_size INTEGER NOT NULL,
    refill INTEGER NOT NULL,
    proposal INTEGER NOT NULL,
    refusal INTEGER NOT NULL,
    last_proposal INTEGER NOT NULL,
    elapsed_ms INTEGER NOT NULL,
    user_pause INTEGER NOT NULL,
    resume0 INTEGER NOT NULL,
    resume1 INTEGER NOT NULL
);
)sql",
    // 1 -> 2: the match's random id, which the commit record beside the database names too (a
    // journal that lost its last commits may hold another, older match).
    R"sql(
ALTER TABLE session ADD COLUMN match_id INTEGER NOT NULL DEFAULT 0;
)sql",
};

EntryValues entryValuesOf(const JournalEntry& entry) {
    EntryValues values{};
    values[kGame] = entry.game;
    values[kRevision] = entry.revision;
    values[kChange] = numberOf(entry.change);
    values[kMoveKind] = numberOf(entry.move.kind);
    values[kMoveSeat] = entry.move.seat;
    values[kMoveSlot] = entry.move.slot;
    values[kMovePile] = entry.move.pile;
    values[kMoveCard] = entry.move.card.index();
    values[kSeed] = static_cast<std::int64_t>(entry.seed);
    values[kJokers] = entry.rules.jokers;
    values[kDeal] = numberOf(entry.rules.deal);
    values[kHandSize] = entry.rules.handSize;
    values[kRefill] = numberOf(entry.rules.refill);
    values[kProposal] = entry.proposal;
    values[kRefusal] = numberOf(entry.refusal);
    values[kLastProposal] = entry.lastProposal;
    values[kElapsedMs] = entry.elapsedMs;
    values[kUserPause] = entry.userPause ? 1 : 0;
    values[kResume0] = entry.resumeAsked[0] ? 1 : 0;
    values[kResume1] = entry.resumeAsked[1] ? 1 : 0;
    return values;
}

RuleOptions rulesFrom(std::int64_t jokers, std::int64_t deal, std::int64_t handSize, std::int64_t refill) {
    RuleOptions rules;
    rules.jokers = static_cast<int>(jokers);
    rules.deal = static_cast<DealMode>(deal);
    rules.handSize = static_cast<int>(handSize);
    rules.refill = static_cast<RefillMode>(refill);
    return rules;
}

std::string entryValuesProblem(const EntryValues& values) {
    for (std::size_t i = 0; i < kEntryColumnCount; ++i) {
        const auto& column = kEntryColumns[i];
        if (values[i] < column.low || values[i] > column.high) {
            return std::string(column.name) + " " + std::to_string(values[i]) + " is out of range (" +
                   std::to_string(column.low) + ".." + std::to_string(column.high) + ")";
        }
    }
    if (auto problem = validate(rulesFrom(values[kJokers], values[kDeal], values[kHandSize], values[kRefill]));
        !problem.empty()) {
        return "rules: " + problem;
    }
    return {};
}

JournalEntry entryFromValues(const EntryValues& values) {
    JournalEntry entry;
    entry.game = static_cast<protocol::WireNumber>(values[kGame]);
    entry.revision = static_cast<protocol::WireNumber>(values[kRevision]);
    entry.change = static_cast<JournalChange>(values[kChange]);
    entry.move.kind = static_cast<MoveKind>(values[kMoveKind]);
    entry.move.seat = static_cast<int>(values[kMoveSeat]);
    entry.move.slot = static_cast<int>(values[kMoveSlot]);
    entry.move.pile = static_cast<int>(values[kMovePile]);
    entry.move.card = Card::fromIndex(static_cast<int>(values[kMoveCard]));
    entry.seed = static_cast<std::uint64_t>(values[kSeed]);
    entry.rules = rulesFrom(values[kJokers], values[kDeal], values[kHandSize], values[kRefill]);
    entry.proposal = static_cast<protocol::WireNumber>(values[kProposal]);
    entry.refusal = static_cast<Refusal>(values[kRefusal]);
    entry.lastProposal = static_cast<protocol::WireNumber>(values[kLastProposal]);
    entry.elapsedMs = values[kElapsedMs];
    entry.userPause = values[kUserPause] != 0;
    entry.resumeAsked = {values[kResume0] != 0, values[kResume1] != 0};
    return entry;
}

std::string sessionProblem(const JournalSession& session) {
    if (auto problem = validate(session.rules); !problem.empty()) return "rules: " + problem;
    if (numberOf(session.rules.deal) < 0 || numberOf(session.rules.deal) > 1) return "rules: an unknown deal";
    if (numberOf(session.rules.refill) < 0 || numberOf(session.rules.refill) > 1) return "rules: an unknown refill";
    return {};
}

} // namespace speed::store::detail
