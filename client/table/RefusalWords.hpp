#pragma once

#include "speed/common/Match.hpp"

#include <cstdint>
#include <string>

namespace speed::client {

// Why a move did not go, in a few words a player reads at a glance beside the card, in the
// window's language.
// `held`: not sent, the previous move is still on its way to the host.
std::string refusalWords(const PlayOutcome& outcome, bool held = false);

// The host refused a move the window had already shown: the table changed under it (the
// other player got there first) or the game stopped.
std::string hostRefusalWords(const PlayOutcome& outcome);

// A lost race, beside the card: "Robo was 23 ms earlier" (`leadUs` > 0), or, when this
// player's move was made first but reached the host later, "Robo's card came first, though
// you were 5.2 ms earlier".
std::string raceWords(std::int64_t leadUs, const std::string& winner);

// A click or key that found no pile for the card: "no pile takes this card now".
std::string noPileWords();

} // namespace speed::client
