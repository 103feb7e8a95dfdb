#pragma once

#include "speed/common/Move.hpp"
#include "speed/common/GameState.hpp"
#include "speed/common/Random.hpp"
#include "speed/common/Time.hpp"

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace speed {

// The CPU ladder, slowest first, then the test bot. Each human level is a person at the table
// with a name and a human reaction time; max answers in a few milliseconds and exists for tests
// and benchmarks only (no player menu offers it).
enum class BotLevel { Novice, Easy, Casual, Normal, Hard, Expert, Max };

// The level word, as setup.ini's [cpu] level and --level spell it: "novice" ... "expert", "max".
std::string_view toString(BotLevel level);
std::optional<BotLevel> parseBotLevel(std::string_view text);
// Every level parseBotLevel knows: the ladder, slowest first, then max.
const std::vector<BotLevel>& allBotLevels();
// The levels a player is offered (menus, start screen, Settings), slowest first: not max.
const std::vector<BotLevel>& ladderLevels();
bool isLadderLevel(BotLevel level);

// How a level plays. A human level draws each action's reaction time from a log-normal
// distribution shifted by the floor: right-skewed like measured human reaction times (most
// actions near the median, now and then a much slower one), never faster than the floor. The
// first action after a SPEED! flip is slower by afterFlipFactor: both tops are new and the
// player takes them in before looking at the hand again.
struct BotProfile {
    std::string_view word;      // the level word (toString)
    std::string_view name;      // the person the player sees across the table
    int rung = 0;               // 1 for the slowest ladder level; 0 for max
    TimeMs medianMs = 0;        // median reaction time per action
    double spread = 0;          // sigma of the log-normal part
    double afterFlipFactor = 1; // the median of the first action after a flip, as a multiple
};
const BotProfile& botProfile(BotLevel level);
// The opponent as the player reads it: "Yui (normal)"; "max (test bot)".
std::string botTitle(BotLevel level);

// No human level ever acts sooner than this after the table changed.
inline constexpr TimeMs kReactionFloorMs = 100;
// The test bot's reaction, uniform in this window.
inline constexpr TimeMs kMaxBotMinMs = 1;
inline constexpr TimeMs kMaxBotMaxMs = 5;

// One reaction time of `level`, drawn from `rng` alone: the normal deviate comes from SplitMix64
// by the polar method (no std:: distribution, whose numbers differ between standard libraries),
// so a seed gives the same game everywhere. The deviate is clipped at 4 sigma, so one pause is
// at most about five times the median.
TimeMs drawReactionMs(BotLevel level, SplitMix64& rng, bool afterFlip);

struct BotDecision {
    std::optional<Move> move; // play this now
    TimeMs wakeAt = kNever;   // otherwise ask again at this time (kNever: nothing to do)
};

// The CPU opponent: a policy over the visible table (its own hand and deck count, the field
// tops) plus a reaction time (drawReactionMs). Time is passed in; the only randomness is its
// seeded generator. It picks an action, "thinks" for its reaction time, then re-checks the
// target pile: if anything was played there meanwhile (even a card that looks like the old top,
// a joker on a joker) it thinks again instead of playing a stale move.
// A SPEED! flip drops whatever it was thinking about; its next action takes longer.
class Bot {
public:
    Bot(int seat, BotLevel level, std::uint64_t seed);

    BotDecision decide(const GameState& state, TimeMs now);
    int seat() const { return m_seat; }
    BotLevel level() const { return m_level; }

    // The action the policy prefers right now, if any (no timing involved).
    std::optional<Move> bestAction(const GameState& state) const;

private:
    struct Plan {
        Move move;
        TimeMs readyAt;
        CardStack pileSeen; // the whole target pile when the plan was made (empty: no pile)
    };

    // All that bestAction reads of a table: the same view gets the same answer, so the last one
    // is kept (a bot asks again and again while nothing changed, after a refusal or a wait).
    struct View {
        GameResult result = GameResult::Playing;
        int handSize = 0;
        std::array<std::optional<Card>, RuleOptions::kMaxHandSize> hand{};
        std::array<std::optional<Card>, kFieldPiles> tops{};
        bool deckEmpty = true;
        friend bool operator==(const View&, const View&) = default;
    };
    View viewOf(const GameState& state) const;
    std::optional<Move> searchBestAction(const GameState& state) const;

    TimeMs reactionTime(); // a fresh look (slower after a flip)
    TimeMs rethinkTime();  // a second look after the target pile changed
    CardStack targetPile(const GameState& state, const Move& move) const;

    int m_seat;
    BotLevel m_level;
    SplitMix64 m_rng;
    std::optional<Plan> m_plan;
    int m_flipsSeen = 0;     // GameState::flips when the bot last looked
    bool m_takingIn = false; // a flip came since the last plan: the next one is slower
    mutable std::optional<std::pair<View, std::optional<Move>>> m_lastBest; // bestAction's last view and answer
};

} // namespace speed
