#include "match/LocalMatch.hpp"
#include "match/MoveInference.hpp"
#include "PlayToTheEnd.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;

namespace {

// Every move of a whole bot-vs-bot game, with its tables, on virtual time.
std::vector<AppliedMove> wholeGame(std::uint64_t seed) {
    LocalMatchSetup setup;
    setup.seed = seed;
    setup.localBot = BotLevel::Max;
    setup.cpuLevel = BotLevel::Max;
    LocalMatch match(setup, 0);
    return client::test::playToTheEnd(match, 600'000);
}

} // namespace

TEST_CASE("inferMoves recovers the moves between two snapshots of a real game") {
    const auto game = wholeGame(7);
    REQUIRE(game.size() > 20);
    for (std::size_t span = 1; span <= 3; ++span) {
        for (std::size_t first = 0; first + span <= game.size(); ++first) {
            const GameState& before = game[first].before;
            const GameState& after = game[first + span - 1].after;
            const auto inferred = inferMoves(before, after);
            INFO("moves " << first << ".." << first + span - 1);
            REQUIRE(inferred.size() == span);
            CHECK(inferred.back().after.players == after.players);
            CHECK(inferred.back().after.field == after.field);
            int inferredFlips = 0;
            int flips = 0;
            for (std::size_t i = 0; i < span; ++i) { // a refill and a play may come in either order
                inferredFlips += inferred[i].move.kind == MoveKind::Flip ? 1 : 0;
                flips += game[first + i].move.kind == MoveKind::Flip ? 1 : 0;
            }
            CHECK(inferredFlips == flips);
        }
    }
}

TEST_CASE("inferMoves finds nothing between equal tables or across a new deal") {
    const auto game = wholeGame(8);
    REQUIRE(!game.empty());
    CHECK(inferMoves(game[3].after, game[3].after).empty());
    const auto backwards = inferMoves(game[5].after, game[2].before); // piles never shrink in a game
    CHECK(backwards.empty());
}

