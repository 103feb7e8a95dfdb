#include "speed/measure/SequenceWindow.hpp"

namespace speed {

SequenceWindow::Arrival SequenceWindow::add(std::uint32_t seq) {
    Arrival arrival;
    if (!m_highest || seq > *m_highest) {
        // The numbers skipped on the way up have not arrived: their bits (a window ago's) go.
        if (m_highest && seq - *m_highest < kWindow) {
            for (std::uint32_t skipped = *m_highest + 1; skipped != seq; ++skipped) clear(skipped);
        } else {
            m_bits.fill(0);
        }
        m_highest = seq;
    } else if (*m_highest - seq >= kWindow) {
        arrival.reordered = true; // too old to tell a copy: counted as new
        ++m_reordered;
        ++m_distinct;
        return arrival;
    } else if (test(seq)) {
        arrival.duplicate = true;
        ++m_duplicates;
        return arrival;
    } else if (seq < *m_highest) {
        arrival.reordered = true;
        ++m_reordered;
    }
    set(seq);
    ++m_distinct;
    return arrival;
}

} // namespace speed
