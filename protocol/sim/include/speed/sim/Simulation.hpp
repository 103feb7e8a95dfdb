#pragma once

#include "speed/common/Bot.hpp"
#include "speed/sim/FaultModel.hpp"
#include "speed/protocol/Auth.hpp"
#include "speed/protocol/SessionEvent.hpp"
#include "speed/protocol/SessionTypes.hpp"

#include <optional>

#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

// One bot-vs-bot game through the whole protocol: a host session and a client session wired
// through two FaultModels on virtual time, with capped pump loops. Deterministic per seed.
namespace speed::sim {

struct SimulationSetup {
    std::uint64_t seed = 1;              // deals the game, seeds both bots and both fault models
    std::array<BotLevel, kSeats> levels{BotLevel::Max, BotLevel::Max};
    RuleOptions rules;
    FaultSettings hostToClient;
    FaultSettings clientToHost;
    protocol::SessionTiming timing;
    std::optional<protocol::Key> passwordKey; // both sides', when the game is played with a password
    TimeMs gameTimeLimitMs = 3'600'000;  // virtual time after which the game is abandoned
    long long stepLimit = 2'000'000;     // pump-loop cap
    TimeMs blackoutFromMs = kNever;      // both directions lose everything in [from, until)
    TimeMs blackoutUntilMs = kNever;
    // When set, every session event (datagrams included) is passed here as one line of text.
    std::function<void(const std::string&)> trace;
};

// One seat's share of a game (seat 0 is the host's, 1 the client's).
struct SeatFigures {
    long long actions = 0;     // plays and refills its bot proposed
    long long cardsPlayed = 0; // its plays the host took and kept
    long long proposals = 0;   // moves its session took as proposals (a host's are decided at once)
    long long refusals = 0;    // of which refused
    long long racesWon = 0;    // contested races (Race) its play won
    long long racesLost = 0;   // ... and lost
    long long rollbacks = 0;   // its plays the host took back after taking them
};

struct SimulationReport {
    bool connected = false;
    bool finished = false;       // the game reached a result on both sides
    bool diverged = false;       // the client's final table is not the host's
    bool cleanShutdown = false;  // both sides reached NOTHING after the closing SHUTDOWN
    GameResult result = GameResult::Playing;
    int invariantViolations = 0; // conservation failures seen on either side, each time a step changed a table
    std::string firstViolation;
    std::optional<protocol::SessionStop> hostStop; // when a side gave up: why
    std::optional<protocol::SessionStop> clientStop;
    long long datagramsSent = 0;
    long long resends = 0;
    long long proposals = 0;
    long long rejections = 0;
    long long refusedTransitions = 0;
    std::vector<TimeMs> confirmMs; // every client proposal's time to OK, virtual ms
    // Races the client lost (its play refused NOT_ADJACENT): the true lead of the play that took
    // the pile, from the virtual clock (both sessions open at 0, so their clocks are virtual
    // time), and the lead the host reported (LEAD), in µs.
    struct LostRace {
        std::int64_t trueLeadUs = 0;
        std::int64_t reportedLeadUs = 0;
    };
    std::vector<LostRace> clientLostRaces;
    // Contested races, from the virtual clock alone: two seats' plays aimed at the same top of
    // one pile, one taken and the other refused NOT_ADJACENT (or taken back). `clientLaterUs` is
    // the client's play's true time less the host's: positive when the host was earlier.
    struct Race {
        std::int64_t clientLaterUs = 0;
        bool hostWon = false;
    };
    std::vector<Race> races;
    long long plays = 0;      // plays and refills both seats proposed
    long long rollbacks = 0;  // plays the host took back after taking them
    std::array<SeatFigures, kSeats> seats{};
    std::int64_t lagUs = 0;   // fair arbitration's local lag and tie window for this game
    std::int64_t tieUs = 0;
    TimeMs durationMs = 0;
    long long steps = 0;
};

SimulationReport simulateGame(const SimulationSetup& setup);

// A game that did not finish, and why each side stopped (neither: abandoned at the time limit).
struct StoppedGame {
    std::uint64_t seed = 0;
    std::optional<protocol::SessionStop> host;
    std::optional<protocol::SessionStop> client;
    TimeMs durationMs = 0; // virtual
};

struct SimulationTotals {
    int games = 0;
    int connected = 0;
    int finished = 0;
    int divergences = 0;
    int cleanShutdowns = 0;
    long long invariantViolations = 0;
    std::string firstViolation;
    std::array<int, kSeats> wins{};
    int draws = 0;
    long long datagramsSent = 0;
    long long resends = 0;
    long long proposals = 0;
    long long rejections = 0;
    long long refusedTransitions = 0;
    // Races the client lost: how many, how many of those it had made first (first arrival's
    // unfairness), the winner's true lead and the error of the host's reported lead, µs.
    long long clientLostRaces = 0;
    long long clientLostRacesMadeFirst = 0;
    std::int64_t trueLeadP50Us = 0;
    std::int64_t leadErrorP50Us = 0;
    std::int64_t leadErrorP99Us = 0;
    std::int64_t leadErrorMaxUs = 0;
    // Contested races (SimulationReport::Race): how many; the host's bias, the client-later time
    // at which the host wins half of them (a step fitted to who won, ms; positive: the host wins
    // even when it was that much later); the share of those further apart than the tie window
    // that the earlier play won.
    long long contestedRaces = 0;
    double hostBiasMs = 0;
    long long orderedRaces = 0; // further apart than the tie window
    double orderAccuracy = 1;
    long long plays = 0;
    long long rollbacks = 0;
    std::array<SeatFigures, kSeats> seats{}; // summed over the games
    std::int64_t lagP50Us = 0; // the local lag the games used
    std::int64_t lagMaxUs = 0;
    std::int64_t tieP50Us = 0;
    TimeMs confirmP50Ms = 0; // client proposal to OK, virtual ms
    TimeMs confirmP99Ms = 0;
    TimeMs confirmMaxMs = 0;
    long long confirmations = 0;
    TimeMs virtualMs = 0;
    std::vector<StoppedGame> stoppedGames; // the first games that did not finish (stopReasonLines)
};

// "game seed S: host: why", "game seed S: abandoned after T virtual ms": one line per side that
// stopped, one for a game abandoned at the time limit; English, for the terminal and --json.
std::vector<std::string> stopReasonLines(const std::vector<StoppedGame>& games);

// The setup of game i of a run: `first` with seed first.seed + i.
SimulationSetup gameSetup(const SimulationSetup& first, int game);

// The totals of a run, made game by game: add each game's report in the order of the games
// (the figures are the same whatever played them, one game after another or several at once).
class SimulationTally {
public:
    explicit SimulationTally(int games);
    void add(std::uint64_t seed, const SimulationReport& report);
    SimulationTotals finish() &&;

private:
    SimulationTotals m_totals;
    std::vector<TimeMs> m_confirmations;
    std::vector<std::int64_t> m_trueLeads;
    std::vector<std::int64_t> m_leadErrors;
    std::vector<SimulationReport::Race> m_races;
    std::vector<std::int64_t> m_lags;
    std::vector<std::int64_t> m_ties;
    long long m_earlierWon = 0;
};

// Game i is played with seed first.seed + i, one after another; `onGame`, when set, is given
// each game's seed and report as it ends (in seed order).
SimulationTotals simulateGames(const SimulationSetup& first, int games,
                               const std::function<void(std::uint64_t, const SimulationReport&)>& onGame = {});

// The host's bias over contested races: the client-later time (ms) where a step from "host
// loses" to "host wins", placed between two distinct times, misplaces the fewest races (the
// middle of the best stretch); the races' order does not matter.
double hostBiasMs(std::vector<SimulationReport::Race> races);

} // namespace speed::sim
