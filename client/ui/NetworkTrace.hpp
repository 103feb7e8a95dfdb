#pragma once

#include "ui/WireLog.hpp"

namespace speed::client::ui {

// The network trace: every datagram sent and received with its time, sent in blue with "->",
// received in green with "<-", in a window of its own opened from the menu. It follows the
// newest line while scrolled to the bottom and stays put while the user reads further up.
class NetworkTrace {
public:
    void append(std::vector<WireLogEntry> entries) { m_log.append(std::move(entries)); }
    const WireLog& log() const { return m_log; }

    void open() { m_open = true; }
    void close() { m_open = false; }
    bool isOpen() const { return m_open; }
    // `online`: a network match feeds it.
    void draw(bool online);

private:
    void drawLines();

    WireLog m_log;
    bool m_open = false;
};

} // namespace speed::client::ui
