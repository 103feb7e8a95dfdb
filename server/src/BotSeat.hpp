#pragma once

#include "MoveTimer.hpp"

#include "speed/net/LatencySamples.hpp"
#include "speed/net/SeatPlayer.hpp"

#include "speed/protocol/BotPlayer.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace speed {

// speed-server's seat: the bot plays, the host starts each next game, and after `games` games
// the match ends (0: play until the other side ends it). Progress lines go to `out`.
class BotSeat : public SeatPlayer {
public:
    BotSeat(BotLevel level, std::uint64_t seed, int games, std::ostream& out);

    TimeMs play(protocol::Session& session, TimeMs now, const std::vector<protocol::SessionEvent>& events) override;

    const std::vector<std::string>& results() const { return m_results; } // "WIN" | "DRAW" | "DEFEAT"
    bool goalReached() const { return m_games > 0 && static_cast<int>(m_results.size()) >= m_games; }
    const std::string& endReason() const { return m_endReason; } // why the session ended, if not by us
    const std::string& peerName() const { return m_peerName; }
    // The client's proposals, from the bot's decision to the host's OK or NG (wall clock).
    const MoveTimer& moveTimer() const { return m_moveTimer; }
    const LatencySamples& roundTrips() const { return m_roundTrips; } // ms, every answered request
    // This side is ending the session (a signal): its own SHUTDOWN is not the other side's.
    void endingHere() { m_shutdownSent = true; }

private:
    void onEvent(protocol::Session& session, const protocol::SessionEvent& event);

    BotLevel m_level;
    std::uint64_t m_seed;
    int m_games;
    std::ostream& m_out;
    std::optional<protocol::BotPlayer> m_bot; // made once the seat is known
    int m_botSeat = -1;
    std::vector<std::string> m_results;
    std::string m_endReason;
    std::string m_peerName;
    bool m_shutdownSent = false;
    MoveTimer m_moveTimer;
    LatencySamples m_roundTrips;
};

} // namespace speed
