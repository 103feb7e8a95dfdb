#pragma once

#include "speed/store/StoreProblem.hpp"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

// The lock a host holds on its state for its port while it runs: stateDir/host-PORT.lock, an
// open file description lock (fcntl F_OFD_SETLK) on the whole file, with the holder's PID, host
// name and program written in it. Two programs that share a state folder (two of one user, or
// two machines with one home folder on a file system that shares locks) never both use the
// journal of one port. The kernel releases the lock when its holder ends, however it ends
// (kill -9 included): a file left by a program that is gone never blocks, only a live lock does.
// The file itself stays (deleting it would let two programs lock two different files). Within one
// program the lock is shared: the window that hosts again on its port while the keeper of its
// last match still lives takes the same lock, not a refusal from itself.
namespace speed::store {

class PortLock;

struct TakenLock {
    std::shared_ptr<PortLock> lock; // held; nothing when problem says why not
    // StateLocked (its holder says who holds it), or CannotLockState with the system's words.
    StoreProblem problem;
};

class PortLock {
public:
    // The lock's file for `port` in the state folder `stateDir`: "host-50001.lock".
    static std::filesystem::path fileFor(const std::filesystem::path& stateDir, std::uint16_t port);
    // Takes the lock without waiting, or shares the one this program holds already; the folder
    // must exist. Writes this program into the file. Safe from any thread.
    static TakenLock take(const std::filesystem::path& stateDir, std::uint16_t port);

    ~PortLock(); // the last sharer gone: empties the file and closes it, so the lock is released
    PortLock(const PortLock&) = delete;
    PortLock& operator=(const PortLock&) = delete;

    const std::filesystem::path& file() const { return m_file; }

private:
    PortLock(std::filesystem::path file, int fd) : m_file(std::move(file)), m_fd(fd) {}

    std::filesystem::path m_file;
    int m_fd;
};

// The holder a lock file names ("pid 4242", "host hana-pc", "program speed-server", one a line);
// what is missing or garbled stays empty or 0.
LockHolder lockHolderFrom(std::string_view text, std::uint16_t port);
// The lock file's text for this program.
std::string lockHolderText(const LockHolder& holder);
// The holder in the log's English: "speed-server (PID 4242 on hana-pc)", "another program".
std::string describeHolder(const LockHolder& holder);

} // namespace speed::store
