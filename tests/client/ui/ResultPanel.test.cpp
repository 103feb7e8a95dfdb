#include "ui/ResultPanel.hpp"

#include "support/InJapanese.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using namespace speed::client;
using namespace speed::client::ui;

namespace {

ResultFacts facts(GameInfo info, BotLevel level, TimeMs durationMs, std::optional<store::CpuLevelRecord> before) {
    ResultFacts made;
    made.info = info;
    made.level = level;
    made.durationMs = durationMs;
    made.before = before;
    return made;
}

using B = ResultButton;

} // namespace

TEST_CASE("A first win says so and offers the next rung after Next game", "[result]") {
    const ResultModel model = resultModel(facts(GameInfo::Win, BotLevel::Novice, 83'000, store::CpuLevelRecord{}));
    CHECK(model.tone == ResultTone::Won);
    CHECK(model.headline == "You won!");
    CHECK(model.time == "in 1:23");
    CHECK(model.best == "Your first win against Hana!");
    CHECK(model.bestIsNews);
    CHECK(model.nextRung == BotLevel::Easy);
    CHECK(model.buttons == std::vector<B>{B::NextGame, B::NextRung, B::ChangeOpponent, B::Menu});
    CHECK(resultButtonLabel(B::NextRung, model) == "Next rung: Sora (easy)");
    CHECK(resultButtonLabel(B::NextGame, model) == "Next game (N)");
    CHECK(resultButtonName(B::NextGame) == "result.next_game");
    CHECK(resultButtonName(B::NextRung) == "result.next_rung");
}

TEST_CASE("A win against the same level is a new best only when faster than the best before", "[result]") {
    const store::CpuLevelRecord before{3, 70'000};
    const ResultModel faster = resultModel(facts(GameInfo::Win, BotLevel::Normal, 65'000, before));
    CHECK(faster.best == "A new best against Yui! (it was 1:10)");
    CHECK(faster.bestIsNews);
    const ResultModel slower = resultModel(facts(GameInfo::Win, BotLevel::Normal, 70'000, before)); // a tie is no news
    CHECK(slower.best == "Your best against Yui: 1:10");
    CHECK_FALSE(slower.bestIsNews);
    CHECK(slower.nextRung == BotLevel::Hard);
}

TEST_CASE("A loss is its own colour and words, with no next rung", "[result]") {
    const ResultModel lost = resultModel(facts(GameInfo::Defeat, BotLevel::Casual, 50'000, store::CpuLevelRecord{1, 90'000}));
    CHECK(lost.tone == ResultTone::Lost);
    CHECK(lost.headline == "You lost");
    CHECK(lost.best == "Your best against Kaito: 1:30");
    CHECK_FALSE(lost.bestIsNews);
    CHECK_FALSE(lost.nextRung);
    CHECK(lost.buttons == std::vector<B>{B::NextGame, B::ChangeOpponent, B::Menu});
    CHECK(resultModel(facts(GameInfo::Defeat, BotLevel::Casual, 1, store::CpuLevelRecord{})).best ==
          "No win against Kaito yet");
    const ResultModel drawn = resultModel(facts(GameInfo::Draw, BotLevel::Casual, 1, store::CpuLevelRecord{}));
    CHECK(drawn.tone == ResultTone::Drawn);
    CHECK(drawn.headline == "A draw");
    CHECK_FALSE(drawn.nextRung);
}

TEST_CASE("The top rung and the test bot have no next rung; unreadable statistics say no best", "[result]") {
    const ResultModel top = resultModel(facts(GameInfo::Win, BotLevel::Expert, 1'000, store::CpuLevelRecord{}));
    CHECK_FALSE(top.nextRung);
    CHECK(top.buttons == std::vector<B>{B::NextGame, B::ChangeOpponent, B::Menu});
    CHECK_FALSE(resultModel(facts(GameInfo::Win, BotLevel::Max, 1'000, store::CpuLevelRecord{})).nextRung);
    const ResultModel unknown = resultModel(facts(GameInfo::Win, BotLevel::Novice, 1'000, std::nullopt));
    CHECK(unknown.best.empty());
    CHECK_FALSE(unknown.bestIsNews);
    CHECK(unknown.nextRung == BotLevel::Easy); // the ladder does not need the statistics
}

TEST_CASE("The result panel speaks Japanese", "[result]") {
    test::InJapanese japanese;
    const ResultModel model = resultModel(facts(GameInfo::Win, BotLevel::Novice, 83'000, store::CpuLevelRecord{}));
    CHECK(model.headline == "勝ちました！");
    CHECK(model.best == "ハナに初めて勝ちました！");
    CHECK(resultButtonLabel(B::NextRung, model) == "次の相手：ソラ（かんたん）");
    CHECK(resultButtonLabel(B::Menu, model) == "メニュー");
}

TEST_CASE("The panel sits low on the felt, never over the banner's band", "[result]") {
    const Rect field{0, 20, 1000, 700};
    const Rect banner{0, 100, 1000, 80};
    const Rect room{0, 400, 1000, 200}; // between the piles and the player's name
    const Point low = resultPanelCorner(field, banner, room, 400, 150);
    CHECK(low.x == 300);
    CHECK(low.y >= room.top);
    CHECK(low.y + 150 <= room.bottom());
    CHECK(low.y + 150 > room.bottom() - 30); // as low as the room allows: over the player's hand
    const Point taller = resultPanelCorner(field, banner, room, 400, 250); // not in the room: as low as the felt allows
    CHECK(taller.y + 250 <= field.bottom());
    CHECK(taller.y + 250 > room.bottom());
    CHECK(taller.y >= banner.bottom());
    const Point tall = resultPanelCorner(field, banner, room, 1200, 650); // more than fits: below the banner still
    CHECK(tall.y >= banner.bottom());
    CHECK(tall.x == field.left);
}

TEST_CASE("A win against a CPU that never moved is practice: no best time, no next rung", "[result]") {
    ResultFacts practice = facts(GameInfo::Win, BotLevel::Novice, 20'000, store::CpuLevelRecord{});
    practice.ranked = false;
    const ResultModel model = resultModel(practice);
    CHECK(model.headline == "You won!");
    CHECK(model.best.empty());
    CHECK_FALSE(model.nextRung);
    CHECK(model.buttons == std::vector<B>{B::NextGame, B::ChangeOpponent, B::Menu});
}
