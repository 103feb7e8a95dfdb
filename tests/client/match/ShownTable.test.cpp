#include "match/ShownTable.hpp"

#include "speed/common/Bot.hpp"
#include "speed/common/Deal.hpp"
#include "speed/common/Referee.hpp"
#include "speed/protocol/TableView.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

namespace {

// A table a few moves into game 1, and the next moves of each seat.
struct Game {
    GameState table = deal(RuleOptions{}, 21);
    Game() { applyMove(table, Move::flip()); }
    Move next(int seat) const { return *Bot(seat, BotLevel::Max, 3).bestAction(table); }
    Move play(int seat) {
        const Move move = next(seat);
        REQUIRE(applyMove(table, move) == MoveError::None);
        return move;
    }
};

} // namespace

TEST_CASE("shown table: the opponent's move flies in, the user's own does not", "[client][shown]") {
    Game game;
    ShownTable shown;
    shown.startGame(1, game.table);
    std::vector<AppliedMove> out;
    const Move mine = game.play(0);
    shown.ownMoveShown(mine);
    shown.applied(1, mine, out);
    CHECK(out.empty());
    const Move theirs = game.play(1);
    shown.applied(1, theirs, out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].move == theirs);
    CHECK(protocol::sameTable(out[0].after, game.table));
    CHECK(shown.moves() == 2);
    CHECK(protocol::sameTable(shown.table(), game.table));
}

TEST_CASE("shown table: a refused move slides back only when it had been shown", "[client][shown]") {
    Game game;
    ShownTable shown;
    shown.startGame(1, game.table);
    const Move mine = game.next(0);
    CHECK_FALSE(shown.refused(mine));
    shown.ownMoveShown(mine);
    CHECK(shown.refused(mine));
    CHECK_FALSE(shown.refused(mine)); // once
}

TEST_CASE("shown table: lost updates are bridged by inference, and old games are ignored", "[client][shown]") {
    Game game;
    ShownTable shown;
    shown.startGame(2, game.table);
    std::vector<AppliedMove> out;
    shown.applied(1, game.next(1), out); // an event of the previous game
    CHECK(out.empty());
    const Move first = game.play(1);
    const Move second = game.play(0);
    shown.catchUp(2, game.table, out);
    REQUIRE(out.size() == 2); // in an order that explains the change (independent moves may swap)
    CHECK(((out[0].move == first && out[1].move == second) || (out[0].move == second && out[1].move == first)));
    CHECK(protocol::sameTable(out[1].after, game.table));
    CHECK(protocol::sameTable(shown.table(), game.table));
    out.clear();
    shown.catchUp(2, game.table, out);
    CHECK(out.empty());
}

TEST_CASE("shown table: a rewind goes back to the table it names, and the plays after it come again", "[client][shown]") {
    Game game;
    ShownTable shown;
    shown.startGame(1, game.table);
    std::vector<AppliedMove> out;
    const GameState before = game.table;
    const Move first = game.play(1);
    shown.applied(1, first, out);
    REQUIRE(shown.moves() == 1);
    // The host took that play back to `before`: the next play applies on that table, not on the
    // one with the taken-back card.
    shown.rebase(1, before, 1);
    CHECK(shown.moves() == 0);
    CHECK(protocol::sameTable(shown.table(), before));
    GameState again = before;
    const Move other = *Bot(0, BotLevel::Max, 3).bestAction(again);
    REQUIRE(applyMove(again, other) == MoveError::None);
    out.clear();
    shown.applied(1, other, out);
    REQUIRE(out.size() == 1);
    CHECK(protocol::sameTable(shown.table(), again));
    shown.rebase(2, game.table, 1); // another game's: ignored
    CHECK(protocol::sameTable(shown.table(), again));
}

TEST_CASE("shown table: a play that comes again after a rewind stays on its pile, a new one flies in",
          "[client][shown][rewind]") {
    Game game;
    ShownTable shown;
    shown.startGame(1, game.table);
    std::vector<AppliedMove> out;
    const GameState before = game.table;
    const Move theirs = game.play(1);
    shown.applied(1, theirs, out);
    REQUIRE(out.size() == 1); // it flew in once
    // A late play of the user's, made before theirs, undoes it; then theirs comes again.
    shown.rebase(1, before, 1);
    GameState again = before;
    const Move mine = *Bot(0, BotLevel::Max, 3).bestAction(again);
    REQUIRE(applyMove(again, mine) == MoveError::None);
    REQUIRE(applyMove(again, theirs) == MoveError::None); // still legal after mine (another pile)
    out.clear();
    shown.ownMoveShown(mine);
    shown.applied(1, mine, out);
    shown.applied(1, theirs, out);
    CHECK(out.empty()); // mine was shown when made, theirs was on its pile already
    CHECK(protocol::sameTable(shown.table(), again));
    CHECK(shown.moves() == 2);
    // Later plays of the same seat fly in as usual.
    GameState later = again;
    const Move next = *Bot(1, BotLevel::Max, 3).bestAction(later);
    REQUIRE(applyMove(later, next) == MoveError::None);
    shown.applied(1, next, out);
    REQUIRE(out.size() == 1);
    CHECK(out[0].move == next);
}
