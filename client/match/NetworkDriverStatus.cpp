// What the window shows about a networked match: the table, the states, the status bar and the
// banners. Everything here only reads.
#include "match/NetworkDriver.hpp"

#include "table/TableText.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace speed::client {

namespace {
constexpr TimeMs kSecondMs = 1000;
const std::string kDot = "   \xC2\xB7   ";
} // namespace

GameInfo NetworkDriver::info() const {
    const protocol::Session* live = session();
    return live != nullptr ? live->gameInfo() : GameInfo::Nothing;
}

const GameState& NetworkDriver::state() const {
    const protocol::Session* live = session();
    return live != nullptr && live->gameNumber() > 0 ? live->state() : m_blankTable;
}

int NetworkDriver::localSeat() const {
    const protocol::Session* live = session();
    return live != nullptr ? live->mySeat() : (isHost() ? 0 : 1);
}

int NetworkDriver::gameNumber() const {
    const protocol::Session* live = session();
    return live != nullptr ? static_cast<int>(live->gameNumber()) : 0;
}

// Only the host knows its deal seed.
std::uint64_t NetworkDriver::gameSeed() const {
    if (!isHost() || gameNumber() == 0) return 0;
    return m_setup.seed + static_cast<std::uint64_t>(gameNumber() - 1);
}

std::uint64_t NetworkDriver::firstSeed() const { return isHost() ? m_setup.seed : 0; }

bool NetworkDriver::speedCalled() const {
    const protocol::Session* live = session();
    return live != nullptr && live->speedCallPending();
}

// In CON_WAIT the clock counts the wait down (whole seconds, rounded up); in a game it shows
// the game time.
TimeMs NetworkDriver::elapsedMs(TimeMs now) const {
    if (info() == GameInfo::ConWait) {
        const TimeMs left = std::max<TimeMs>(0, toWindow(m_giveUpAt) - now);
        return (left + kSecondMs - 1) / kSecondMs * kSecondMs;
    }
    if (m_endedElapsedMs) return *m_endedElapsedMs;
    if (m_clockGame == 0) return 0;
    return std::max<TimeMs>(0, (m_pausedAt ? *m_pausedAt : now) - m_gameStartAt - m_pausedTotalMs);
}

std::string NetworkDriver::clockLabel() const { return info() == GameInfo::ConWait ? "WAIT" : "TIME"; }

TimeMs NetworkDriver::nextWakeAt(TimeMs /*now*/) const {
    const protocol::Session* live = session();
    if (live == nullptr) return kNever;
    TimeMs wake = toWindow(std::min(live->nextWakeMs(), m_seat ? m_seat->wakeAt() : kNever));
    if (live->gameInfo() == GameInfo::ConWait) { // the countdown's next second
        const TimeMs now = m_clock.nowMs() + m_offsetMs;
        const TimeMs left = toWindow(m_giveUpAt) - now;
        if (left > 0) wake = std::min(wake, now + ((left - 1) % kSecondMs) + 1);
    }
    return wake;
}

std::string NetworkDriver::measureTarget() const {
    const protocol::Session* live = session();
    return live != nullptr && protocol::isConnected(live->gameInfo()) ? live->peerAddress() : std::string();
}

bool NetworkDriver::matchEnded() const { return !m_connector || m_connector->finished(); }

std::string NetworkDriver::opponentName() const {
    if (m_peerName.empty()) return info() == GameInfo::ConWait ? "waiting for the other player" : "no opponent";
    return m_peerName;
}

std::string NetworkDriver::statusDetail(TimeMs /*now*/) const {
    const std::string role = isHost() ? "host" : "client";
    if (!m_connected) {
        if (info() == GameInfo::ConWait) return role + kDot + waitingDetail();
        return "not connected";
    }
    std::string text = role + kDot + "vs " + m_peerName + " at " + m_lastPeerAddress;
    if (const auto rtt = m_rtt.smoothedMs()) text += kDot + fmt::format("RTT {:.0f} ms", *rtt);
    else text += kDot + "RTT -";
    if (gameNumber() > 0) text += kDot + "game " + std::to_string(gameNumber());
    return text;
}

std::string NetworkDriver::waitingDetail() const {
    const ConnectOptions& connect = m_setup.connect;
    const std::string port = std::to_string(connect.hostPort);
    if (!connect.peer) return isHost() ? "hosting on UDP port " + port : "joining the host on this machine, port " + port;
    const std::string peer = formatHostPort(*connect.peer);
    if (connect.joinOnly) return "joining " + peer;
    return isHost() ? "no host at " + peer + ": hosting on UDP port " + port : "looking for a host at " + peer;
}

MatchNotice NetworkDriver::notice(TimeMs /*now*/) const {
    const std::string again = m_connected ? "R: play again" : "R: try again";
    if (!m_failure.empty()) return {"NO GAME", m_failure + kDot + again};
    if (matchEnded()) {
        return {"MATCH OVER", (m_endReason.empty() ? std::string("the session ended") : m_endReason) + kDot + again};
    }
    if (m_peerSilent) return {"SILENT", "nothing heard from the other player: paused until they are back"};
    switch (info()) {
    case GameInfo::ConWait: return {"WAITING", "for the other player" + kDot + waitingDetail()};
    case GameInfo::Connect:
        return {"CONNECTED", isHost() ? "dealing the first game" : "the host deals the first game"};
    default: return {};
    }
}

} // namespace speed::client
