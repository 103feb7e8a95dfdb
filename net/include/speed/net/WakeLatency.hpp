#pragma once

#include <chrono>

namespace speed {

// How the scheduler was asked to treat a network thread.
enum class WakePriority {
    RealTime,    // SCHED_FIFO at a low real-time priority: runs as soon as a datagram wakes it
    ShortSlices, // a normal thread with a short slice (Linux 6.12+): preempts longer-running work
    Ordinary,    // neither was granted: the kernel's defaults
};

const char* wakePriorityName(WakePriority priority);

// Asks the scheduler to run the calling thread soon after it wakes: a thread that sleeps on a
// socket and works for microseconds (a network thread) beside threads that compute for
// milliseconds (drawing, and under a software renderer one such thread per core).
//
// First a low real-time priority (SCHED_FIFO, reset on fork). It is granted to a process with
// CAP_SYS_NICE or an RLIMIT_RTPRIO above zero (set by the desktop's rtkit or limits.conf); the
// kernel's real-time throttling still leaves other threads at least 5% of each CPU, so a runaway
// handler cannot freeze the machine. Otherwise a short time slice (sched_setattr's
// sched_runtime on Linux 6.12+), unprivileged: a waking thread with a shorter slice than the one
// running preempts it. Older kernels ignore that request.
WakePriority askForPromptWakeups(std::chrono::microseconds slice = std::chrono::microseconds(200));

} // namespace speed
