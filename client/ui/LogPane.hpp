#pragma once

#include "ui/GameLog.hpp"

#include "table/Geometry.hpp"

namespace speed::client::ui {

// The game log pane on the right of the table (L shows and hides it; closed by default): what
// happened in the game in a player's words, newest at the bottom, with the time. It follows
// the newest line while scrolled to the bottom and stays put while the user reads further up.
class LogPane {
public:
    void add(GameEvent event) { m_log.add(std::move(event)); }
    const GameLog& log() const { return m_log; }

    bool shown() const { return m_shown; }
    void setShown(bool shown) { m_shown = shown; }

    // Draws the pane into `area` (window pixels).
    void draw(const Rect& area);

private:
    GameLog m_log;
    bool m_shown = false;
};

} // namespace speed::client::ui
