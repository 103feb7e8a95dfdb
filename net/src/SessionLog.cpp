#include "speed/net/SessionLog.hpp"

#include <spdlog/spdlog.h>

namespace speed {

void logSessionEvent(const protocol::SessionEvent& event) {
    using protocol::SessionEventKind;
    switch (event.kind) {
    case SessionEventKind::PeerSilent: spdlog::warn("the other side is silent: {}", event.text); break;
    case SessionEventKind::PeerBack: spdlog::info("the other side is back"); break;
    case SessionEventKind::GameStarted: spdlog::info("game {} dealt", event.game); break;
    case SessionEventKind::JoinRefused: spdlog::warn("{}", event.text); break;
    case SessionEventKind::RefusalsSummed: spdlog::warn("{}", event.text); break;
    case SessionEventKind::PeerMoved: spdlog::info("the other side now sends from {}", event.text); break;
    case SessionEventKind::ConnectFailed: spdlog::info("connection attempt: {}", event.text); break;
    case SessionEventKind::TableJumped: spdlog::debug("{}", event.text); break;
    // Fair arbitration's rewind, on the host and on the client alike (its UPDATE says it).
    case SessionEventKind::Rewound: spdlog::info("rewound: {}", event.text); break;
    case SessionEventKind::MoveTakenBack:
        if (event.raceLeadUs) {
            spdlog::info("{}: the play on its pile came first by {:.1f} ms", event.text,
                         static_cast<double>(*event.raceLeadUs) / 1000.0);
        } else {
            spdlog::info("{}: it no longer fits", event.text);
        }
        break;
    case SessionEventKind::TransitionRefused: spdlog::debug("refused: {}", event.text); break;
    case SessionEventKind::DatagramIgnored: spdlog::debug("{}", event.text); break;
    case SessionEventKind::StateChanged: spdlog::debug("state {}", protocol::toString(event.info)); break;
    default: break;
    }
}

} // namespace speed
