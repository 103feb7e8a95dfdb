#pragma once

#include "speed/common/Time.hpp"

#include <cstddef>
#include <deque>
#include <string>

namespace speed::client::ui {

// What kind of event a game log line tells, for its colour.
enum class GameEventKind { Play, OpponentPlay, Table, Refusal, Connection, Result };

struct GameEvent {
    TimeMs atMs = 0; // the window's clock
    GameEventKind kind = GameEventKind::Play;
    std::string text;
};

// The game log a player reads in the side pane: plays, refills, SPEED! flips, refusals with
// their reason, connection events and results, oldest first, bounded (the oldest lines go).
class GameLog {
public:
    static constexpr std::size_t kCapacity = 1000;

    void add(GameEvent event);
    std::size_t size() const { return m_events.size(); }
    const GameEvent& at(std::size_t index) const { return m_events[index]; }
    std::size_t dropped() const { return m_dropped; }

private:
    std::deque<GameEvent> m_events;
    std::size_t m_dropped = 0;
};

} // namespace speed::client::ui
