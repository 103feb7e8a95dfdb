#pragma once

#include "MoveTimer.hpp"

#include "speed/net/LatencySamples.hpp"
#include "speed/net/SeatPlayer.hpp"

#include "speed/protocol/BotPlayer.hpp"
#include "speed/protocol/MatchSteering.hpp"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace speed {

// speed-server's seat: the bot plays, the host starts each next game, and once game `games` of
// the match is over the match ends (0: play until the other side ends it). The games are the
// match's: a side restarted during game g plays games g to `games`, and a new player's match
// (after the last one was given up) has all of its own. Progress lines go to `out`.
class BotSeat : public SeatPlayer {
public:
    BotSeat(BotLevel level, std::uint64_t seed, int games, std::ostream& out);

    TimeMs play(protocol::Session& session, TimeMs now, const std::vector<protocol::SessionEvent>& events) override;

    // The games of the current match this process saw end, in order: their results ("WIN" |
    // "DRAW" | "DEFEAT") and their numbers in the match.
    const std::vector<std::string>& results() const { return m_results; }
    const std::vector<int>& resultGames() const { return m_resultGames; }
    // The match's number of the last game that ended: how many games the match has had.
    int matchGames() const { return static_cast<int>(m_goal.lastGameOver()); }
    bool goalReached() const { return m_goal.reached(); }
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
    protocol::MatchGoal m_goal;
    std::ostream& m_out;
    std::optional<protocol::BotPlayer> m_bot; // made once the seat is known
    int m_botSeat = -1;
    std::vector<std::string> m_results;
    std::vector<int> m_resultGames;
    std::string m_endReason;
    std::string m_peerName;
    bool m_shutdownSent = false;
    MoveTimer m_moveTimer;
    LatencySamples m_roundTrips;
};

} // namespace speed
