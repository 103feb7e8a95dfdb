#include "speed/store/PortLock.hpp"

#include "PosixFiles.hpp"

#include <array>
#include <cerrno>
#include <charconv>
#include <map>
#include <mutex>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace speed::store {
namespace {

constexpr std::size_t kMaxLockTextBytes = 512;  // the file holds three short lines
constexpr std::size_t kMaxHolderWordBytes = 64; // a host or program name, as a message shows it

// A word from the file, safe to put in a message: printable ASCII, at most kMaxHolderWordBytes.
std::string holderWord(std::string_view text) {
    std::string word;
    for (const char c : text.substr(0, kMaxHolderWordBytes)) {
        const auto byte = static_cast<unsigned char>(c);
        word += byte >= 0x20 && byte < 0x7f ? c : '?';
    }
    return word;
}

LockHolder thisProgram(std::uint16_t port) {
    LockHolder holder;
    holder.port = port;
    holder.pid = static_cast<long>(::getpid());
    std::array<char, 256> name{};
    if (::gethostname(name.data(), name.size() - 1) == 0) holder.hostName = holderWord(name.data());
    holder.program = holderWord(program_invocation_short_name);
    return holder;
}

// The whole lock on the file, for as long as this open file description lives.
int lockWholeFile(int fd) {
    struct flock whole {};
    whole.l_type = F_WRLCK;
    whole.l_whence = SEEK_SET;
    whole.l_start = 0;
    whole.l_len = 0; // to the end, however long the file grows
    return ::fcntl(fd, F_OFD_SETLK, &whole) == 0 ? 0 : errno;
}

std::string readLockText(int fd) {
    std::array<char, kMaxLockTextBytes> buffer{};
    const ssize_t got = ::pread(fd, buffer.data(), buffer.size(), 0);
    return got > 0 ? std::string(buffer.data(), static_cast<std::size_t>(got)) : std::string();
}

// Replaces the file's text with this program's; best effort (the lock is what counts).
void writeLockText(int fd, const std::string& text) {
    if (::ftruncate(fd, 0) != 0) return;
    std::string_view rest = text;
    off_t at = 0;
    while (!rest.empty()) {
        const ssize_t wrote = ::pwrite(fd, rest.data(), rest.size(), at);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return;
        rest.remove_prefix(static_cast<std::size_t>(wrote));
        at += wrote;
    }
}

StoreProblem cannotLock(const std::filesystem::path& file, std::uint16_t port, int error) {
    const std::string reason = detail::errnoText(error);
    return {StoreProblemKind::CannotLockState, file, reason,
            "cannot lock the match journal for port " + std::to_string(port) + " (" + file.string() + "): " + reason};
}

StoreProblem lockedBy(const std::filesystem::path& file, LockHolder holder) {
    StoreProblem problem{StoreProblemKind::StateLocked,
                         file,
                         {},
                         "the match journal for port " + std::to_string(holder.port) + " is in use by " +
                             describeHolder(holder)};
    problem.holder = std::move(holder);
    return problem;
}

// The locks this program holds, by their file's device and inode (one file may be reached by
// more than one path), so that a second keeper in the program shares the lock: a second open
// file description would be refused by the first one's lock.
struct HeldLocks {
    using FileId = std::pair<dev_t, ino_t>;
    std::mutex mutex;
    std::map<FileId, std::weak_ptr<PortLock>> held;

    static HeldLocks& instance() {
        static HeldLocks locks;
        return locks;
    }
};

} // namespace

std::filesystem::path PortLock::fileFor(const std::filesystem::path& stateDir, std::uint16_t port) {
    return stateDir / ("host-" + std::to_string(port) + ".lock");
}

TakenLock PortLock::take(const std::filesystem::path& stateDir, std::uint16_t port) {
    std::filesystem::path file = fileFor(stateDir, port);
    const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) return {nullptr, cannotLock(file, port, errno)};
    struct stat identity {};
    if (::fstat(fd, &identity) != 0) {
        const int error = errno;
        ::close(fd);
        return {nullptr, cannotLock(file, port, error)};
    }
    HeldLocks& locks = HeldLocks::instance();
    const std::scoped_lock guard(locks.mutex);
    const HeldLocks::FileId id{identity.st_dev, identity.st_ino};
    if (auto shared = locks.held[id].lock()) {
        ::close(fd);
        return {std::move(shared), {}};
    }
    if (const int error = lockWholeFile(fd); error != 0) {
        // EAGAIN or EACCES: a live program holds it; anything else: locks do not work here.
        StoreProblem problem = error == EAGAIN || error == EACCES
                                   ? lockedBy(file, lockHolderFrom(readLockText(fd), port))
                                   : cannotLock(file, port, error);
        ::close(fd);
        return {nullptr, std::move(problem)};
    }
    writeLockText(fd, lockHolderText(thisProgram(port)));
    std::shared_ptr<PortLock> lock(new PortLock(std::move(file), fd));
    locks.held[id] = lock;
    return {std::move(lock), {}};
}

PortLock::~PortLock() {
    // Under the registry's mutex: a keeper taking the lock now waits until it is free.
    const std::scoped_lock guard(HeldLocks::instance().mutex);
    // Emptied first, so that the file names nobody once nobody holds it; should that fail, the
    // lock goes with the descriptor all the same.
    [[maybe_unused]] const int emptied = ::ftruncate(m_fd, 0);
    ::close(m_fd);
}

LockHolder lockHolderFrom(std::string_view text, std::uint16_t port) {
    LockHolder holder;
    holder.port = port;
    while (!text.empty()) {
        const auto end = text.find('\n');
        const std::string_view line = text.substr(0, end);
        text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
        const auto space = line.find(' ');
        if (space == std::string_view::npos) continue;
        const std::string_view key = line.substr(0, space);
        const std::string_view value = line.substr(space + 1);
        if (key == "pid") {
            long pid = 0;
            const auto [stop, error] = std::from_chars(value.data(), value.data() + value.size(), pid);
            if (error == std::errc{} && stop == value.data() + value.size() && pid > 0) holder.pid = pid;
        } else if (key == "host") {
            holder.hostName = holderWord(value);
        } else if (key == "program") {
            holder.program = holderWord(value);
        }
    }
    return holder;
}

std::string lockHolderText(const LockHolder& holder) {
    return "pid " + std::to_string(holder.pid) + "\nhost " + holder.hostName + "\nprogram " + holder.program + "\n";
}

std::string describeHolder(const LockHolder& holder) {
    if (holder.pid <= 0) return holder.program.empty() ? "another program" : holder.program;
    const std::string program = holder.program.empty() ? "another program" : holder.program;
    const std::string where = holder.hostName.empty() ? std::string() : " on " + holder.hostName;
    return program + " (PID " + std::to_string(holder.pid) + where + ")";
}

} // namespace speed::store
