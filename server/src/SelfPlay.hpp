#pragma once

#include "speed/common/Bot.hpp"
#include "speed/common/RuleOptions.hpp"

#include <cstdint>
#include <iosfwd>

namespace speed {

struct SelfPlayOptions {
    int games = 1000;
    std::uint64_t seed = 1;
    BotLevel level = BotLevel::Max;   // A
    BotLevel vsLevel = BotLevel::Max; // B, its opponent
    RuleOptions rules;
    bool json = false;
};

// `speed-server --selfplay`: N bot-vs-bot games in-process on virtual time, level A against
// level B, A on seat 0 in even games and on seat 1 in odd ones (so neither level has the seat's
// tie-breaks or pile more often). Prints a summary: wins per seat and per level, A's share of
// the decided games with its 95% interval, draws, the mean game time and each level's actions
// per minute (and, with json, one JSON object last) to `out`. Returns the process exit code.
int runSelfPlay(const SelfPlayOptions& options, std::ostream& out);

} // namespace speed
