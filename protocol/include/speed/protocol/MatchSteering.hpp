#pragma once

#include "speed/protocol/Session.hpp"

// The match around the games, the same for every seat player (the bot in speed-server, the
// window in speed): the host deals the first game as soon as the other player is there and,
// with `autoNextGame`, this side asks for every next one (it is dealt when the other side asks
// too: its bot at once, a person when they choose Rematch). Once `goalReached`, the client ends the session at the
// last result (the host, being authoritative, has it already) and the host at EXTGAME, after the
// result was shown. True when it has sent SHUTDOWN.
namespace speed::protocol {

// How far the match has come towards a goal of `games` games (--games N; 0: no goal), counted
// by the match's own game numbers, not by the games this process saw: a side that restarted
// during game g of the match and came back to it plays games g to N, and a new player's match
// (a Connected session after the last one was given up) counts from its game 1 again.
class MatchGoal {
public:
    explicit MatchGoal(int games) : m_games(games) {}

    // Follows one event of the session. True for the GameOver of a game not counted yet (a
    // restored host tells again of a game that had ended before it restarted: counted once).
    bool follow(const SessionEvent& event);
    bool reached() const { return m_games > 0 && m_lastOver >= static_cast<WireNumber>(m_games); }
    // The match's number of the last game that ended (0: none yet): how many games it has had.
    WireNumber lastGameOver() const { return m_lastOver; }
    int games() const { return m_games; }

private:
    int m_games;
    WireNumber m_lastOver = 0;
};

bool steerMatch(Session& session, TimeMs now, bool goalReached, bool autoNextGame);

} // namespace speed::protocol
