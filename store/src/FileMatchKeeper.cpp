#include "speed/store/FileMatchKeeper.hpp"

#include "speed/store/TicketFile.hpp"
#include "speed/store/XdgDirs.hpp"

#include <chrono>
#include <system_error>
#include <variant>

namespace speed::store {
namespace {

std::int64_t wallNowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

} // namespace

FileMatchKeeper::FileMatchKeeper(std::filesystem::path stateDir, Report report, Recovered recovered)
    : m_dir(std::move(stateDir)), m_report(std::move(report)), m_recovered(std::move(recovered)) {}

std::filesystem::path FileMatchKeeper::journalPath(std::uint16_t port) const {
    return m_dir / ("host-" + std::to_string(port) + ".sqlite");
}

std::optional<protocol::ResumeTicket> FileMatchKeeper::ticketFor(const std::string& host) {
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
    if (std::string error = saveTicket(file, ticket); !error.empty()) {
        return problem({StoreProblemKind::CannotWriteTicket, file, {}, std::move(error)}, KeeperEffect::CannotComeBack);
    }
    fine();
}

void FileMatchKeeper::dropTicket(const std::string& host) {
    const std::filesystem::path file = ticketPath(m_dir, host);
    if (std::string error = removeTicket(file); !error.empty()) {
        problem({StoreProblemKind::CannotRemoveTicket, file, {}, std::move(error)}, KeeperEffect::None);
    }
}

std::optional<protocol::KeptMatch> FileMatchKeeper::matchOn(std::uint16_t port) {
    if (!std::filesystem::exists(journalPath(port))) return std::nullopt;
    MatchJournal* journal = journalOn(port);
    if (journal == nullptr) return std::nullopt;
    LoadedMatch loaded = journal->load();
    if (!loaded.error.empty()) {
        problem(journal->lastProblem(), KeeperEffect::StartsNewMatch);
        return std::nullopt;
    }
    if (!loaded.match) return std::nullopt;
    return protocol::KeptMatch{std::move(*loaded.match), std::max<std::int64_t>(0, wallNowMs() - loaded.touchedAtMs)};
}

void FileMatchKeeper::journal(std::uint16_t port, const std::vector<protocol::JournalRecord>& records) {
    MatchJournal* journal = journalOn(port);
    if (journal == nullptr) return;
    const std::string error = records.empty() ? journal->touch(wallNowMs()) : journal->write(records, wallNowMs());
    if (!error.empty()) return problem(journal->lastProblem(), KeeperEffect::HostCannotTakeBack);
    fine();
    // The match is over: nothing is left to take back, so nothing is left on disk.
    if (!records.empty() && std::holds_alternative<protocol::JournalClosed>(records.back())) forget(port);
}

void FileMatchKeeper::forget(std::uint16_t port) {
    m_journals.erase(port); // closes the database first
    for (const char* suffix : {"", "-wal", "-shm"}) {
        std::error_code ignored;
        std::filesystem::remove(journalPath(port).string() + suffix, ignored);
    }
}

MatchJournal* FileMatchKeeper::journalOn(std::uint16_t port) {
    if (const auto open = m_journals.find(port); open != m_journals.end()) return open->second.get();
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

bool FileMatchKeeper::folderReady(KeeperEffect effect) {
    std::string error = ensureDir(m_dir, "state folder");
    if (error.empty()) return true;
    problem({StoreProblemKind::CannotCreateFolder, m_dir, {}, std::move(error)}, effect);
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
