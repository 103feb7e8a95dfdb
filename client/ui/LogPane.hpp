#pragma once

#include "ui/WireLog.hpp"

#include "table/Geometry.hpp"

namespace speed::client::ui {

// The message log pane on the right of the table: every datagram sent and received
// with its time, sent in blue with "->", received in green with "<-". It follows the newest
// line while scrolled to the bottom and stays put while the user reads further up.
class LogPane {
public:
    void append(std::vector<WireLogEntry> entries) { m_log.append(std::move(entries)); }
    const WireLog& log() const { return m_log; }

    bool shown() const { return m_shown; }
    void setShown(bool shown) { m_shown = shown; }

    // Draws the pane into `area` (window pixels). `online`: a network match feeds the log.
    void draw(const Rect& area, bool online);

private:
    void drawLines();

    WireLog m_log;
    bool m_shown = true;
};

} // namespace speed::client::ui
