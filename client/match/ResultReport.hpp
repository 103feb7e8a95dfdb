#pragma once

#include "match/LocalMatch.hpp"

#include <ostream>
#include <string>
#include <vector>

namespace speed::client {

// The results printed when `speed` exits: one human line per finished game and, with --json,
// one JSON object last.
struct ResultSummary {
    int gamesAsked = 0; // --games N, 0 when unlimited
    std::uint64_t firstSeed = 0;
    std::string mode;   // "vs-cpu", "two-players" (wins: Player 1's)
    std::vector<GameRecord> games;
};

void printResults(const ResultSummary& summary, bool json, std::ostream& out);
std::string resultsJson(const ResultSummary& summary);

// Exit status: 0 when every asked game finished (or none was asked), 1 otherwise.
int resultsExitCode(const ResultSummary& summary);

} // namespace speed::client
