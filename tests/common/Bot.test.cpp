#include "speed/common/Bot.hpp"
#include "speed/common/BotMatch.hpp"
#include "speed/common/Referee.hpp"

#include "TableBuilder.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <numeric>
#include <set>
#include <vector>

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
    std::array<int, kSeats> actions{};
    int flips = 0;
    GameResult last = GameResult::Playing;
    const BotMatchReport report = playBotMatch(setup, [&](const GameState& state, const Move& move, TimeMs) {
        ++observed;
        if (move.kind == MoveKind::Flip) {
            ++flips;
            CHECK(state.flips == flips);
        } else {
            ++actions[static_cast<std::size_t>(move.seat)];
        }
        last = state.result;
    });
    CHECK(observed == report.moves);
    CHECK(flips == report.flips);
    CHECK(actions == report.actions);
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

namespace {

std::vector<TimeMs> draws(BotLevel level, bool afterFlip, int count, std::uint64_t seed = 7) {
    SplitMix64 rng(seed);
    std::vector<TimeMs> out;
    out.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) out.push_back(drawReactionMs(level, rng, afterFlip));
    return out;
}

TimeMs median(std::vector<TimeMs> values) {
    const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
    std::nth_element(values.begin(), middle, values.end());
    return *middle;
}

double mean(const std::vector<TimeMs>& values) {
    double sum = 0;
    for (TimeMs value : values) sum += static_cast<double>(value);
    return sum / static_cast<double>(values.size());
}

// Level A's share of the decided games against level B, A on seat 0 in even games.
double shareOfDecided(BotLevel a, BotLevel b, int games) {
    int winsA = 0;
    int winsB = 0;
    for (int game = 0; game < games; ++game) {
        BotMatchSetup setup;
        setup.seed = 500 + static_cast<std::uint64_t>(game);
        const bool aFirst = game % 2 == 0;
        setup.levels = aFirst ? std::array{a, b} : std::array{b, a};
        const GameResult result = playBotMatch(setup).result;
        if (result == GameResult::Seat0Wins) ++(aFirst ? winsA : winsB);
        if (result == GameResult::Seat1Wins) ++(aFirst ? winsB : winsA);
    }
    return winsA + winsB > 0 ? static_cast<double>(winsA) / (winsA + winsB) : 0.0;
}

} // namespace

TEST_CASE("the ladder has at least five named levels, each with its own word and name", "[bot][ladder]") {
    const auto& ladder = ladderLevels();
    REQUIRE(ladder.size() >= 5);
    std::set<std::string_view> names;
    std::set<std::string_view> words;
    int rung = 0;
    for (BotLevel level : ladder) {
        const BotProfile& profile = botProfile(level);
        INFO(toString(level));
        CHECK(isLadderLevel(level));
        CHECK_FALSE(profile.name.empty());
        CHECK(profile.name != profile.word);
        CHECK(profile.rung == ++rung);
        CHECK(botTitle(level) == std::string(profile.name) + " (" + std::string(profile.word) + ")");
        names.insert(profile.name);
        words.insert(profile.word);
    }
    CHECK(names.size() == ladder.size());
    CHECK(words.size() == ladder.size());
}

TEST_CASE("max is a test bot: never among the player's levels, still parsed", "[bot][ladder]") {
    const auto& ladder = ladderLevels();
    CHECK(std::find(ladder.begin(), ladder.end(), BotLevel::Max) == ladder.end());
    CHECK_FALSE(isLadderLevel(BotLevel::Max));
    CHECK(allBotLevels().size() == ladder.size() + 1);
    CHECK(allBotLevels().back() == BotLevel::Max);
    CHECK(parseBotLevel("max") == BotLevel::Max);
    CHECK(botTitle(BotLevel::Max) == "max (test bot)");
}

TEST_CASE("level words parse and print back; the first release's words still parse", "[bot][ladder]") {
    for (BotLevel level : allBotLevels()) CHECK(parseBotLevel(toString(level)) == level);
    // setup.ini files of the first release: easy, normal and hard are rungs of the ladder.
    CHECK(parseBotLevel("easy") == BotLevel::Easy);
    CHECK(parseBotLevel("normal") == BotLevel::Normal);
    CHECK(parseBotLevel("hard") == BotLevel::Hard);
    CHECK(botProfile(BotLevel::Easy).rung < botProfile(BotLevel::Normal).rung);
    CHECK(botProfile(BotLevel::Normal).rung < botProfile(BotLevel::Hard).rung);
    for (const char* bad : {"insane", "", "Hana", "Normal", " normal", "1"}) {
        INFO(bad);
        CHECK_FALSE(parseBotLevel(bad));
    }
}

TEST_CASE("no human level ever reacts under the 100 ms floor; max stays within its few ms", "[bot][ladder]") {
    for (BotLevel level : ladderLevels()) {
        for (bool afterFlip : {false, true}) {
            const auto times = draws(level, afterFlip, 200'000, 11 + static_cast<std::uint64_t>(level));
            INFO(toString(level) << (afterFlip ? " after a flip" : ""));
            CHECK(*std::min_element(times.begin(), times.end()) >= kReactionFloorMs);
            // Clipped at 4 sigma: a slow moment, never a stall.
            const BotProfile& profile = botProfile(level);
            const double median = static_cast<double>(profile.medianMs) * (afterFlip ? profile.afterFlipFactor : 1.0);
            const double longest = kReactionFloorMs + (median - kReactionFloorMs) * std::exp(4 * profile.spread);
            CHECK(static_cast<double>(*std::max_element(times.begin(), times.end())) <= longest + 1);
        }
    }
    const auto fast = draws(BotLevel::Max, true, 10'000);
    CHECK(*std::min_element(fast.begin(), fast.end()) >= kMaxBotMinMs);
    CHECK(*std::max_element(fast.begin(), fast.end()) <= kMaxBotMaxMs);
}

TEST_CASE("medians fall from about 1.8 s to about 0.45 s, right-skewed like human reaction times", "[bot][ladder]") {
    const auto& ladder = ladderLevels();
    TimeMs previous = kNever;
    for (BotLevel level : ladder) {
        const auto times = draws(level, false, 40'001);
        const TimeMs measured = median(times);
        const TimeMs wanted = botProfile(level).medianMs;
        INFO(toString(level) << ": median " << measured << " ms, profile " << wanted << " ms");
        CHECK(measured < previous);
        CHECK(std::abs(measured - wanted) <= wanted / 25); // the draw's median is the profile's
        CHECK(mean(times) > static_cast<double>(measured)); // a long right tail
        previous = measured;
    }
    const TimeMs slowest = median(draws(ladder.front(), false, 40'001));
    const TimeMs quickest = median(draws(ladder.back(), false, 40'001));
    CHECK(slowest >= 1600);
    CHECK(slowest <= 2000);
    CHECK(quickest >= 400);
    CHECK(quickest <= 500);
    // Easy keeps about 1.5 s per action, the CPU opponent's oldest pace.
    CHECK(std::abs(botProfile(BotLevel::Easy).medianMs - 1500) <= 200);
}

TEST_CASE("the first action after a SPEED! flip takes longer at every level", "[bot][ladder]") {
    for (BotLevel level : ladderLevels()) {
        const TimeMs usual = median(draws(level, false, 20'001));
        const TimeMs afterFlip = median(draws(level, true, 20'001));
        INFO(toString(level) << ": " << usual << " ms, after a flip " << afterFlip << " ms");
        CHECK(afterFlip > usual * 5 / 4);
    }
}

TEST_CASE("a bot that sees a flip waits longer before its next action", "[bot][ladder]") {
    GameState calm = Table().deck(1, "S9").hand(1, "H5 -- -- --").deck(0, "C9").hand(0, "C2 -- -- --")
                         .pile(0, "D4").pile(1, "SC").state();
    GameState flipped = calm;
    flipped.flips = 1; // the same table, but its tops came from a SPEED! flip since the bot last looked
    std::vector<TimeMs> calmWaits;
    std::vector<TimeMs> flipWaits;
    std::vector<TimeMs> nextWaits;
    for (std::uint64_t seed = 1; seed <= 2001; ++seed) {
        Bot calmBot(1, BotLevel::Normal, seed);
        calmWaits.push_back(calmBot.decide(calm, 0).wakeAt);
        Bot flipBot(1, BotLevel::Normal, seed);
        const TimeMs first = flipBot.decide(flipped, 0).wakeAt;
        flipWaits.push_back(first);
        REQUIRE(flipBot.decide(flipped, first).move);
        nextWaits.push_back(flipBot.decide(flipped, first).wakeAt - first);
    }
    CHECK(median(flipWaits) > median(calmWaits) * 5 / 4);
    // Only the first action after the flip is slower: the next one is a usual reaction again.
    CHECK(std::abs(median(nextWaits) - median(calmWaits)) <= median(calmWaits) / 10);
}

TEST_CASE("a flip while the bot thinks drops the plan it made for the old tops", "[bot][ladder]") {
    GameState state = Table().deck(1, "S9").hand(1, "H5 -- -- --").deck(0, "C9").hand(0, "C2 -- -- --")
                          .pile(0, "D4").pile(1, "SC").state();
    Bot bot(1, BotLevel::Hard, 5);
    const TimeMs readyAt = bot.decide(state, 0).wakeAt;
    REQUIRE(readyAt != kNever);
    state.flips = 1;
    const BotDecision after = bot.decide(state, readyAt);
    CHECK_FALSE(after.move); // not the move planned before the flip, at the moment it was due
    CHECK(after.wakeAt >= readyAt + kReactionFloorMs);
}

TEST_CASE("reaction times are the same numbers on every machine for a seed", "[bot][ladder]") {
    // SplitMix64 and the polar method only: the sum of the first 1,000 draws is pinned, so a
    // change of generator or method (or a standard library's distribution creeping in) shows.
    const auto times = draws(BotLevel::Normal, false, 1000, 42);
    CHECK(std::accumulate(times.begin(), times.end(), TimeMs{0}) == 826502);
    CHECK(draws(BotLevel::Normal, false, 1000, 42) == times);
}

TEST_CASE("each ladder level beats the one below it (400 games a pair; the bench plays 1,000)", "[bot][ladder]") {
    const auto& ladder = ladderLevels();
    for (std::size_t i = 1; i < ladder.size(); ++i) {
        const double share = shareOfDecided(ladder[i], ladder[i - 1], 400);
        INFO(toString(ladder[i]) << " vs " << toString(ladder[i - 1]) << ": " << share);
        CHECK(share >= 0.6);
    }
}

TEST_CASE("the bot thinks for its reaction time, then plays", "[bot]") {
    const GameState state = Table().deck(1, "S9").hand(1, "H5 -- -- --").deck(0, "C9").hand(0, "C2 -- -- --")
                                .pile(0, "D4").pile(1, "SC").state();
    Bot bot(1, BotLevel::Easy, 3);
    const BotDecision thinking = bot.decide(state, 10'000);
    CHECK_FALSE(thinking.move);
    CHECK(thinking.wakeAt >= 10'000 + kReactionFloorMs);
    CHECK(thinking.wakeAt <= 10'000 + 6 * botProfile(BotLevel::Easy).medianMs);
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

TEST_CASE("a joker played on a joker the bot aims at makes it look again, never under the floor", "[bot]") {
    // The bot aims H5 at pile 0, topped by a joker. Just before it is ready, seat 0 plays its own
    // joker there: the top looks the same, but the pile changed and the bot must take it in.
    GameState state = Table().deck(1, "S9").hand(1, "H5 -- -- --").deck(0, "C9").hand(0, "JJ -- -- --")
                          .pile(0, "D4 JJ").pile(1, "S1").state();
    for (BotLevel level : ladderLevels()) {
        INFO(toString(level));
        GameState table = state;
        Bot bot(1, level, 21);
        const BotDecision thinking = bot.decide(table, 0);
        REQUIRE_FALSE(thinking.move);
        REQUIRE(thinking.wakeAt != kNever);
        const TimeMs changedAt = thinking.wakeAt - 1;
        REQUIRE(applyMove(table, Move::play(0, 0, card("JJ"), 0)) == MoveError::None);
        REQUIRE(table.pile(0).top() == state.pile(0).top());
        CHECK_FALSE(bot.decide(table, changedAt).move);
        const BotDecision atOldPlan = bot.decide(table, thinking.wakeAt);
        CHECK_FALSE(atOldPlan.move);
        REQUIRE(atOldPlan.wakeAt != kNever);
        CHECK(atOldPlan.wakeAt >= changedAt + kReactionFloorMs);
        CHECK_FALSE(bot.decide(table, atOldPlan.wakeAt - 1).move);
        const BotDecision again = bot.decide(table, atOldPlan.wakeAt);
        REQUIRE(again.move);
        CHECK(*again.move == Move::play(1, 0, card("H5"), 0));
    }
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
