#pragma once

#include "speed/common/Match.hpp"
#include "speed/common/Move.hpp"

#include <cstdint>
#include <optional>
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

// A play fair arbitration took back after it was shown (either seat's): "your 7♦ went back: Ren's
// 8♣ came first by 12 ms" / "Ren's 7♦ went back: your 8♣ came first by 12 ms". `beater`: the card
// on its pile that came first (the other seat's: only a late play takes a play back), with its
// lead; without them it no longer fitted ("your 7♦ went back: it no longer fits"). A refill
// taken back: "your refill went back".
std::string takenBackWords(const Move& move, std::optional<Card> beater, std::optional<std::int64_t> leadUs,
                           int localSeat, const std::string& opponent);

// A click or key that found no pile for the card: "no pile takes this card now".
std::string noPileWords();

} // namespace speed::client
