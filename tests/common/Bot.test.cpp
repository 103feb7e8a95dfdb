#include "speed/common/Bot.hpp"
#include "speed/common/BotMatch.hpp"
#include "speed/common/Referee.hpp"

#include "TableBuilder.hpp"

#include <catch2/catch.hpp>

using namespace speed;
using speed::test::card;
using speed::test::Table;

TEST_CASE("1,000 bot-vs-bot games from different seeds all finish with every card conserved", "[bot][selfplay]") {
    const auto [rulesName, rules] = GENERATE(table<const char*, RuleOptions>({
        {"default", RuleOptions{}},
        {"no jokers, colors, auto refill", RuleOptions{0, DealMode::Colors, 4, RefillMode::Auto}},
        {"hand of 1", RuleOptions{2, DealMode::Shuffle, 1, RefillMode::Manual}},
        {"hand of 8", RuleOptions{2, DealMode::Shuffle, 8, RefillMode::Manual}},
    }));
    const int games = std::string(rulesName) == "default" ? 1000 : 250;
    int finished = 0;
    for (int game = 0; game < games; ++game) {
        BotMatchSetup setup;
        setup.rules = rules;
        setup.seed = 1000 + static_cast<std::uint64_t>(game);
        const BotMatchReport report = playBotMatch(setup);
        INFO(rulesName << " seed " << setup.seed << ": " << report.firstViolation);
        REQUIRE(report.invariantViolations == 0);
        finished += report.result != GameResult::Playing ? 1 : 0;
    }
    CHECK(finished == games);
}

TEST_CASE("the observer sees every applied move and the table after it", "[bot][selfplay]") {
    BotMatchSetup setup;
    setup.seed = 5;
    int observed = 0;
    GameResult last = GameResult::Playing;
    const BotMatchReport report = playBotMatch(setup, [&](const GameState& state, const Move&, TimeMs) {
        ++observed;
        last = state.result;
    });
    CHECK(observed == report.moves);
    CHECK(last == report.result);
}

TEST_CASE("a match is reproducible from its seed", "[bot][selfplay]") {
    BotMatchSetup setup;
    setup.seed = 77;
    setup.levels = {BotLevel::Normal, BotLevel::Hard};
    const BotMatchReport first = playBotMatch(setup);
    const BotMatchReport second = playBotMatch(setup);
    CHECK(first.result == second.result);
    CHECK(first.moves == second.moves);
    CHECK(first.durationMs == second.durationMs);
}

TEST_CASE("bot levels are reaction-time windows from about 1.5 s down to a few ms", "[bot]") {
    CHECK(botTiming(BotLevel::Easy).minMs <= 1500);
    CHECK(botTiming(BotLevel::Easy).maxMs >= 1500);
    CHECK(botTiming(BotLevel::Max).maxMs <= 10);
    CHECK(botTiming(BotLevel::Normal).minMs > botTiming(BotLevel::Hard).maxMs);
    CHECK(botTiming(BotLevel::Hard).minMs > botTiming(BotLevel::Max).maxMs);
    for (const char* name : {"easy", "normal", "hard", "max"}) CHECK(toString(*parseBotLevel(name)) == name);
    CHECK_FALSE(parseBotLevel("insane"));
}

TEST_CASE("the bot thinks for its reaction time, then plays", "[bot]") {
    const GameState state = Table().deck(1, "S9").hand(1, "H5 -- -- --").deck(0, "C9").hand(0, "C2 -- -- --")
                                .pile(0, "D4").pile(1, "SC").state();
    Bot bot(1, BotLevel::Easy, 3);
    const BotDecision thinking = bot.decide(state, 10'000);
    CHECK_FALSE(thinking.move);
    CHECK(thinking.wakeAt >= 10'000 + botTiming(BotLevel::Easy).minMs);
    CHECK(thinking.wakeAt <= 10'000 + botTiming(BotLevel::Easy).maxMs);
    CHECK_FALSE(bot.decide(state, thinking.wakeAt - 1).move);
    const BotDecision ready = bot.decide(state, thinking.wakeAt);
    REQUIRE(ready.move);
    CHECK(*ready.move == Move::play(1, 0, card("H5"), 0));
}

TEST_CASE("a pile that changed while the bot was thinking is re-checked before it plays there", "[bot]") {
    GameState state = Table().deck(1, "S9").hand(1, "H5 -- -- --").deck(0, "C9").hand(0, "D3 -- -- --")
                          .pile(0, "D4").pile(1, "SC").state();
    Bot bot(1, BotLevel::Hard, 9);
    const BotDecision thinking = bot.decide(state, 0);
    REQUIRE(thinking.wakeAt != kNever);
    // Meanwhile seat 0 plays D3 on the pile the bot was aiming at: H5 no longer fits.
    REQUIRE(applyMove(state, Move::play(0, 0, card("D3"), 0)) == MoveError::None);
    const BotDecision afterChange = bot.decide(state, thinking.wakeAt);
    CHECK_FALSE(afterChange.move);
    // It looks again (refill is all that is left) instead of playing a stale move.
    REQUIRE(afterChange.wakeAt != kNever);
    const BotDecision next = bot.decide(state, afterChange.wakeAt);
    REQUIRE(next.move);
    CHECK(next.move->kind == MoveKind::Refill);
}

TEST_CASE("the bot prefers a plain card to a joker and does nothing when it cannot act", "[bot]") {
    const GameState state = Table().deck(0, "S9").hand(0, "JJ H5 -- --").pile(0, "D4").pile(1, "SC").state();
    const Bot bot(0, BotLevel::Max, 1);
    REQUIRE(bot.bestAction(state));
    CHECK(bot.bestAction(state)->card == card("H5"));

    const GameState stuck = Table().hand(0, "H9 -- -- --").pile(0, "D4").pile(1, "S1").state();
    Bot idle(0, BotLevel::Max, 1);
    CHECK(idle.decide(stuck, 0).wakeAt == kNever);
}
