// A window whose host was restored from its journal follows the game it took back like any
// other: the opponent's plays fly in, and the finished game is counted with all its moves.
#include "app/GameStatsKeeper.hpp"
#include "match/ShownTable.hpp"

#include "protocol/RestoredHost.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;
using speed::protocol::SessionEvent;
using speed::protocol::SessionEventKind;

TEST_CASE("restored game: the window animates the opponent's plays and counts every move of the game",
          "[client][shown][resume]") {
    protocol::test::RestoredHost rig;
    rig.startAndPlay(6);
    rig.restartHost();
    rig.advance(500); // the client comes back
    rig.playOut();
    REQUIRE(rig.host->confirmedState().result != GameResult::Playing);

    ShownTable shown; // a window that started with the restored host, as the new process does
    std::vector<AppliedMove> animated;
    std::optional<GameRecord> recorded;
    for (const SessionEvent& event : rig.hostEvents) {
        shown.follow(event, animated);
        if (event.kind != SessionEventKind::GameOver) continue;
        recorded = GameRecord{};
        recorded->number = static_cast<int>(event.game);
        recorded->info = GameInfo::Win;
    }
    // As NetworkDriver does: the game is recorded once the events that came with its end are in
    // (the host tells of the move that ended it just after the end).
    REQUIRE(recorded.has_value());
    recorded->moves = shown.moves();
    recorded->flips = shown.flips();
    CHECK(shown.game() == 1);
    CHECK(protocol::sameTable(shown.table(), rig.host->confirmedState()));
    const bool opponentAnimated = std::any_of(animated.begin(), animated.end(),
                                              [](const AppliedMove& applied) { return applied.move.seat == 1; });
    CHECK(opponentAnimated);
    REQUIRE(recorded.has_value());
    const int gameMoves = rig.host->match().moves() + rig.host->match().flips();
    CHECK(recorded->moves == gameMoves);
    CHECK(recorded->flips == rig.host->match().flips());
    const store::FinishedGame row = finishedGameOf(*recorded, rig.host->confirmedState().rules, 0, {}, 0);
    CHECK(row.moves == gameMoves);
}
