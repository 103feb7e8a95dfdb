// The result a finished network game shows: the banner and the status bar's pill take it from
// one place, so a host seat's table that still lags the match (fair arbitration shows the
// host's seat the table as late as the other player sees it) can never make the banner say
// "YOU LOSE" beside "You won", during the result hold or after it.
#include "match/GameInfo.hpp"
#include "match/SessionMirror.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

TEST_CASE("shown result: the game's state word decides, whatever the seat's table says", "[client][result]") {
    // The seat's table one revision behind the end: no result on it yet.
    CHECK(shownOutcome(GameInfo::Win, GameResult::Playing, 0) == Outcome::Won);
    CHECK(shownOutcome(GameInfo::Defeat, GameResult::Playing, 1) == Outcome::Lost);
    CHECK(shownOutcome(GameInfo::Draw, GameResult::Seat0Wins, 0) == Outcome::Draw);
    // A table that disagrees with the state word loses to it.
    CHECK(shownOutcome(GameInfo::Win, GameResult::Seat1Wins, 0) == Outcome::Won);
    // After the hold (EXTGAME) the state no longer names a result: the table's, from the seat.
    CHECK(shownOutcome(GameInfo::ExtGame, GameResult::Seat1Wins, 0) == Outcome::Lost);
    CHECK(shownOutcome(GameInfo::ExtGame, GameResult::Seat1Wins, 1) == Outcome::Won);
}

TEST_CASE("shown result: a finished game shows the match's own table, a game in play the seat's", "[client][result]") {
    SessionMirror mirror;
    mirror.hasSession = true;
    mirror.gameNumber = 1;
    mirror.state.result = GameResult::Playing;     // the host seat's view, behind
    mirror.confirmed.result = GameResult::Seat0Wins; // the match: the host won on the flip
    for (const GameInfo over : {GameInfo::Win, GameInfo::ExtGame}) {
        mirror.info = over;
        const GameState& shown = shownTableOf(mirror);
        CHECK(shown.result == GameResult::Seat0Wins);
        CHECK(shownOutcome(mirror.info, shown.result, 0) == Outcome::Won);
    }
    mirror.info = GameInfo::Play;
    CHECK(&shownTableOf(mirror) == &mirror.state);
}
