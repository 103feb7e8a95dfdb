#pragma once

#include <chrono>

namespace speed {

// Asks the scheduler to run the calling thread soon after it wakes: a thread that sleeps on a
// socket and works for microseconds (a network thread) beside threads that compute for
// milliseconds (drawing). On Linux 6.12 and later a normal thread may ask for a short time
// slice (sched_setattr's sched_runtime), and a waking thread with a shorter slice than the
// one running preempts it; older kernels ignore the request. Unprivileged. False when the
// kernel refused it (the reason is logged at debug level).
bool askForShortSlices(std::chrono::microseconds slice = std::chrono::microseconds(200));

} // namespace speed
