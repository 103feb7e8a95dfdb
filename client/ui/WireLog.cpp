#include "ui/WireLog.hpp"

#include <fmt/format.h>

namespace speed::client::ui {

void WireLog::append(std::vector<WireLogEntry> entries) {
    m_received += entries.size();
    for (WireLogEntry& entry : entries) m_entries.push_back(std::move(entry));
    while (m_entries.size() > m_capacity) {
        m_entries.pop_front();
        ++m_dropped;
    }
}

void WireLog::clear() {
    m_dropped += m_entries.size();
    m_entries.clear();
}

std::string formatLogTime(TimeMs atMs) {
    const TimeMs clamped = atMs < 0 ? 0 : atMs;
    return fmt::format("{:02}:{:02}.{:03}", clamped / 60000, clamped / 1000 % 60, clamped % 1000);
}

std::string formatLogLine(const WireLogEntry& entry) {
    return fmt::format("{} {} {}", formatLogTime(entry.atMs), entry.sent ? "->" : "<-", entry.text);
}

} // namespace speed::client::ui
