#pragma once

#include "app/ClientOptions.hpp"
#include "app/TableInput.hpp"
#include "match/MatchDriver.hpp"
#include "render/TableRenderer.hpp"
#include "table/ReadingPause.hpp"
#include "table/TableMotion.hpp"

#include <span>

namespace speed::client {

// Whom the game being shown is against: over the network the other player's name; offline the
// CPU's name and level as the game was dealt (Settings may have changed them for the next one).
// `name` and `level` are the same in every language (the statistics keep them); the table shows
// `shownName` and `shownLevel`, in the window's language.
struct ShownOpponent {
    bool network = false;
    bool idle = false;      // the CPU never moves (--cpu-idle)
    std::string name;       // "Kaito", the other player's name, or "CPU" (the test bot, an idle CPU)
    std::string level;      // the level word ("normal", "idle"); empty over the network
    std::string shownName;  // "Kaito" / "カイト", the other player's name, or "CPU"
    std::string shownLevel; // "normal" / "ふつう", "max", "idle" / "動かない"; empty over the network
};
ShownOpponent opponentOf(const MatchDriver& match, const ClientOptions& options);

// The match so far from the local seat ("You 3 – 2 Kaito", "あなた 3 – 2 カイト"); empty before the
// first game ends.
std::string matchScore(std::span<const GameRecord> finished, const std::string& opponentName);

// The match so far between two players on one keyboard ("P1 3 – 2 P2"); empty before the first
// game ends. A won game is Player 1's.
std::string hotseatScore(std::span<const GameRecord> finished);

// How the next network game starts, as the players have chosen so far ("Kenta wants a rematch ·
// N: rematch").
std::string rematchHint(const NextGameAsks& asks, const std::string& opponentName);

// Whether the game waits for the player (ReadingPause), as the table says it.
struct PauseShown {
    HoldReason over = HoldReason::None;    // what is open over the table now
    HoldReason holding = HoldReason::None; // an offline game waits for it
    std::optional<int> countIn;            // 3, 2, 1 before play resumes
};

// Everything one frame shows, gathered from the match, the player's input and the motion.
TableScene sceneOf(const MatchDriver& match, const TableInput& input, const TableMotion& motion,
                   const ClientOptions& options, TimeMs now, const PauseShown& pause = {});

} // namespace speed::client
