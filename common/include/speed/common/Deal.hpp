#pragma once

#include "speed/common/GameState.hpp"

#include <cstdint>
#include <vector>

namespace speed {

// Every card of a game in canonical order: S1..SD, H1..HD, C1..CD, D1..DD, then the jokers.
std::vector<Card> fullPack(const RuleOptions& rules);

// Deals a new game from `seed`: each seat gets its deck (27 cards with jokers, 26 without)
// and turns `handSize` cards face up into its hand. The field is empty, so the game opens
// with a "SPEED!" flip (needsFlip() is true). Shuffle: one seeded Fisher-Yates over the pack,
// seat 0 takes the first half. Colors: seat 0 gets every black card, seat 1 every red one,
// one joker each, each deck shuffled.
GameState deal(const RuleOptions& rules, std::uint64_t seed);

} // namespace speed
