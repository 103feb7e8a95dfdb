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

} // namespace

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

} // namespace speed
