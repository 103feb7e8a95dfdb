#include "speed/net/WakeLatency.hpp"

#include <spdlog/spdlog.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include <sched.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace speed {
namespace {

// The kernel's struct sched_attr, first version (48 bytes); glibc has no wrapper for
// sched_setattr, and <linux/sched/types.h> clashes with <sched.h>.
struct SchedAttr {
    std::uint32_t size;
    std::uint32_t policy;
    std::uint64_t flags;
    std::int32_t nice;
    std::uint32_t priority;
    std::uint64_t runtime; // SCHED_OTHER, Linux 6.12+: the slice asked for
    std::uint64_t deadline;
    std::uint64_t period;
};
static_assert(sizeof(SchedAttr) == 48);

// SCHED_FLAG_RESET_ON_FORK from <linux/sched.h>: a child process starts with normal scheduling.
constexpr std::uint64_t SCHED_FLAG_RESET_ON_FORK_VALUE = 0x01;


bool askForShortSlices(std::chrono::microseconds slice) {
    SchedAttr attributes{};
    attributes.size = sizeof attributes;
    attributes.policy = SCHED_OTHER;
    errno = 0;
    const int nice = ::getpriority(PRIO_PROCESS, 0); // kept as it is (may be -1 and valid)
    attributes.nice = errno == 0 ? nice : 0;
    attributes.runtime = static_cast<std::uint64_t>(std::chrono::nanoseconds(slice).count());
    if (::syscall(SYS_sched_setattr, 0, &attributes, 0) != 0) {
        spdlog::debug("a short scheduler slice was refused: {}", std::strerror(errno));
        return false;
    }
    return true;
}

// Low among real-time priorities: above every normal thread, below the kernel's own and any
// audio server's real-time threads.
constexpr std::uint32_t kNetworkRealTimePriority = 5;

bool askForRealTime() {
    SchedAttr attributes{};
    attributes.size = sizeof attributes;
    attributes.policy = SCHED_FIFO;
    attributes.flags = SCHED_FLAG_RESET_ON_FORK_VALUE;
    attributes.priority = kNetworkRealTimePriority;
    if (::syscall(SYS_sched_setattr, 0, &attributes, 0) != 0) {
        spdlog::debug("a real-time priority was refused: {}", std::strerror(errno));
        return false;
    }
    return true;
}

} // namespace

const char* wakePriorityName(WakePriority priority) {
    switch (priority) {
    case WakePriority::RealTime: return "real-time priority";
    case WakePriority::ShortSlices: return "short scheduler slices";
    case WakePriority::Ordinary: return "ordinary scheduling";
    }
    return "ordinary scheduling";
}

WakePriority askForPromptWakeups(std::chrono::microseconds slice) {
    WakePriority granted = WakePriority::Ordinary;
    if (askForRealTime()) granted = WakePriority::RealTime;
    else if (askForShortSlices(slice)) granted = WakePriority::ShortSlices;
    spdlog::info("network thread: {}", wakePriorityName(granted));
    return granted;
}

} // namespace speed
