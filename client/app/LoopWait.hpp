#pragma once

#include "speed/common/Time.hpp"

#include <vector>

namespace speed::client {

// How the window's loop waits between turns: until the display has input for it, the network
// has news (an fd it is given), or the time is up, whichever comes first. No fixed poll
// interval: a pointer motion or a datagram is handled the moment it arrives.
class LoopWait {
public:
    // Finds the display's connection among this process's sockets (the one to the X server);
    // call it once the window is open. Without one the loop wakes at least every fallback ms.
    LoopWait();

    // Waits up to `maxMs`; `networkFd` -1 for none. The caller must have drained the window's
    // event queue first (input already read by Xlib would not wake the wait).
    void wait(TimeMs maxMs, int networkFd) const;
    bool watchesDisplay() const { return !m_displayFds.empty(); }

private:
    std::vector<int> m_displayFds;
};

} // namespace speed::client
