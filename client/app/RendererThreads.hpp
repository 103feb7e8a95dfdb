#pragma once

#include <set>

namespace speed::client {

// The threads a software GL renderer starts for itself (Mesa's llvmpipe: one rasterizer per
// core, which spin while a frame is drawn) would otherwise compete at the same priority with
// the network thread, and on a two-core machine keep it from reading a datagram for
// milliseconds. The window notes the threads it has before the renderer starts and, once the
// first frame is drawn, lowers the priority (nice +10) of those that appeared since.
class RendererThreads {
public:
    RendererThreads(); // notes the threads that exist now
    // Lowers the new threads' priority; how many were lowered.
    int deprioritizeNewThreads() const;

private:
    std::set<int> m_before;
};

} // namespace speed::client
