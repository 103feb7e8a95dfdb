#include "speed/store/FileMatchKeeper.hpp"

#include "speed/store/TicketFile.hpp"
#include "speed/store/XdgDirs.hpp"

#include <chrono>
#include <system_error>
#include <variant>

namespace speed::store {
namespace {

std::int64_t wallNowMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

} // namespace

FileMatchKeeper::FileMatchKeeper(std::filesystem::path stateDir, Report report, Report recovered)
    : m_dir(std::move(stateDir)), m_report(std::move(report)), m_recovered(std::move(recovered)) {}

std::filesystem::path FileMatchKeeper::journalPath(std::uint16_t port) const {
    return m_dir / ("host-" + std::to_string(port) + ".sqlite");
}

std::optional<protocol::ResumeTicket> FileMatchKeeper::ticketFor(const std::string& host) {
    const LoadedTicket loaded = loadTicket(ticketPath(m_dir, host));
    if (!loaded.error.empty()) problem(loaded.error + "; joining as a new player");
    return loaded.ticket;
}

void FileMatchKeeper::keepTicket(const protocol::ResumeTicket& ticket) {
    std::string error = ensureDir(m_dir, "state folder");
    if (error.empty()) error = saveTicket(ticketPath(m_dir, ticket.host), ticket);
    if (!error.empty()) return problem(error + ": a restarted program could not come back to this match");
    fine();
}

void FileMatchKeeper::dropTicket(const std::string& host) {
    if (const std::string error = removeTicket(ticketPath(m_dir, host)); !error.empty()) problem(error);
}

std::optional<protocol::KeptMatch> FileMatchKeeper::matchOn(std::uint16_t port) {
    if (!std::filesystem::exists(journalPath(port))) return std::nullopt;
    MatchJournal* journal = journalOn(port);
    if (journal == nullptr) return std::nullopt;
    LoadedMatch loaded = journal->load();
    if (!loaded.error.empty()) {
        problem(loaded.error + "; starting a new match");
        return std::nullopt;
    }
    if (!loaded.match) return std::nullopt;
    return protocol::KeptMatch{std::move(*loaded.match), std::max<std::int64_t>(0, wallNowMs() - loaded.touchedAtMs)};
}

void FileMatchKeeper::journal(std::uint16_t port, const std::vector<protocol::JournalRecord>& records) {
    MatchJournal* journal = journalOn(port);
    if (journal == nullptr) return;
    const std::string error = records.empty() ? journal->touch(wallNowMs()) : journal->write(records, wallNowMs());
    if (!error.empty()) return problem(error + ": a restarted host could not take this match back");
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
    if (const std::string error = ensureDir(m_dir, "state folder"); !error.empty()) {
        problem(error + ": a restarted host could not take this match back");
        return nullptr;
    }
    OpenedJournal opened = MatchJournal::open(journalPath(port));
    if (!opened.journal) {
        problem(opened.error + ": a restarted host could not take this match back");
        return nullptr;
    }
    return m_journals.emplace(port, std::move(opened.journal)).first->second.get();
}

void FileMatchKeeper::problem(const std::string& what) {
    if (what == m_lastProblem) return;
    m_lastProblem = what;
    if (m_report) m_report(what);
}

void FileMatchKeeper::fine() {
    if (m_lastProblem.empty()) return;
    m_lastProblem.clear();
    if (m_recovered) m_recovered("the files that let a match outlive this program are written again");
}

} // namespace speed::store
