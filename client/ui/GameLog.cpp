#include "ui/GameLog.hpp"

namespace speed::client::ui {

void GameLog::add(GameEvent event) {
    if (event.text.empty()) return;
    m_events.push_back(std::move(event));
    while (m_events.size() > kCapacity) {
        m_events.pop_front();
        ++m_dropped;
    }
}

} // namespace speed::client::ui
