#pragma once

namespace speed {

// A wake-up one thread gives another that waits on file descriptors (poll): raise() makes fd()
// readable until the waiting side clear()s it. Any number of raises between two clears wake
// once. An eventfd; fd() is -1 when none could be made (the waiting side then polls).
class WakeSignal {
public:
    WakeSignal();
    ~WakeSignal();
    WakeSignal(const WakeSignal&) = delete;
    WakeSignal& operator=(const WakeSignal&) = delete;

    int fd() const { return m_fd; }
    void raise() const;
    void clear() const;

private:
    int m_fd = -1;
};

} // namespace speed
