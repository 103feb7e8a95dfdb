#pragma once

#include "match/GameInfo.hpp"
#include "match/MatchDriver.hpp"
#include "table/TutorialCourse.hpp"

#include "speed/common/Match.hpp"

#include <vector>

namespace speed::client {

// The stacked deal of "Learn to play" (seat 0 is the player): every lesson of TutorialCourse
// comes in order when the player makes the lit moves, and the player wins in the end.
//   player   hand 8♦ K♠ JK 3♣, deck (top first) 7♣ 4♣ 5♦ 6♠ 2♠
//   opponent hand 10♥ 4♥ 5♣ 6♦, deck (top first) A♥ 3♦ 2♥
// The opening SPEED! turns 7♣ and A♥; the 8♦ goes on the 7♣, the K♠ wraps onto the A♥, the
// joker goes anywhere; the refill brings 4♣ 5♦ 6♠; the opponent covers the joker with its 10♥
// and refills, and nobody can play: SPEED! turns 2♠ and 2♥, and 3-4-5-6 empty the player's hand.
GameState tutorialTable();

// The tunables of the lesson: a SPEED! call long enough to read, the opponent slow enough to watch.
inline constexpr MatchTiming kTutorialTiming{2500, 2000};
inline constexpr TimeMs kTutorialOpponentMs = 1500; // the opponent's move comes this long after the table changed

// "Learn to play": one guided game on the stacked deal against a patient opponent. The player's
// moves are taken only when they are what the step asks for (until a step is skipped: from then
// on any legal move is), and the opponent moves only when the step needs it (to leave nobody
// able to play, at the SPEED! step) or when the player cannot move at all, slowly, one move each
// kTutorialOpponentMs. The lesson is no game of the statistics: finishedGames() stays empty.
class TutorialMatch final : public MatchDriver {
public:
    explicit TutorialMatch(TimeMs now);

    std::vector<AppliedMove> tick(TimeMs now) override;
    MoveAnswer propose(const Move& move, TimeMs now) override;
    bool startNextGame(TimeMs) override { return false; } // the end panel leads on, not N
    bool togglePause(TimeMs now) override;

    GameInfo info() const override { return m_info; }
    const GameState& state() const override { return m_match.state(); }
    int localSeat() const override { return 0; }
    int gameNumber() const override { return m_match.gameNumber(); }
    std::uint64_t gameSeed() const override { return 0; }
    std::uint64_t firstSeed() const override { return 0; }
    bool speedCalled() const override { return m_match.speedCalled(); }
    TimeMs elapsedMs(TimeMs now) const override { return m_match.elapsedMs(now); }
    TimeMs nextWakeAt(TimeMs now) const override;
    const std::vector<GameRecord>& finishedGames() const override { return m_noGames; }

    const TutorialCourse& course() const { return m_course; }
    std::vector<Place> lit() const { return m_course.lit(m_match.state()); }
    void skipStep(TimeMs now);
    void skipAll(TimeMs now);
    void restart(TimeMs now); // the lesson from its first step, on a fresh deal
    int opponentMoves() const { return m_opponentMoves; }

private:
    void begin(TimeMs now);
    void afterChange(const Move& move, const GameState& before, TimeMs now);
    bool opponentWants() const;
    void schedule(TimeMs now);
    void refreshInfo(TimeMs now);

    Match m_match;
    TutorialCourse m_course;
    GameInfo m_info = GameInfo::Nothing;
    TimeMs m_opponentAt = kNever; // wall time of the opponent's next move
    int m_opponentMoves = 0;
    std::vector<GameRecord> m_noGames;
};

} // namespace speed::client
