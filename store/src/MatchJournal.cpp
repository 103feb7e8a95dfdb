#include "MatchJournalImpl.hpp"
#include "PosixFiles.hpp"

#include <array>
#include <utility>
#include <variant>

// Opening a match journal: the file created or migrated to this program's schema, then every
// statement the journal runs prepared once.
namespace speed::store {

MatchJournal::MatchJournal(std::filesystem::path file, std::unique_ptr<Impl> impl)
    : m_file(std::move(file)), m_impl(std::move(impl)) {}

MatchJournal::~MatchJournal() = default;

OpenedJournal MatchJournal::open(const std::filesystem::path& file) {
    auto impl = std::make_unique<Impl>();
    impl->file = file.string();
    const std::string& name = impl->file;
    // The journal holds the session's nonces, which let a player take the seat back: the file
    // is this user's only (mode 0600).
    detail::OpenedSqlite opened = detail::openVersioned({name, "the match journal"}, detail::kJournalMigrations);
    impl->db = std::move(opened.db);
    if (!opened.error.empty()) return {nullptr, std::move(opened.error), opened.kind, std::move(opened.systemText)};
    const detail::SqliteDb& db = impl->db;

    const std::array<std::pair<detail::SqliteStatement*, const char*>, 12> statements{{
        {&impl->begin, "BEGIN IMMEDIATE"},
        {&impl->commit, "COMMIT"},
        {&impl->rollback, "ROLLBACK"},
        {&impl->beginRead, "BEGIN"},
        {&impl->clearEntries, "DELETE FROM entries"},
        {&impl->clearSession, "DELETE FROM session"},
        {&impl->putSession, "INSERT OR REPLACE INTO session (id, client_nonce, host_nonce, peer, peer_name, deal_seed, "
                            "jokers, deal, hand_size, refill, touched_at, match_id) VALUES (1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, "
                            "?8, ?9, ?10, ?11)"},
        {&impl->rekeySession, "UPDATE session SET client_nonce = ?1, host_nonce = ?2, peer = ?3, peer_name = ?4 "
                              "WHERE id = 1"},
        {&impl->addEntry, "INSERT INTO entries (game, revision, change, move_kind, move_seat, move_slot, move_pile, "
                          "move_card, seed, jokers, deal, hand_size, refill, proposal, refusal, last_proposal, "
                          "elapsed_ms, user_pause, resume0, resume1) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
                          "?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)"},
        {&impl->touchSession, "UPDATE session SET touched_at = ?1 WHERE id = 1"},
        {&impl->readSession, "SELECT client_nonce, host_nonce, peer, peer_name, deal_seed, jokers, deal, hand_size, "
                             "refill, touched_at, match_id FROM session WHERE id = 1"},
        {&impl->readEntries, "SELECT seq, game, revision, change, move_kind, move_seat, move_slot, move_pile, "
                             "move_card, seed, jokers, deal, hand_size, refill, proposal, refusal, last_proposal, "
                             "elapsed_ms, user_pause, resume0, resume1 FROM entries ORDER BY seq"},
    }};
    for (const auto& [statement, sql] : statements) {
        if (const int code = statement->prepare(db.get(), sql); code != SQLITE_OK) {
            if ((code & 0xff) == SQLITE_ERROR) {
                return {nullptr, "the match journal " + name + " is not a speed match journal (" + db.message() + ")",
                        StoreProblemKind::NotAJournal, db.message()};
            }
            std::string error = impl->failure(code, "open", StoreProblemKind::CannotOpenJournal);
            return {nullptr, std::move(error), impl->last.kind, impl->last.systemText};
        }
    }
    if (const int error = impl->mark.open(commitRecordOf(file)); error != 0) {
        return {nullptr,
                "cannot open the commit record " + impl->mark.path() + " of the match journal: " +
                    detail::errnoText(error),
                StoreProblemKind::CannotOpenJournal, detail::errnoText(error)};
    }
    OpenedJournal ready;
    ready.journal.reset(new MatchJournal(file, std::move(impl)));
    return ready;
}

std::filesystem::path MatchJournal::commitRecordOf(const std::filesystem::path& file) {
    return detail::MarkFile::pathOf(file);
}

bool MatchJournal::startsAfresh(const std::vector<protocol::JournalRecord>& records) {
    return !records.empty() && (std::holds_alternative<protocol::JournalOpened>(records.front()) ||
                                std::holds_alternative<protocol::JournalClosed>(records.front()));
}

bool MatchJournal::unusable() const { return m_impl->unusable; }

bool MatchJournal::unusableOnDisk() const { return m_impl->unusableOnDisk; }

} // namespace speed::store
