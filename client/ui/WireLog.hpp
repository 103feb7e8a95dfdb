#pragma once

#include "match/NetworkView.hpp"

#include <cstddef>
#include <deque>
#include <string>
#include <vector>

namespace speed::client::ui {

// The message log pane's lines: every datagram sent and received, oldest first,
// bounded so a long match cannot grow it without limit (the oldest lines go first).
class WireLog {
public:
    static constexpr std::size_t kDefaultCapacity = 5000;

    explicit WireLog(std::size_t capacity = kDefaultCapacity) : m_capacity(capacity == 0 ? 1 : capacity) {}

    void append(std::vector<WireLogEntry> entries);
    void clear();

    std::size_t size() const { return m_entries.size(); }
    const WireLogEntry& at(std::size_t index) const { return m_entries[index]; }
    std::size_t dropped() const { return m_dropped; }   // lines let go to stay within capacity
    std::size_t received() const { return m_received; } // lines ever appended
    std::size_t capacity() const { return m_capacity; }

private:
    std::size_t m_capacity;
    std::deque<WireLogEntry> m_entries;
    std::size_t m_dropped = 0;
    std::size_t m_received = 0;
};

// "mm:ss.mmm" of the window's clock, as the pane shows it.
std::string formatLogTime(TimeMs atMs);

// One line as shown and copied: time, arrow ("->" sent, "<-" received) and the datagram.
std::string formatLogLine(const WireLogEntry& entry);

} // namespace speed::client::ui
