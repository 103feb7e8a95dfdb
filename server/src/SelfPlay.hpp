#pragma once

#include "speed/common/Bot.hpp"
#include "speed/common/RuleOptions.hpp"

#include <cstdint>
#include <iosfwd>

namespace speed {

struct SelfPlayOptions {
    int games = 1000;
    std::uint64_t seed = 1;
    BotLevel level = BotLevel::Max;
    RuleOptions rules;
    bool json = false;
};

// `speed-server --selfplay`: N bot-vs-bot games in-process on virtual time. Prints a summary
// (and, with json, one JSON object last) to `out`. Returns the process exit code.
int runSelfPlay(const SelfPlayOptions& options, std::ostream& out);

} // namespace speed
