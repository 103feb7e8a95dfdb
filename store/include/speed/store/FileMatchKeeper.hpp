#pragma once

#include "speed/protocol/Continuity.hpp"
#include "speed/store/MatchJournal.hpp"
#include "speed/store/PortLock.hpp"
#include "speed/store/StoreProblem.hpp"

#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

// The keeper the programs use: tickets and journals as files in the state folder (XDG, mode
// 0600 files in a 0700 folder), deleted when their match ends. A file that cannot be read or
// written is reported, once per problem, and play goes on without it: the match then only
// lasts as long as this process. A host's journal is used only under the lock on its port
// (PortLock), taken before the journal is first read and held for the keeper's life: when another
// program holds it, this keeper never reads, restores or writes that port's journal.
namespace speed::store {

class FileMatchKeeper final : public protocol::MatchKeeper {
public:
    using Report = std::function<void(const StoreProblem& problem)>;
    using Recovered = std::function<void(const std::string& news)>; // English, for the log
    // `report` hears every problem (the log, the window); `recovered` when writing works again.
    FileMatchKeeper(std::filesystem::path stateDir, Report report, Recovered recovered = {});

    std::optional<protocol::ResumeTicket> ticketFor(const std::string& host) override;
    void keepTicket(const protocol::ResumeTicket& ticket) override;
    void dropTicket(const std::string& host) override;
    std::optional<protocol::KeptMatch> matchOn(std::uint16_t port) override;
    void journal(std::uint16_t port, const std::vector<protocol::JournalRecord>& records) override;

    std::filesystem::path journalPath(std::uint16_t port) const;
    const std::filesystem::path& stateDir() const { return m_dir; }

private:
    MatchJournal* journalOn(std::uint16_t port);
    // This port's lock, taken the first time: false (the problem reported) while it cannot be
    // taken, and for good once another program holds it.
    bool holdsLock(std::uint16_t port);
    void forget(std::uint16_t port); // closes the journal of a match that ended and deletes its files
    // The port's journal when it takes `records`; nothing after a failure, until a new match.
    MatchJournal* journalTaking(std::uint16_t port, const std::vector<protocol::JournalRecord>& records);
    void journalFailed(std::uint16_t port, const MatchJournal& journal); // reports it (once)
    void removeJournalFiles(std::uint16_t port);
    void problem(StoreProblem what, KeeperEffect effect);
    // The state folder made when missing and usable (read, written); else its problem is
    // reported and false returned.
    bool folderReady(KeeperEffect effect);
    void fine();

    std::filesystem::path m_dir;
    Report m_report;
    Recovered m_recovered;
    std::map<std::uint16_t, std::shared_ptr<PortLock>> m_locks; // released after the journals close
    std::set<std::uint16_t> m_lockedOut; // ports whose state another program holds
    std::map<std::uint16_t, std::unique_ptr<MatchJournal>> m_journals;
    std::optional<StoreProblem> m_lastProblem; // reported once; cleared when a write works again
};

} // namespace speed::store
