#include "speed/store/FileMatchKeeper.hpp"

#include "speed/store/TicketFile.hpp"
#include "speed/store/XdgDirs.hpp"

#include <cerrno>
#include <chrono>
#include <system_error>
#include <variant>

#include <sys/stat.h>

namespace speed::store {
namespace {

std::int64_t wallNowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// True when the folder is missing (it is made when something is kept) or can be read and written.
bool missingOrUsable(const std::filesystem::path& dir) {
    struct stat status {};
    if (::stat(dir.c_str(), &status) != 0) return errno == ENOENT;
    return checkDirUsable(dir).empty();
}

} // namespace

FileMatchKeeper::FileMatchKeeper(std::filesystem::path stateDir, Report report, Recovered recovered)
    : m_dir(std::move(stateDir)), m_report(std::move(report)), m_recovered(std::move(recovered)) {}

std::filesystem::path FileMatchKeeper::journalPath(std::uint16_t port) const {
    return m_dir / ("host-" + std::to_string(port) + ".sqlite");
}

std::optional<protocol::ResumeTicket> FileMatchKeeper::ticketFor(const std::string& host) {
    // A folder that is there but cannot be used: said once, as what it means for this match.
    if (!missingOrUsable(m_dir)) {
        folderReady(KeeperEffect::CannotComeBack);
        return std::nullopt;
    }
    const std::filesystem::path file = ticketPath(m_dir, host);
    const LoadedTicket loaded = loadTicket(file);
    if (!loaded.error.empty()) {
        problem({loaded.kind, file, loaded.systemText, loaded.error}, KeeperEffect::JoinsAsNewPlayer);
    }
    return loaded.ticket;
}

void FileMatchKeeper::keepTicket(const protocol::ResumeTicket& ticket) {
    if (!folderReady(KeeperEffect::CannotComeBack)) return;
    const std::filesystem::path file = ticketPath(m_dir, ticket.host);
    if (FileFailure failed = saveTicket(file, ticket); !failed.empty()) {
        return problem(
            {StoreProblemKind::CannotWriteTicket, file, std::move(failed.systemText), std::move(failed.error)},
            KeeperEffect::CannotComeBack);
    }
    fine();
}

void FileMatchKeeper::dropTicket(const std::string& host) {
    if (!missingOrUsable(m_dir)) return; // said when the ticket was looked for: nothing to add
    const std::filesystem::path file = ticketPath(m_dir, host);
    if (FileFailure failed = removeTicket(file); !failed.empty()) {
        problem({StoreProblemKind::CannotRemoveTicket, file, std::move(failed.systemText), std::move(failed.error)},
                KeeperEffect::None);
    }
}

std::optional<protocol::KeptMatch> FileMatchKeeper::matchOn(std::uint16_t port) {
    if (!holdsLock(port)) return std::nullopt;
    const std::filesystem::path file = journalPath(port);
    std::error_code error;
    // The commit record alone still tells of a match the database lost.
    const bool kept = std::filesystem::exists(file, error) ||
                      (!error && std::filesystem::exists(MatchJournal::commitRecordOf(file), error));
    if (error) {
        const std::string reason = error.message();
        problem({StoreProblemKind::CannotReadJournal, file, reason,
                 "cannot read the match journal " + file.string() + ": " + reason},
                KeeperEffect::StartsNewMatch);
        return std::nullopt;
    }
    if (!kept) return std::nullopt;
    MatchJournal* journal = journalOn(port);
    if (journal == nullptr) return std::nullopt;
    LoadedMatch loaded = journal->load();
    if (!loaded.error.empty()) {
        problem(journal->lastProblem(), KeeperEffect::StartsNewMatch);
        return std::nullopt;
    }
    if (!loaded.match) return std::nullopt;
    if (!loaded.damage.empty()) problem(journal->lastProblem(), KeeperEffect::StartsNewMatch);
    return protocol::KeptMatch{std::move(*loaded.match), std::max<std::int64_t>(0, wallNowMs() - loaded.touchedAtMs),
                               std::move(loaded.damage)};
}

void FileMatchKeeper::journal(std::uint16_t port, const std::vector<protocol::JournalRecord>& records) {
    if (MatchJournal* journal = journalTaking(port, records)) {
        const std::string error = records.empty() ? journal->touch(wallNowMs()) : journal->write(records, wallNowMs());
        if (error.empty()) {
            fine();
        } else {
            journalFailed(port, *journal);
        }
    }
    // The match is over: nothing is left to take back, so nothing is left on disk (only this
    // program's own files: without the port's lock they are another live host's).
    if (!records.empty() && std::holds_alternative<protocol::JournalClosed>(records.back()) && m_locks.contains(port))
        forget(port);
}

MatchJournal* FileMatchKeeper::journalTaking(std::uint16_t port, const std::vector<protocol::JournalRecord>& records) {
    MatchJournal* journal = journalOn(port);
    if (journal == nullptr || !journal->unusable()) return journal;
    // After a failure, the rest of the match is not written (the failure was reported once); a
    // new match opens the journal afresh, as its files may have been deleted.
    if (!MatchJournal::startsAfresh(records)) return nullptr;
    m_journals.erase(port);
    return journalOn(port);
}

void FileMatchKeeper::journalFailed(std::uint16_t port, const MatchJournal& journal) {
    StoreProblem what = journal.lastProblem();
    // Not even the commit record could say so: a restarted host would read the journal as an
    // older complete game, so it goes. The journal stays open, refusing the rest of the match.
    if (!journal.unusableOnDisk()) {
        removeJournalFiles(port);
        what.logText += "; its files were deleted";
    }
    problem(std::move(what), KeeperEffect::HostCannotTakeBack);
}

void FileMatchKeeper::forget(std::uint16_t port) {
    m_journals.erase(port); // closes the database first
    removeJournalFiles(port);
}

void FileMatchKeeper::removeJournalFiles(std::uint16_t port) {
    const std::string file = journalPath(port).string();
    // The commit record last: a host killed in between finds the record without a database (no
    // match after the match ended, damaged after a failure), never a database without its record.
    for (const std::string& path : {file, file + "-wal", file + "-shm", MatchJournal::commitRecordOf(file).string()}) {
        std::error_code ignored;
        std::filesystem::remove(path, ignored);
    }
}

MatchJournal* FileMatchKeeper::journalOn(std::uint16_t port) {
    if (const auto open = m_journals.find(port); open != m_journals.end()) return open->second.get();
    if (!holdsLock(port)) return nullptr;
    if (!folderReady(KeeperEffect::HostCannotTakeBack)) return nullptr;
    const std::filesystem::path file = journalPath(port);
    OpenedJournal opened = MatchJournal::open(file);
    if (!opened.journal) {
        problem({opened.kind, file, std::move(opened.systemText), std::move(opened.error)},
                KeeperEffect::HostCannotTakeBack);
        return nullptr;
    }
    return m_journals.emplace(port, std::move(opened.journal)).first->second.get();
}

bool FileMatchKeeper::holdsLock(std::uint16_t port) {
    if (m_locks.contains(port)) return true;
    if (m_lockedOut.contains(port)) return false;
    if (!folderReady(KeeperEffect::HostWithoutResume)) return false;
    TakenLock taken = PortLock::take(m_dir, port);
    if (!taken.lock) {
        // Another program's live match: never touched, even once that program has ended (its
        // journal may then be its own restart's to take back).
        if (taken.problem.kind == StoreProblemKind::StateLocked) m_lockedOut.insert(port);
        problem(std::move(taken.problem), KeeperEffect::HostWithoutResume);
        return false;
    }
    m_locks.emplace(port, std::move(taken.lock));
    return true;
}

bool FileMatchKeeper::folderReady(KeeperEffect effect) {
    StoreProblemKind kind = StoreProblemKind::CannotCreateFolder;
    FileFailure failed = ensureDir(m_dir, "state folder");
    if (failed.empty()) {
        kind = StoreProblemKind::CannotUseFolder;
        failed = checkDirUsable(m_dir, "state folder");
    }
    if (failed.empty()) return true;
    problem({kind, m_dir, std::move(failed.systemText), std::move(failed.error)}, effect);
    return false;
}

void FileMatchKeeper::problem(StoreProblem what, KeeperEffect effect) {
    what.effect = effect;
    if (what == m_lastProblem) return;
    m_lastProblem = what;
    if (m_report) m_report(what);
}

void FileMatchKeeper::fine() {
    if (!m_lastProblem) return;
    m_lastProblem.reset();
    if (m_recovered) m_recovered("the files that let a match outlive this program are written again");
}

} // namespace speed::store
