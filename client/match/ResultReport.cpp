#include "match/ResultReport.hpp"

#include "table/TableText.hpp"

#include <nlohmann/json.hpp>

namespace speed::client {

std::string resultsJson(const ResultSummary& summary) {
    int wins = 0;
    int draws = 0;
    int defeats = 0;
    nlohmann::json games = nlohmann::json::array();
    for (const GameRecord& game : summary.games) {
        wins += game.info == GameInfo::Win ? 1 : 0;
        draws += game.info == GameInfo::Draw ? 1 : 0;
        defeats += game.info == GameInfo::Defeat ? 1 : 0;
        games.push_back({{"game", game.number},
                         {"seed", game.seed},
                         {"result", std::string(gameInfoName(game.info))},
                         {"duration_ms", game.durationMs},
                         {"moves", game.moves},
                         {"flips", game.flips}});
    }
    const nlohmann::json object = {
        {"mode", summary.mode},     {"games", summary.gamesAsked}, {"finished", summary.games.size()},
        {"seed", summary.firstSeed}, {"wins", wins},               {"draws", draws},
        {"defeats", defeats},       {"results", games},
    };
    return object.dump();
}

void printResults(const ResultSummary& summary, bool json, std::ostream& out) {
    for (const GameRecord& game : summary.games) {
        out << "game " << game.number << " (seed " << game.seed << "): " << gameInfoName(game.info) << " in "
            << formatClock(game.durationMs) << ", " << game.moves << " moves, " << game.flips << " SPEED! flips\n";
    }
    if (json) out << resultsJson(summary) << '\n';
    out.flush();
}

int resultsExitCode(const ResultSummary& summary) {
    if (summary.gamesAsked <= 0) return 0;
    return static_cast<int>(summary.games.size()) >= summary.gamesAsked ? 0 : 1;
}

} // namespace speed::client
