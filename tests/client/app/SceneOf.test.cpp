#include "app/SceneOf.hpp"

#include "app/TableInput.hpp"
#include "match/LocalMatch.hpp"
#include "match/NoMatch.hpp"
#include "text/Words.hpp"

#include "support/InJapanese.hpp"
#include "QuietNetworkView.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;
using speed::test::InJapanese;

namespace {

// A game against the hard CPU, with "normal" saved in Settings for the next game.
struct HardCpuGame {
    LocalMatch match{[] {
        LocalMatchSetup setup;
        setup.cpuLevel = BotLevel::Hard;
        return setup;
    }(), 0};
    TableLayout layout = computeLayout(1024, 720, {});
    TableMotion motion;
    TableInput input{layout, motion};
    ClientOptions options = [] {
        ClientOptions saved;
        saved.vsCpu = true;
        saved.cpuLevel = BotLevel::Normal;
        return saved;
    }();
    TableScene scene() const { return sceneOf(match, input, motion, options, 0); }
};

} // namespace

TEST_CASE("scene: the table names the running CPU's level, not the one saved for the next game", "[client][words]") {
    const HardCpuGame game;
    const TableScene scene = game.scene();
    CHECK(scene.opponentName == "Ren \xC2\xB7 hard");
    CHECK(scene.statusDetail.find("Ren (hard)") != std::string::npos);
    CHECK(scene.statusDetail.find("normal") == std::string::npos);
}

TEST_CASE("scene: the test bot and an idle CPU are just the CPU, without a person's name", "[client][words]") {
    TableLayout layout = computeLayout(1024, 720, {});
    TableMotion motion;
    TableInput input(layout, motion);
    LocalMatchSetup fast;
    fast.cpuLevel = BotLevel::Max;
    const LocalMatch maxMatch(fast, 0);
    CHECK(sceneOf(maxMatch, input, motion, ClientOptions{}, 0).opponentName == "CPU \xC2\xB7 max");
    LocalMatchSetup idle;
    idle.cpuMoves = false;
    const LocalMatch idleMatch(idle, 0);
    CHECK(sceneOf(idleMatch, input, motion, ClientOptions{}, 0).opponentName == "CPU \xC2\xB7 idle");
}

TEST_CASE("scene: no game, no table: the start screen's felt and a status bar in words", "[client][words]") {
    NoMatch match(RuleOptions{});
    TableLayout layout = computeLayout(1024, 720, {});
    TableMotion motion;
    TableInput input(layout, motion);
    const TableScene scene = sceneOf(match, input, motion, ClientOptions{}, 0);
    CHECK_FALSE(scene.hasTable);
    CHECK(scene.statusWord == "Start");
    CHECK(scene.statusDetail == "choose a game");
}

TEST_CASE("After a network game the hint says who has chosen Rematch", "[scene]") {
    CHECK(rematchHint({false, false}, "kenta") == "N: rematch");
    CHECK(rematchHint({false, true}, "kenta") == "kenta wants a rematch \xC2\xB7 N: rematch");
    CHECK(rematchHint({true, false}, "kenta") == "waiting for kenta to choose Rematch");
    CHECK(rematchHint({true, true}, "kenta") == "both chose Rematch: dealing");
}

TEST_CASE("scene: in Japanese the table names the bot and its level in Japanese, the statistics in English",
          "[client][words]") {
    const InJapanese japanese;
    const HardCpuGame game;
    const TableScene scene = game.scene();
    CHECK(scene.opponentName == "レン \xC2\xB7 むずかしい");
    CHECK(scene.localName == "あなた");
    CHECK(scene.statusWord == "対戦中");
    CHECK(scene.statusDetail == "レン（むずかしい）   \xC2\xB7   第1ゲーム");
    CHECK(scene.clockLabel == "時間");
    const ShownOpponent shown = opponentOf(game.match, game.options);
    CHECK(shown.name == "Ren"); // what the statistics keep
    CHECK(shown.level == "hard");

    LocalMatchSetup idle;
    idle.cpuMoves = false;
    const LocalMatch idleMatch(idle, 0);
    CHECK(sceneOf(idleMatch, game.input, game.motion, ClientOptions{}, 0).opponentName == "CPU \xC2\xB7 動かない");
    CHECK(opponentOf(idleMatch, ClientOptions{}).level == "idle");

    NoMatch none(RuleOptions{});
    const TableScene start = sceneOf(none, game.input, game.motion, ClientOptions{}, 0);
    CHECK(start.statusWord == "スタート");
    CHECK(start.statusDetail == "ゲームを選んでください");
}

TEST_CASE("scene: in Japanese the score and the rematch hint name the other player", "[client][words]") {
    const InJapanese japanese;
    std::vector<GameRecord> games(3);
    games[0].info = GameInfo::Win;
    games[1].info = GameInfo::Win;
    games[2].info = GameInfo::Defeat;
    CHECK(matchScore(games, "カイト") == "あなた 2 \xE2\x80\x93 1 カイト");
    CHECK(rematchHint({false, false}, "kenta") == "N：再戦");
    CHECK(rematchHint({false, true}, "kenta") == "kentaが再戦を希望しています \xC2\xB7 N：再戦");
    CHECK(rematchHint({true, false}, "kenta") == "kentaが再戦を選ぶのを待っています");
    CHECK(rematchHint({true, true}, "kenta").find("再戦") != std::string::npos);
}

TEST_CASE("scene: a game that waits for the player says why, and counts in before it goes on", "[client][words][pause]") {
    HardCpuGame game;
    REQUIRE(game.match.togglePause(10));
    const TableScene held = sceneOf(game.match, game.input, game.motion, game.options, 20,
                                    PauseShown{HoldReason::Help, HoldReason::Help, std::nullopt});
    CHECK(held.notice.headline == "WAITING FOR YOU");
    CHECK(held.notice.detail.find("Help is open") != std::string::npos);
    CHECK(held.statusDetail.find("paused while Help is open") != std::string::npos);
    CHECK(held.statusDetail.find("P: resume") == std::string::npos); // it is not the player's pause

    const TableScene counting = sceneOf(game.match, game.input, game.motion, game.options, 30,
                                        PauseShown{HoldReason::None, HoldReason::None, 2});
    CHECK(counting.notice.headline == "2");
    CHECK(counting.statusDetail.find("resuming in 2") != std::string::npos);

    const TableScene playerPaused = game.scene();
    CHECK(playerPaused.notice.headline.empty()); // the banner's own PAUSED, with P to resume
    CHECK(playerPaused.statusDetail.find("P: resume") != std::string::npos);
}

TEST_CASE("scene: the reasons to wait are said in Japanese too", "[client][words][pause]") {
    const InJapanese japanese;
    HardCpuGame game;
    REQUIRE(game.match.togglePause(10));
    const TableScene held = sceneOf(game.match, game.input, game.motion, game.options, 20,
                                    PauseShown{HoldReason::Background, HoldReason::Background, std::nullopt});
    CHECK(held.statusDetail.find("一時停止：ウィンドウが背面にあります") != std::string::npos);
}

namespace {

// A network game in play: what the status bar says beside what the network view says.
class PlayingNetworkMatch final : public MatchDriver, public QuietNetworkView {
public:
    std::vector<AppliedMove> tick(TimeMs) override { return {}; }
    MoveAnswer propose(const Move&, TimeMs) override { return {}; }
    bool startNextGame(TimeMs) override { return false; }
    bool togglePause(TimeMs) override { return false; }
    GameInfo info() const override { return GameInfo::Play; }
    const GameState& state() const override { return m_state; }
    int localSeat() const override { return 0; }
    int gameNumber() const override { return 1; }
    std::uint64_t gameSeed() const override { return 1; }
    std::uint64_t firstSeed() const override { return 1; }
    bool speedCalled() const override { return false; }
    TimeMs elapsedMs(TimeMs) const override { return 0; }
    TimeMs nextWakeAt(TimeMs) const override { return kNever; }
    const std::vector<GameRecord>& finishedGames() const override { return m_finished; }
    NetworkView* network() override { return this; }
    std::string statusDetail(TimeMs) const override { return "vs Kenta"; }
    bool matchEnded() const override { return false; }

private:
    GameState m_state;
    std::vector<GameRecord> m_finished;
};

} // namespace

TEST_CASE("scene: a network game does not wait for one side, and says so while a dialog is open", "[client][words][pause]") {
    const PlayingNetworkMatch match;
    TableLayout layout = computeLayout(1024, 720, {});
    TableMotion motion;
    TableInput input(layout, motion);
    const TableScene open = sceneOf(match, input, motion, ClientOptions{}, 0, PauseShown{HoldReason::Help, HoldReason::None, std::nullopt});
    CHECK(open.statusDetail.find("network game: play goes on while Help is open") != std::string::npos);
    CHECK(open.notice.headline.empty());
    const TableScene closed = sceneOf(match, input, motion, ClientOptions{}, 0);
    CHECK(closed.statusDetail == "vs Kenta");
}

TEST_CASE("scene: two players on one keyboard are Player 1 at the bottom and Player 2 at the top", "[client][words]") {
    LocalMatchSetup setup;
    setup.mode = LocalMode::TwoPlayers;
    const LocalMatch match(setup, 0);
    const TableLayout layout = computeLayout(1024, 720, {});
    TableMotion motion;
    const TableInput input(layout, motion);
    const TableScene scene = sceneOf(match, input, motion, ClientOptions{}, 0);
    CHECK(scene.twoPlayers);
    CHECK(scene.localName == "Player 1");
    CHECK(scene.opponentName == "Player 2");
    CHECK(scene.statusDetail.find("Player 1 vs Player 2") != std::string::npos);
    CHECK(hotseatScore({}).empty());
    const InJapanese japanese;
    const TableScene shown = sceneOf(match, input, motion, ClientOptions{}, 0);
    CHECK(shown.localName == "プレイヤー1");
    CHECK(shown.opponentName == "プレイヤー2");
}
