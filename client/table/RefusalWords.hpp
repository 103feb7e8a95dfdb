#pragma once

#include "speed/common/Match.hpp"

#include <string>

namespace speed::client {

// Why a move did not go, in a few words a player reads at a glance beside the card, in the
// window's language.
// `held`: not sent, the previous move is still on its way to the host.
std::string refusalWords(const PlayOutcome& outcome, bool held = false);

// The host refused a move the window had already shown: the table changed under it (the
// other player got there first) or the game stopped.
std::string hostRefusalWords(const PlayOutcome& outcome);

// A click or key that found no pile for the card: "no pile takes this card now".
std::string noPileWords();

} // namespace speed::client
